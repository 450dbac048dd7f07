import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { OcrDocument, OcrDocumentDetail } from '@chobo/core';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { openDatabase, runMigrations } from '../../db/client.js';
import {
  customers,
  journalEntries,
  ocrDocuments,
  transactionDocumentFiles,
  transactionDocuments,
} from '../../db/schema/index.js';
import { loadEnv } from '../../env.js';
import { makePng } from '../../lib/png.js';
import { createJobQueue } from '../../lib/queue.js';
import { MemoryFileStorage } from '../../lib/storage.js';
import {
  type Client,
  companyOwner,
  createCompany,
  createTestApp,
  createUser,
  signIn,
  type TestContext,
  useTestApp,
} from '../../test/harness.js';
import { multipartFiles, tinyPdf } from '../../test/multipart.js';
import { sqlRows } from '../accounting/sql-rows.js';
import type { OcrEngine, OcrPageResult } from './engine.js';
import { fixtureSpecs, renderFixture } from './ocr-fixtures.js';
import { type OcrServices, ocrExpireSeconds } from './ocr-job.js';
import { MupdfRasteriser } from './rasteriser.js';

const URL = '/api/ocr-documents';
const WAIT = { timeout: 60_000, interval: 100 };
const LONG = { timeout: 180_000 };

/** What the fake engine "reads": a 請求書 of 株式会社山田商店 (10% and 8%). */
const INVOICE_LINES = [
  '請求 書',
  '株式会社サンプル商事 御中 株 式 会 社 山田 商店',
  '登録 番号 T9234567890123',
  'TEL 03-1234-5678',
  '発行 日 令 和 6 年 4 月 1 日',
  '10% 対 象 \\5,000 消費 税 \\500',
  '8% 対 象 \\1,000 消費 税 \\80',
  '合計 \\6,580',
];

/** An engine that answers INVOICE_LINES, holding each page until `release()` when gated. */
class FakeEngine implements OcrEngine {
  gate: Promise<void> | null = null;
  private open: (() => void) | null = null;
  fail = false;
  calls = 0;
  hold() {
    this.gate = new Promise((r) => {
      this.open = r;
    });
  }
  release() {
    this.open?.();
    this.gate = null;
  }
  async recognize(_png: Buffer, page: number, onProgress?: (f: number) => void): Promise<OcrPageResult> {
    this.calls++;
    onProgress?.(0.5);
    if (this.gate) await this.gate;
    if (this.fail) throw new Error('engine broke');
    const lines = INVOICE_LINES.map((text, i) => ({
      text,
      confidence: i === 2 ? 0.62 : 0.95,
      box: { page, x: 10, y: 10 + i * 30, width: 300, height: 24 },
    }));
    return {
      text: INVOICE_LINES.join('\n'),
      confidence: 0.9,
      lines,
      words: lines.map((l) => ({ text: l.text, confidence: l.confidence, box: l.box })),
    };
  }
  async close() {}
}

const png = () => makePng(120, 80, (x, y) => (x > 20 && x < 100 && y > 30 && y < 50 ? [0, 0, 0] : [255, 255, 255]));

function upload(c: TestContext, token: string, files: { name: string; bytes: Buffer }[]) {
  const { body, headers } = multipartFiles(files);
  return c.app.inject({
    method: 'POST',
    url: URL,
    payload: body,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
}

async function waitForStatus(api: Client, id: number, status: number): Promise<OcrDocumentDetail> {
  let last: OcrDocumentDetail | undefined;
  await vi.waitFor(async () => {
    const res = await api.get(`${URL}/${id}`);
    expect(res.statusCode).toBe(200);
    last = res.json().data;
    expect(last?.status).toBe(status);
  }, WAIT);
  return last as OcrDocumentDetail;
}

describe('OCR documents (fake engine, real queue and rasteriser)', () => {
  let ctx: TestContext;
  const engine = new FakeEngine();
  const services: OcrServices = { engine, rasteriser: new MupdfRasteriser() };
  let owner: Awaited<ReturnType<typeof companyOwner>>;

  beforeAll(async () => {
    ctx = await createTestApp({ ocr: services });
    owner = await companyOwner(ctx);
  });
  afterAll(async () => {
    engine.release();
    await ctx.close();
  });

  it(
    'runs a job waiting → processing (progress) → done, corrects a field, confirms into a 発注取引 with its file and entry',
    LONG,
    async () => {
      engine.hold();
      const res = await upload(ctx, owner.token, [
        { name: '請求書.png', bytes: png() },
        { name: 'second.png', bytes: png() },
      ]);
      expect(res.statusCode).toBe(201);
      const created: OcrDocument[] = res.json().data;
      expect(created).toHaveLength(2);
      expect(created.map((d) => d.status)).toEqual([0, 0]);
      expect(created[0]).toMatchObject({
        file_name: '請求書.png',
        content_type: 'image/png',
        progress: 0,
        fields: null,
      });

      const id = created[0].id;
      // one job at a time: the first is 処理中 with progress while the engine holds it, the second still 待機中
      const running = await waitForStatus(owner.api, id, 1);
      await vi.waitFor(async () => {
        const d: OcrDocumentDetail = (await owner.api.get(`${URL}/${id}`)).json().data;
        expect(d.progress).toBeGreaterThan(15);
        expect(d.progress).toBeLessThan(100);
      }, WAIT);
      expect(running.fields).toBeNull();
      const list = (await owner.api.get(`${URL}?status=0`)).json();
      expect(list.data.map((d: OcrDocument) => d.id)).toEqual([created[1].id]);
      engine.release();

      const done = await waitForStatus(owner.api, id, 2);
      expect(done.progress).toBe(100);
      expect(done.pages).toHaveLength(1);
      expect(done.pages[0].image_url).toMatch(/^\/api\/files\//);
      const image = await ctx.app.inject({ method: 'GET', url: done.pages[0].image_url });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(done.words.length).toBeGreaterThan(0);
      expect(done.text).toContain('山田');
      expect(done.fields?.issuer_name.value).toBe('株式会社山田商店');
      expect(done.fields?.registration_number).toMatchObject({ value: 'T9234567890123', confidence: 0.62 });
      expect(done.fields?.registration_number.box).toEqual({ page: 1, x: 10, y: 70, width: 300, height: 24 });
      expect(done.fields?.transaction_date.value).toBe('2024-04-01');
      expect(done.fields?.total.value).toBe(6580);
      expect(done.fields?.taxes.value).toEqual([
        { tax_category: '10', base: 5000, tax: 500 },
        { tax_category: '8', base: 1000, tax: 80 },
      ]);
      expect(done.supplier_match).toBeNull();
      await waitForStatus(owner.api, created[1].id, 2);

      // a person corrects the date; a stale updated_at is 409; bad values are 422 and nothing is stored
      const stale = await owner.api.put(`${URL}/${id}`, {
        fields: { transaction_date: '2024-04-02' },
        updated_at: '2020-01-01T00:00:00.000Z',
      });
      expect(stale.statusCode).toBe(409);
      const bad = await owner.api.put(`${URL}/${id}`, {
        fields: { transaction_date: '2024-02-30', registration_number: 'T1234567890124', total: -1 },
        updated_at: done.updated_at,
      });
      expect(bad.statusCode).toBe(422);
      expect(Object.keys(bad.json().errors)).toEqual(
        expect.arrayContaining(['fields.transaction_date', 'fields.registration_number', 'fields.total']),
      );
      const put = await owner.api.put(`${URL}/${id}`, {
        fields: { transaction_date: '2024-04-02' },
        updated_at: done.updated_at,
      });
      expect(put.statusCode).toBe(200);
      const corrected: OcrDocument = put.json().data;
      expect(corrected.fields?.transaction_date).toMatchObject({ value: '2024-04-02', confidence: 1, corrected: true });

      // no supplier matched and none given → 422
      const noSupplier = await owner.api.post(`${URL}/${id}/confirm`, { updated_at: corrected.updated_at });
      expect(noSupplier.statusCode).toBe(422);
      expect(noSupplier.json().errors.customer_id).toBeDefined();

      // an existing supplier with the same 登録番号 is matched
      const [supplier] = await ctx.db
        .insert(customers)
        .values({ company_id: owner.company.id, name: '山田商店', used_for: 2, registration_number: 'T9234567890123' })
        .returning();
      const matched: OcrDocumentDetail = (await owner.api.get(`${URL}/${id}`)).json().data;
      expect(matched.supplier_match).toEqual({
        customer_id: supplier.id,
        customer_name: '山田商店',
        matched_by: 'registration_number',
      });

      // confirm, like every update, needs the updated_at the person saw: stale → 409, missing → 422; nothing stored
      const staleConfirm = await owner.api.post(`${URL}/${id}/confirm`, { updated_at: done.updated_at });
      expect(staleConfirm.statusCode).toBe(409);
      const missing = await owner.api.post(`${URL}/${id}/confirm`, {});
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors.updated_at).toBeDefined();
      expect((await owner.api.get(`${URL}/${id}`)).json().data.status).toBe(2);

      const confirmed = await owner.api.post(`${URL}/${id}/confirm`, { updated_at: corrected.updated_at });
      expect(confirmed.statusCode).toBe(200);
      const registered: OcrDocument = confirmed.json().data;
      expect(registered.status).toBe(4);
      const tdId = registered.transaction_document_id as number;
      const td = (await owner.api.get(`/api/transaction-documents/${tdId}`)).json().data;
      expect(td).toMatchObject({
        customer_id: supplier.id,
        document_type: 4,
        transaction_date: '2024-04-02',
        amount: 6580,
        registration_number: 'T9234567890123',
      });
      expect(td.files).toHaveLength(1);
      expect(td.files[0]).toMatchObject({ version: 1, file_name: '請求書.png', sha256: created[0].sha256 });
      expect(td.journal_entry_id).toEqual(expect.any(Number));
      const [entry] = await ctx.db.select().from(journalEntries).where(eq(journalEntries.id, td.journal_entry_id));
      expect(entry).toMatchObject({ source_type: 'transaction_document', source_id: tdId });

      // registered: neither corrected nor confirmed again
      const again = await owner.api.post(`${URL}/${id}/confirm`, { updated_at: registered.updated_at });
      expect(again.statusCode).toBe(422);
      const edit = await owner.api.put(`${URL}/${id}`, { fields: { total: 1 }, updated_at: registered.updated_at });
      expect(edit.statusCode).toBe(422);
    },
  );

  it('confirms with a new supplier created from the fields, and refuses totals that do not add up', LONG, async () => {
    const res = await upload(ctx, owner.token, [{ name: 'b.png', bytes: png() }]);
    const id = res.json().data[0].id;
    const done = await waitForStatus(owner.api, id, 2);
    const wrong = await owner.api.put(`${URL}/${id}`, { fields: { total: 7000 }, updated_at: done.updated_at });
    const mismatch = await owner.api.post(`${URL}/${id}/confirm`, {
      new_customer: { name: '株式会社山田商店' },
      updated_at: wrong.json().data.updated_at,
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.total).toBeDefined();
    // nothing was stored: the supplier of the refused confirm does not exist
    expect(await ctx.db.select().from(customers).where(eq(customers.name, '株式会社山田商店'))).toHaveLength(0);

    const fixed = await owner.api.put(`${URL}/${id}`, {
      fields: { total: 6580 },
      updated_at: wrong.json().data.updated_at,
    });
    const ok = await owner.api.post(`${URL}/${id}/confirm`, {
      new_customer: { name: '株式会社山田商店', registration_number: 'T9234567890123', tel: '03-1234-5678' },
      payment_method: 2,
      updated_at: fixed.json().data.updated_at,
    });
    expect(ok.statusCode).toBe(200);
    const [c] = await ctx.db.select().from(customers).where(eq(customers.name, '株式会社山田商店'));
    expect(c).toMatchObject({ used_for: 2, registration_number: 'T9234567890123', tel: '03-1234-5678' });
  });

  it(
    '確定 of a document already registered answers 409 with it; confirm_duplicate registers it (issue 33)',
    LONG,
    async () => {
      // the first test registered this 請求書 (T9234567890123, 2024-04-02, 6,580円); the same paper read again
      const res = await upload(ctx, owner.token, [{ name: 'again.png', bytes: png() }]);
      const id = res.json().data[0].id;
      const done = await waitForStatus(owner.api, id, 2);
      const put = await owner.api.put(`${URL}/${id}`, {
        fields: { transaction_date: '2024-04-02' },
        updated_at: done.updated_at,
      });
      const updatedAt = put.json().data.updated_at;
      const [registered] = await ctx.db
        .select({ id: transactionDocuments.id })
        .from(transactionDocuments)
        .where(
          and(
            eq(transactionDocuments.company_id, owner.company.id),
            eq(transactionDocuments.transaction_date, '2024-04-02'),
          ),
        );
      const countDocs = async () =>
        (
          await ctx.db
            .select({ id: transactionDocuments.id })
            .from(transactionDocuments)
            .where(eq(transactionDocuments.company_id, owner.company.id))
        ).length;
      const before = await countDocs();

      const dup = await owner.api.post(`${URL}/${id}/confirm`, {
        new_customer: { name: '株式会社山田商店（二重）' },
        updated_at: updatedAt,
      });
      expect(dup.statusCode).toBe(409);
      expect(dup.json()).toEqual({
        message: expect.stringContaining('同じ書類が既に登録されています'),
        duplicate_of: registered.id,
      });
      // nothing stored: no document, no supplier, the OCR document still 読取完了
      expect(await countDocs()).toBe(before);
      expect(await ctx.db.select().from(customers).where(eq(customers.name, '株式会社山田商店（二重）'))).toHaveLength(
        0,
      );
      expect((await owner.api.get(`${URL}/${id}`)).json().data.status).toBe(2);

      // the account and the payment method chosen on the confirm screen are what it posts (issue 33)
      const accounts = (await owner.api.get('/api/company/accounts')).json().data as { id: number; code: string }[];
      const supplies = accounts.find((a) => a.code === '6220')?.id;
      const ok = await owner.api.post(`${URL}/${id}/confirm`, {
        new_customer: { name: '株式会社山田商店（二重）' },
        confirm_duplicate: true,
        account_id: supplies,
        payment_method: 2,
        updated_at: updatedAt,
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().data.status).toBe(4);
      expect(await countDocs()).toBe(before + 1);
      const tdId = ok.json().data.transaction_document_id;
      const td = (await owner.api.get(`/api/transaction-documents/${tdId}`)).json().data;
      expect(td).toMatchObject({ account_id: supplies, payment_method: 2 });
    },
  );

  it('ends 失敗 after the retries when the file cannot be read, and retry runs it again', LONG, async () => {
    const res = await upload(ctx, owner.token, [{ name: 'empty.pdf', bytes: tinyPdf() }]);
    expect(res.statusCode).toBe(201);
    const id = res.json().data[0].id;
    const failed = await waitForStatus(owner.api, id, 3);
    expect(failed.error).toEqual(expect.any(String));
    expect(failed.error).not.toMatch(/Error|at /);

    const notFailed = (await owner.api.get(URL)).json().data.find((d: OcrDocument) => d.status === 4);
    expect((await owner.api.post(`${URL}/${notFailed.id}/retry`)).statusCode).toBe(422);

    const retried = await owner.api.post(`${URL}/${id}/retry`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().data).toMatchObject({ status: 0, error: null, progress: 0 });
    await waitForStatus(owner.api, id, 3);
  });

  it(
    'each job expires after a time sized to its document, so a job whose worker died is retried soon',
    LONG,
    async () => {
      expect(ocrExpireSeconds({ content_type: 'image/png', size: 3_000_000 })).toBe(45);
      expect(ocrExpireSeconds({ content_type: 'application/pdf', size: 40_000 })).toBe(45);
      expect(ocrExpireSeconds({ content_type: 'application/pdf', size: 120_000 })).toBe(75);
      expect(ocrExpireSeconds({ content_type: 'application/pdf', size: 10 * 1024 * 1024 })).toBe(45 + 15 * 19);
      const res = await upload(ctx, owner.token, [{ name: 'expiry.png', bytes: png() }]);
      const [doc] = res.json().data as OcrDocument[];
      await waitForStatus(owner.api, doc.id, 2);
      const [row] = await ctx.db.select().from(ocrDocuments).where(eq(ocrDocuments.id, doc.id));
      const [job] = await sqlRows<{ expire: number }>(
        ctx.db,
        sql`select extract(epoch from expire_in)::int as expire from pgboss.job where id = ${row.job_id}::uuid
          union all select extract(epoch from expire_in)::int from pgboss.archive where id = ${row.job_id}::uuid`,
      );
      expect(job.expire).toBe(45);
    },
  );

  it('refuses files that are not PNG/JPEG/PDF by content, and an empty upload', async () => {
    const text = await upload(ctx, owner.token, [{ name: 'fake.png', bytes: Buffer.from('<html>hello</html>') }]);
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toMatch(/PNG・JPEG・PDF/);
    const broken = await upload(ctx, owner.token, [
      { name: 'broken.png', bytes: Buffer.concat([png().subarray(0, 40), Buffer.from('<html>')]) },
    ]);
    expect(broken.statusCode).toBe(422);
    const bad = await owner.api.get(`${URL}?status=7&sort_by=text`);
    expect(bad.statusCode).toBe(422);
  });

  it("answers 404 for another company's document on every call", LONG, async () => {
    const other = await createCompany(ctx.db);
    const user = await createUser(ctx.db, { role: 'company', companyId: other.id });
    const token = await signIn(ctx.app, user.email);
    const res = await upload(ctx, token, [{ name: 'x.png', bytes: png() }]);
    const id = res.json().data[0].id;
    await waitForStatus(client(token), id, 2);
    const stamp = { updated_at: new Date().toISOString() };
    expect((await owner.api.get(`${URL}/${id}`)).statusCode).toBe(404);
    expect((await owner.api.put(`${URL}/${id}`, { fields: { total: 1 }, ...stamp })).statusCode).toBe(404);
    expect((await owner.api.post(`${URL}/${id}/confirm`, stamp)).statusCode).toBe(404);
    expect((await owner.api.post(`${URL}/${id}/retry`)).statusCode).toBe(404);
    const mine = (await owner.api.get(URL)).json().data.map((d: OcrDocument) => d.id);
    expect(mine).not.toContain(id);
  });

  function client(token: string): Client {
    return {
      get: (url: string) => ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } }),
    } as Client;
  }
});

describe('OCR jobs survive a restart (embedded database folder)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'chobo-ocr-'));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('a document uploaded while no worker runs is read after the server starts again', LONG, async () => {
    const env = loadEnv({ NODE_ENV: 'test', APP_URL: 'http://chobo.test' });
    const storage = new MemoryFileStorage();
    const start = async (workers: number) => {
      const database = await openDatabase({ dataDir: dir });
      await runMigrations(database);
      const queue = createJobQueue(database, { pollingIntervalSeconds: 0.5, onError: () => {} });
      const app = await buildApp({
        env,
        db: database.db,
        driver: database.driver,
        queue,
        storage,
        rateLimits: false,
        ocr: { engine: new FakeEngine(), rasteriser: new MupdfRasteriser(), workers },
      });
      await queue.start();
      return { app, database };
    };

    let s = await start(0);
    const company = await createCompany(s.database.db);
    const user = await createUser(s.database.db, { role: 'company', companyId: company.id });
    let token = await signIn(s.app, user.email);
    const { body, headers } = multipartFiles([{ name: 'r.png', bytes: png() }]);
    const res = await s.app.inject({
      method: 'POST',
      url: URL,
      payload: body,
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().data[0].id;
    await s.app.close();
    await s.database.close();

    s = await start(1);
    try {
      token = await signIn(s.app, user.email);
      await vi.waitFor(async () => {
        const [row] = await s.database.db.select().from(ocrDocuments).where(eq(ocrDocuments.id, id));
        expect(row.status).toBe(2);
      }, WAIT);
    } finally {
      await s.app.close();
      await s.database.close();
    }
  });
});

describe('one real OCR run (tesseract.js + mupdf, local language data)', () => {
  const ctx = useTestApp();

  it('reads a generated receipt image', { timeout: 240_000 }, async () => {
    const spec = { ...fixtureSpecs(2)[1], rotation: 0, noise: 0 };
    const fixture = await renderFixture(spec);
    const owner = await companyOwner(ctx);
    const res = await upload(ctx, owner.token, [{ name: 'receipt.png', bytes: fixture.bytes }]);
    expect(res.statusCode).toBe(201);
    const id = res.json().data[0].id;
    let done: OcrDocumentDetail | undefined;
    await vi.waitFor(
      async () => {
        done = (await owner.api.get(`${URL}/${id}`)).json().data;
        expect(done?.status).toBe(2);
      },
      { timeout: 200_000, interval: 250 },
    );
    expect(done?.fields?.total.value).toBe(spec.truth.total);
    expect(done?.fields?.registration_number.value).toBe(spec.truth.registration_number);
    expect(done?.fields?.document_type.value).toBe(5);
    expect(done?.text).toMatch(/合\s*計/);
    const [file] = await ctx.db.select().from(transactionDocumentFiles).limit(1);
    expect(file).toBeUndefined();
  });
});
