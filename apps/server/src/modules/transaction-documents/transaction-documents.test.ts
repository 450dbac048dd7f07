import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLogs,
  transactionDocumentFiles,
  transactionDocumentHistory,
  transactionDocuments,
} from '../../db/schema/index.js';
import { fileLinkSecret, fileLinkToken } from '../../lib/file-links.js';
import { makePng } from '../../lib/png.js';
import type { MemoryFileStorage } from '../../lib/storage.js';
import { newCustomer } from '../../test/factories.js';
import {
  type Client,
  client,
  companyOwner,
  createTestApp,
  createUser,
  signedInAdmin,
  signIn,
  type TestContext,
} from '../../test/harness.js';
import { multipartFiles, tinyPdf } from '../../test/multipart.js';

const URL = '/api/transaction-documents';
let ctx: TestContext;
let storage: MemoryFileStorage;

beforeAll(async () => {
  ctx = await createTestApp();
  storage = ctx.app.deps.storage as MemoryFileStorage;
});
afterAll(async () => {
  await ctx?.close();
});

export async function supplierOf(api: Client, overrides: Record<string, unknown> = {}): Promise<number> {
  const res = await api.post('/api/company/customer', {
    name: '株式会社仕入先商事',
    name_kana: 'シイレサキショウジ',
    honorific: '御中',
    used_for: 2,
    ...overrides,
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.id;
}

const docBody = (customerId: number, extra: Record<string, unknown> = {}) => ({
  customer_id: customerId,
  document_type: 4,
  transaction_date: '2026-05-10',
  amount: 11_000,
  taxes: [{ tax_category: '10', base: 10_000, tax: 1_000 }],
  registration_number: 'T7000012050002',
  payment_method: 1,
  due_date: '2026-06-30',
  status: 0,
  memo: '5月分 仕入',
  // these tests register the same document again and again (the duplicate check: transaction-document-duplicates.test.ts)
  confirm_duplicate: true,
  ...extra,
});

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

function upload(token: string, id: number, files: { name: string; bytes: Buffer }[]) {
  const { body, headers } = multipartFiles(files);
  return ctx.app.inject({
    method: 'POST',
    url: `${URL}/${id}/files`,
    payload: body,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
}

const png = () => makePng(8, 8, (x, y) => [x * 30, y * 30, 128]);

async function rowsOf(documentId: number) {
  const files = await ctx.db
    .select()
    .from(transactionDocumentFiles)
    .where(eq(transactionDocumentFiles.document_id, documentId));
  const history = await ctx.db
    .select()
    .from(transactionDocumentHistory)
    .where(eq(transactionDocumentHistory.document_id, documentId));
  return { files, history };
}

describe('発注取引: records, files and history', () => {
  let o: Awaited<ReturnType<typeof companyOwner>>;
  let supplierId: number;
  beforeAll(async () => {
    o = await companyOwner(ctx);
    supplierId = await supplierOf(o.api);
  });

  it('creates, reads and updates a document with history and audit rows; 409 on a stale updated_at', async () => {
    const created = await o.api.post(URL, docBody(supplierId));
    expect(created.statusCode).toBe(201);
    const d = created.json().data;
    expect(d).toMatchObject({
      customer_name: '株式会社仕入先商事',
      document_type: 4,
      amount: 11_000,
      is_qualified: true,
      status: 0,
      files: [],
      retention_until: '2034-03-31',
    });
    const updated = await o.api.put(`${URL}/${d.id}`, {
      ...docBody(supplierId, { memo: '訂正' }),
      updated_at: d.updated_at,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data.memo).toBe('訂正');
    const stale = await o.api.put(`${URL}/${d.id}`, {
      ...docBody(supplierId, { memo: '古い' }),
      updated_at: d.updated_at,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toContain('ほかのユーザーがこの発注取引を更新しました');
    expect((await o.api.get(`${URL}/${d.id}`)).json().data.memo).toBe('訂正');

    const history = (await o.api.get(`${URL}/${d.id}/history`)).json().data;
    expect(history.map((h: { action: string }) => h.action)).toEqual(['updated', 'created']);
    expect(history[0].before.memo).toBe('5月分 仕入');
    expect(history[0].after.memo).toBe('訂正');
    expect(history[0].actor_name).toBe('テスト ユーザー');
    const audits = await ctx.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.company_id, o.company.id), eq(auditLogs.target_type, 'transaction_document')));
    expect(audits.map((a) => a.action).sort()).toEqual(['transaction_document.create', 'transaction_document.update']);
  });

  it('a new upload is a new version: both kept, hashes stored, both open through signed links without a token', async () => {
    const d = (await o.api.post(URL, docBody(supplierId))).json().data;
    const first = tinyPdf('first');
    const second = png();
    const r1 = await upload(o.token, d.id, [{ name: '請求書 2026-05.pdf', bytes: first }]);
    expect(r1.statusCode).toBe(201);
    expect(r1.json().data).toMatchObject({
      version: 1,
      file_name: '請求書 2026-05.pdf',
      size: first.length,
      sha256: sha(first),
    });
    const r2 = await upload(o.token, d.id, [{ name: 'scan.png', bytes: second }]);
    expect(r2.statusCode).toBe(201);
    expect(r2.json().data).toMatchObject({ version: 2, sha256: sha(second) });

    const detail = (await o.api.get(`${URL}/${d.id}`)).json().data;
    expect(detail.files.map((f: { version: number }) => f.version)).toEqual([2, 1]);
    const listed = (await o.api.get(`${URL}?keyword=${encodeURIComponent('scan.png')}`)).json().data;
    expect(listed.map((x: { id: number }) => x.id)).toEqual([d.id]);
    expect(listed[0].files.map((f: { version: number }) => f.version)).toEqual([2]);

    for (const [fileId, bytes, type] of [
      [r1.json().data.id, first, 'application/pdf'],
      [r2.json().data.id, second, 'image/png'],
    ] as const) {
      const link = await o.api.get(`${URL}/${d.id}/files/${fileId}/link`);
      expect(link.statusCode).toBe(200);
      const url: string = link.json().data.url;
      expect(url).toMatch(/^\/api\/files\//);
      const file = await ctx.app.inject({ method: 'GET', url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe(type);
      expect(file.headers['cache-control']).toBe('private, no-store');
      expect(sha(file.rawPayload)).toBe(sha(bytes));
      if (type === 'application/pdf') {
        expect(file.headers['content-disposition']).toBe(
          `inline; filename="___ 2026-05.pdf"; filename*=UTF-8''${encodeURIComponent('請求書 2026-05.pdf')}`,
        );
      }
    }
    const { history } = await rowsOf(d.id);
    expect(history.filter((h) => h.action === 'file_added')).toHaveLength(2);
  });

  it('several files in one request: an array of versions', async () => {
    const d = (await o.api.post(URL, docBody(supplierId))).json().data;
    const res = await upload(o.token, d.id, [
      { name: 'a.pdf', bytes: tinyPdf('a') },
      { name: 'b.png', bytes: png() },
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.map((f: { version: number }) => f.version)).toEqual([1, 2]);
  });

  it('concurrent uploads to one document get distinct versions, none overwritten', async () => {
    const d = (await o.api.post(URL, docBody(supplierId))).json().data;
    const results = await Promise.all(
      [1, 2, 3, 4].map((k) => upload(o.token, d.id, [{ name: `c${k}.pdf`, bytes: tinyPdf(`c${k}`) }])),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    expect(results.map((r) => r.json().data.version).sort()).toEqual([1, 2, 3, 4]);
    const { files } = await rowsOf(d.id);
    expect(new Set(files.map((f) => f.storage_key)).size).toBe(4);
  });

  it('refuses a wrong magic byte, a PNG header followed by HTML, a truncated PDF and an 11 MB file: nothing stored', async () => {
    const d = (await o.api.post(URL, docBody(supplierId))).json().data;
    const before = storage.size;
    const html = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('<html><script>alert(1)</script></html>'),
    ]);
    const big = Buffer.concat([
      Buffer.from('%PDF-1.4\n'),
      Buffer.alloc(11 * 1024 * 1024, 0x20),
      Buffer.from('\n%%EOF\n'),
    ]);
    const cases: [string, Buffer, number][] = [
      ['fake.pdf', Buffer.from('GIF89a not a pdf'), 415],
      ['evil.png', html, 422],
      ['cut.pdf', Buffer.from('%PDF-1.4\n1 0 obj <<'), 422],
      ['big.pdf', big, 413],
    ];
    for (const [name, bytes, status] of cases) {
      const res = await upload(o.token, d.id, [{ name, bytes }]);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
      expect(res.json().message).toMatch(/[ぁ-んァ-ン一-龥]/);
    }
    // two files where the second is bad: neither is kept
    const mixed = await upload(o.token, d.id, [
      { name: 'good.pdf', bytes: tinyPdf('good') },
      { name: 'bad.png', bytes: html },
    ]);
    expect(mixed.statusCode).toBe(422);
    expect(mixed.json().message).toContain('bad.png');
    const { files, history } = await rowsOf(d.id);
    expect(files).toHaveLength(0);
    expect(history.filter((h) => h.action === 'file_added')).toHaveLength(0);
    expect(storage.size).toBe(before);
  });

  it('refuses bad input with Japanese 422 and stores nothing', async () => {
    const customer = (await newCustomer(o.api, { name: '売上先株式会社', honorific: '御中', used_for: 1 })).id;
    const before = (await o.api.get(`${URL}?per_page=1`)).json().meta.total;
    const accounts: { id: number; code: string }[] = (await o.api.get('/api/company/accounts')).json().data;
    const cash = accounts.find((a) => a.code === '1110')?.id;
    const bad: [Record<string, unknown>, string][] = [
      [docBody(customer), 'customer_id'],
      [docBody(999_999), 'customer_id'],
      [docBody(supplierId, { registration_number: 'T7000012050003' }), 'registration_number'],
      [docBody(supplierId, { amount: 12_000 }), 'amount'],
      [docBody(supplierId, { document_type: 7 }), 'document_type'],
      [docBody(supplierId, { transaction_date: '2026-02-30' }), 'transaction_date'],
      [docBody(supplierId, { due_date: '2026-05-01' }), 'due_date'],
      [docBody(supplierId, { account_id: cash }), 'account_id'],
      [docBody(supplierId, { amount: -1, taxes: [] }), 'amount'],
    ];
    for (const [body, field] of bad) {
      const res = await o.api.post(URL, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors ?? {}).join(','), res.body).toContain(field);
    }
    expect((await o.api.get(`${URL}?per_page=1`)).json().meta.total).toBe(before);
  });

  it('deletion: refused inside the retention period (422 naming the date), logical and in history after it', async () => {
    // 2019-05-10: fiscal year ends 2020-03-31, kept 7 years → until 2027-03-31
    const recent = (
      await o.api.post(URL, docBody(supplierId, { transaction_date: '2019-05-10', due_date: null }))
    ).json().data;
    expect(recent.retention_until).toBe('2027-03-31');
    const f = (await upload(o.token, recent.id, [{ name: 'r.pdf', bytes: tinyPdf('r') }])).json().data;
    const refused = await o.api.delete(`${URL}/${recent.id}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('保存期間（2027年3月31日まで）が終了していないため削除できません');
    const refusedFile = await o.api.delete(`${URL}/${recent.id}/files/${f.id}`);
    expect(refusedFile.statusCode).toBe(422);
    expect(refusedFile.json().message).toContain('保存期間');
    expect((await o.api.get(`${URL}/${recent.id}`)).statusCode).toBe(200);

    // 2017-05-10: kept until 2025-03-31 (7 years) — over
    const old = (await o.api.post(URL, docBody(supplierId, { transaction_date: '2017-05-10', due_date: null }))).json()
      .data;
    expect(old.journal_entry_id).toBeTruthy();
    const oldFile = (await upload(o.token, old.id, [{ name: 'o.pdf', bytes: tinyPdf('o') }])).json().data;
    expect((await o.api.delete(`${URL}/${old.id}/files/${oldFile.id}`)).statusCode).toBe(204);
    expect((await o.api.get(`${URL}/${old.id}/files/${oldFile.id}/link`)).statusCode).toBe(404);
    const detail = (await o.api.get(`${URL}/${old.id}`)).json().data;
    expect(detail.files[0].deleted_at).toBeTruthy();
    expect((await o.api.delete(`${URL}/${old.id}`)).statusCode).toBe(204);
    expect((await o.api.get(`${URL}/${old.id}`)).statusCode).toBe(404);
    expect((await o.api.get(`${URL}/${old.id}/history`)).json().data.map((h: { action: string }) => h.action)).toEqual([
      'deleted',
      'file_deleted',
      'file_added',
      'created',
    ]);
    // logical: the row and the file bytes are still there; the purchase entry is withdrawn
    const [row] = await ctx.db.select().from(transactionDocuments).where(eq(transactionDocuments.id, old.id));
    expect(row.deleted_at).toBeTruthy();
    expect(row.deleted_by).toBe(o.user.id);
    const { files } = await rowsOf(old.id);
    expect(await storage.exists(files[0].storage_key)).toBe(true);
    expect((await o.api.get(`/api/accountings/${old.journal_entry_id}`)).statusCode).toBe(404);
    // the list no longer shows it
    expect((await o.api.get(`${URL}?start_date=2017-01-01&end_date=2017-12-31`)).json().meta.total).toBe(0);
  });

  it('a company keeping 10 years cannot delete the 2017 document yet', async () => {
    const ten = await companyOwner(ctx, { expiration_year: 10 });
    const s = await supplierOf(ten.api);
    const d = (await ten.api.post(URL, docBody(s, { transaction_date: '2017-05-10', due_date: null }))).json().data;
    expect(d.retention_until).toBe('2028-03-31');
    const res = await ten.api.delete(`${URL}/${d.id}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('保存期間（2028年3月31日まで）が終了していないため削除できません');
  });

  it('the file history and stored versions cannot be changed in the database either', async () => {
    const d = (await o.api.post(URL, docBody(supplierId))).json().data;
    await upload(o.token, d.id, [{ name: 'x.pdf', bytes: tinyPdf('x') }]);
    await expect(
      ctx.db
        .update(transactionDocumentHistory)
        .set({ action: 'updated' })
        .where(eq(transactionDocumentHistory.document_id, d.id)),
    ).rejects.toThrow();
    await expect(
      ctx.db
        .update(transactionDocumentFiles)
        .set({ sha256: '0'.repeat(64) })
        .where(eq(transactionDocumentFiles.document_id, d.id)),
    ).rejects.toThrow();
  });
});

describe('signed file links', () => {
  let o: Awaited<ReturnType<typeof companyOwner>>;
  let docId: number;
  let fileId: number;
  beforeAll(async () => {
    o = await companyOwner(ctx);
    const s = await supplierOf(o.api);
    docId = (await o.api.post(URL, docBody(s))).json().data.id;
    fileId = (await upload(o.token, docId, [{ name: 'l.pdf', bytes: tinyPdf('l') }])).json().data.id;
  });

  it('expires after 5 minutes (410) and cannot be forged (403): signature, file id, company', async () => {
    const secret = await fileLinkSecret(ctx.app.deps);
    const get = (token: string) => ctx.app.inject({ method: 'GET', url: `/api/files/${token}` });
    const fresh = fileLinkToken(secret, { kind: 'td', fileId, companyId: o.company.id });
    expect((await get(fresh)).statusCode).toBe(200);
    const old = fileLinkToken(secret, { kind: 'td', fileId, companyId: o.company.id }, Date.now() - 5 * 60_000 - 2_000);
    const expired = await get(old);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toContain('有効期限');
    const almost = fileLinkToken(secret, { kind: 'td', fileId, companyId: o.company.id }, Date.now() - 4 * 60_000);
    expect((await get(almost)).statusCode).toBe(200);

    const [kind, id, company, exp, sig] = fresh.split('.');
    const flip = (s: string) => (s[0] === 'A' ? `B${s.slice(1)}` : `A${s.slice(1)}`);
    for (const forged of [
      `${kind}.${id}.${company}.${exp}.${flip(sig)}`,
      `${kind}.${Number(id) + 1}.${company}.${exp}.${sig}`,
      `${kind}.${id}.${Number(company) + 1}.${exp}.${sig}`,
      `${kind}.${id}.${company}.${Number(exp) + 3600}.${sig}`,
      'garbage',
    ]) {
      const res = await get(forged);
      expect(res.statusCode, forged).toBe(403);
      expect(res.json().message).toContain('リンクが正しくありません');
    }
    // a link signed with another key is forged too
    const other = fileLinkToken(Buffer.from('another-secret-another-secret-000'), {
      kind: 'td',
      fileId,
      companyId: o.company.id,
    });
    expect((await get(other)).statusCode).toBe(403);
    // a correctly signed link to a file that does not exist (or not in that company) is 404
    expect(
      (await get(fileLinkToken(secret, { kind: 'td', fileId: 999_999, companyId: o.company.id }))).statusCode,
    ).toBe(404);
    expect((await get(fileLinkToken(secret, { kind: 'td', fileId, companyId: o.company.id + 1 }))).statusCode).toBe(
      404,
    );
  });

  it('the secret is stored once in the database and shared by every app on it', async () => {
    const a = await fileLinkSecret(ctx.app.deps);
    const b = await fileLinkSecret({ env: ctx.app.deps.env, db: ctx.db });
    expect(a.equals(b)).toBe(true);
    const fromEnv = await fileLinkSecret({
      env: { ...ctx.app.deps.env, FILE_LINK_SECRET: 'x'.repeat(32) },
      db: ctx.db,
    });
    expect(fromEnv.toString()).toBe('x'.repeat(32));
  });

  it('cross-company: 404 on the record, its files, its history and its links; the file route is public (counted by the public rate limit)', async () => {
    const b = await companyOwner(ctx);
    expect((await b.api.get(`${URL}/${docId}`)).statusCode).toBe(404);
    expect((await b.api.get(`${URL}/${docId}/history`)).statusCode).toBe(404);
    expect((await b.api.get(`${URL}/${docId}/files/${fileId}/link`)).statusCode).toBe(404);
    expect((await b.api.delete(`${URL}/${docId}/files/${fileId}`)).statusCode).toBe(404);
    expect((await upload(b.token, docId, [{ name: 'x.pdf', bytes: tinyPdf() }])).statusCode).toBe(404);
    // B's own document with A's file id in the path
    const s = await supplierOf(b.api);
    const mine = (await b.api.post(URL, docBody(s))).json().data.id;
    expect((await b.api.get(`${URL}/${mine}/files/${fileId}/link`)).statusCode).toBe(404);
    expect(ctx.app.apiRoutes.find((r) => r.url === '/api/files/:token')?.access).toMatchObject({ public: true });
  });

  it('admins read a company’s documents with company_id (read-only); employees need the permission', async () => {
    const admin = await signedInAdmin(ctx);
    const list = await admin.api.get(`${URL}?company_id=${o.company.id}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((d: { id: number }) => d.id)).toContain(docId);
    expect((await admin.api.get(`${URL}/${docId}/files/${fileId}/link?company_id=${o.company.id}`)).statusCode).toBe(
      200,
    );
    expect((await admin.api.delete(`${URL}/${docId}?company_id=${o.company.id}`)).statusCode).toBe(403);
    const employee = await createUser(ctx.db, { role: 'employee', companyId: o.company.id });
    const api = client(ctx.app, await signIn(ctx.app, employee.email));
    expect((await api.get(URL)).statusCode).toBe(403);
  });
});
