import { readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../plugins/auth.js';
import { companyOwner, createTestApp, signedInAdmin, type TestContext } from '../test/harness.js';
import { multipartBody, tinyPdf } from '../test/multipart.js';
import { makePng } from './png.js';

/**
 * Every upload route over a real socket (127.0.0.1): the headers first and the body after the server asked
 * for it (Expect: 100-continue — so the body is a second read, the case busboy reports as "Part terminated
 * early due to unexpected end of multipart data"), cut inside the file; and a 100 KB body cut the same way.
 * Each answers the Japanese 400/413/422 of lib/uploads.ts readMultipart, never a 5xx.
 */

const japanese = /[\u3040-\u30ff\u4e00-\u9fff]/;
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

let ctx: TestContext;
let port: number;
let owner: Awaited<ReturnType<typeof companyOwner>>;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let docId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await companyOwner(ctx);
  admin = await signedInAdmin(ctx);
  const supplier = await owner.api.post('/api/company/customer', { name: '仕入先', honorific: '御中', used_for: 2 });
  const doc = await owner.api.post('/api/transaction-documents', {
    customer_id: supplier.json().data.id,
    document_type: 4,
    transaction_date: '2026-06-10',
    amount: 1100,
    taxes: [{ tax_category: '10', base: 1000, tax: 100 }],
  });
  expect(doc.statusCode, doc.body).toBe(201);
  docId = doc.json().data.id;
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  port = (ctx.app.server.address() as { port: number }).port;
});
afterAll(async () => {
  await ctx.close();
});

/** The upload routes: those whose schema consumes multipart/form-data (each reads through readMultipart). */
const uploadRoutes = () =>
  ctx.app.apiRoutes.filter((r: RegisteredRoute) =>
    ((r.schema as { consumes?: string[] } | undefined)?.consumes ?? []).includes('multipart/form-data'),
  );

/** Call sites of the upload readers in route code (not in lib/uploads.ts itself, not in tests). */
function readerCallSites(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      // import-form.ts is readImportForm itself (its readMultipart call is the one its callers make)
      else if (p.endsWith('.ts') && !p.endsWith('.test.ts') && !p.endsWith('import-form.ts')) {
        const text = readFileSync(p, 'utf8');
        for (const m of text.matchAll(/\bawait (readUploads?|readImportForm|readMultipart)\(req\b/g))
          out.push(`${path.relative(src, p)} ${m[1]}`);
      }
    }
  };
  walk(path.join(src, 'modules'));
  return out;
}

function urlOf(r: RegisteredRoute): string {
  return r.url
    .replace('/api/transaction-documents/:id', `/api/transaction-documents/${docId}`)
    .replace('/api/admin/companies/:id', `/api/admin/companies/${owner.company.id}`)
    .replace('/api/admin/domains/:id', `/api/admin/domains/${owner.company.domain_id}`);
}

function contentFor(url: string, size: number): { name: string; bytes: Buffer } {
  const pad = (head: Buffer) => Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 0x41)]);
  if (url.includes('logo')) return { name: 'logo.png', bytes: pad(makePng(8, 8, () => [10, 20, 30])) };
  if (url.includes('files') || url.includes('ocr')) return { name: 'a.pdf', bytes: pad(tinyPdf()) };
  return { name: 'a.csv', bytes: pad(Buffer.from('コード,商品名,単価\r\nA-1,テスト,1200\r\n')) };
}

/**
 * POST over a socket: the head with Expect: 100-continue, the body only after the server's 100 Continue
 * (a separate read on its side), in `pieces` writes. Answers the final status and body.
 */
function postInTwoWrites(url: string, token: string, headers: Record<string, string>, body: Buffer, pieces = 1) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.setNoDelay(true);
    let received = Buffer.alloc(0);
    let sent = false;
    socket.on('error', reject);
    socket.on('data', (d) => {
      received = Buffer.concat([received, d]);
      if (!sent && received.toString('latin1').includes('100 Continue')) {
        sent = true;
        const step = Math.ceil(body.length / pieces);
        for (let i = 0; i < body.length; i += step) socket.write(body.subarray(i, i + step));
      }
    });
    socket.on('end', () => {
      const text = received.toString('utf8');
      const statuses = [...text.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => Number(m[1])).filter((s) => s !== 100);
      const final = text.lastIndexOf('\r\n\r\n');
      resolve({ status: statuses.at(-1) ?? 0, body: final >= 0 ? text.slice(final + 4) : '' });
    });
    socket.write(
      [
        `POST ${url} HTTP/1.1`,
        'Host: 127.0.0.1',
        `Authorization: Bearer ${token}`,
        ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
        `Content-Length: ${body.length}`,
        'Expect: 100-continue',
        'Connection: close',
        '',
        '',
      ].join('\r\n'),
    );
  });
}

describe('cut multipart bodies over TCP on every upload route', () => {
  it('the route table marks every upload route (each reader call site is one)', () => {
    const routes = uploadRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(8);
    expect(routes.length).toBe(readerCallSites().length);
  });

  it.each([
    ['a small file, cut inside its content, body in a second write', 2_000, 1],
    ['a 100 KB file, cut inside its content, in several writes', 100_000, 4],
  ])('%s → 400/413/422 in Japanese, never 5xx', async (_label, size, pieces) => {
    const answers: string[] = [];
    for (const r of uploadRoutes()) {
      const url = urlOf(r);
      const token = url.startsWith('/api/admin') ? admin.token : owner.token;
      const { name, bytes } = contentFor(url, size);
      const { body, headers } = multipartBody(name, bytes);
      const cut = body.subarray(0, body.length - 30);
      const res = await postInTwoWrites(url, token, headers, cut, pieces);
      answers.push(`${r.method} ${url} → ${res.status}`);
      expect([400, 413, 422], `${url}: ${res.status} ${res.body}`).toContain(res.status);
      expect(JSON.parse(res.body).message, url).toMatch(japanese);
    }
    expect(answers).toHaveLength(uploadRoutes().length);
  });

  it('the same routes still accept a whole body sent the same way', async () => {
    const r = uploadRoutes().find((x) => x.url === '/api/company/logo') as RegisteredRoute;
    const { body, headers } = multipartBody(
      'logo.png',
      makePng(8, 8, () => [10, 20, 30]),
    );
    const res = await postInTwoWrites(r.url, owner.token, headers, body, 2);
    expect(res.status, res.body).toBe(200);
  });
});
