import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import * as openpgp from 'openpgp';
import { describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { companyOwner, signedInAdmin, type TestContext, useTestApp } from '../../test/harness.js';
import { type RegistryRowSpec, registryFileOf, tNumberOf } from './registry-files.js';

const A = tNumberOf('000012050002'.slice(-12));
const B = tNumberOf('111122223333');
const C = tNumberOf('444455556666');
const D = tNumberOf('777788889999');

const base: RegistryRowSpec[] = [
  { registration_number: A, name: '株式会社青葉システム', registered_on: '2023-10-01' },
  {
    registration_number: B,
    name: '東海ロジスティクス株式会社',
    registered_on: '2023-10-01',
    cancelled_on: '2025-04-01',
    process_kind: '04',
  },
  {
    registration_number: C,
    name: '有限会社みどり商店',
    registered_on: '2024-02-01',
    expired_on: '2025-10-01',
    process_kind: '03',
  },
];

function upload(
  app: App,
  token: string,
  file: { name: string; bytes: Buffer },
  extra: { kind?: string; signature?: Buffer } = {},
) {
  const boundary = '----registry-test-boundary';
  const parts: Buffer[] = [];
  if (extra.kind)
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\n${extra.kind}\r\n`));
  parts.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n\r\n`),
    file.bytes,
    Buffer.from('\r\n'),
  );
  if (extra.signature) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="signature"; filename="${file.name}.asc"\r\n\r\n`,
      ),
      extra.signature,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return app.inject({
    method: 'POST',
    url: '/api/admin/registry/imports',
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
  });
}

async function importFile(
  ctx: TestContext,
  token: string,
  file: { name: string; bytes: Buffer },
  extra: { kind?: string; signature?: Buffer } = {},
) {
  const res = await upload(ctx.app, token, file, extra);
  expect(res.statusCode, res.body).toBe(202);
  const id = res.json().data.id;
  for (;;) {
    const r = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/registry/imports/${id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    const d = r.json().data;
    if (d.status === 'imported' || d.status === 'failed') return d;
    await new Promise((ok) => setTimeout(ok, 50));
  }
}

async function lookup(ctx: TestContext, token: string, n: string, date?: string) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/registry/${n}${date ? `?date=${date}` : ''}`,
    headers: { authorization: `Bearer ${token}` },
  });
}

describe('registry import and lookup', () => {
  const ctx = useTestApp();

  it('imports a 全件 CSV through the job and answers lookups valid_on_date around its dates', async () => {
    const { token } = await signedInAdmin(ctx);
    const imp = await importFile(ctx, token, { name: 'zenken.csv', bytes: registryFileOf(base) });
    expect(imp).toMatchObject({ status: 'imported', rows_done: 3, rows_total: 3, error: null });
    const owner = await companyOwner(ctx);
    const at = async (n: string, date: string) => (await lookup(ctx, owner.token, n, date)).json().data;
    expect(await at(A, '2023-10-01')).toMatchObject({
      registration_number: A,
      name: '株式会社青葉システム',
      registered_on: '2023-10-01',
      cancelled_on: null,
      expired_on: null,
      valid_on_date: true,
    });
    expect((await at(A, '2023-09-30')).valid_on_date).toBe(false);
    expect((await at(B, '2025-03-31')).valid_on_date).toBe(true);
    expect(await at(B, '2025-04-01')).toMatchObject({ valid_on_date: false, status: 'cancelled' });
    expect((await at(C, '2025-09-30')).valid_on_date).toBe(true);
    expect(await at(C, '2025-10-01')).toMatchObject({ valid_on_date: false, status: 'expired' });
    const unknown = await lookup(ctx, owner.token, D);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/公表データにありません/);
    expect((await lookup(ctx, owner.token, 'T123')).statusCode).toBe(422);
    expect((await lookup(ctx, owner.token, A, '2025-13-01')).statusCode).toBe(422);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/registry/${A}` })).statusCode).toBe(401);
    const summary = (
      await ctx.app.inject({ method: 'GET', url: '/api/admin/registry', headers: { authorization: `Bearer ${token}` } })
    ).json().data;
    expect(summary).toMatchObject({ entries: 3, data_date: '2023-10-01' });
  });

  it('refuses bad files whole and keeps the old data: wrong column count, broken ZIP, bad value', async () => {
    const { token } = await signedInAdmin(ctx);
    const owner = await companyOwner(ctx);
    const good = registryFileOf([...base, { registration_number: D, name: '新規株式会社' }]).toString();
    const cut = good.split('\n');
    cut[2] = cut[2].replace(/,[^,]*$/, ''); // 23 columns on line 3
    const wrong = await importFile(ctx, token, { name: 'zenken.csv', bytes: Buffer.from(cut.join('\n')) });
    expect(wrong.status).toBe('failed');
    expect(wrong.error).toMatch(/3行目.*24列/);
    const extra = good.split('\n');
    extra[1] += ',"x"';
    expect((await importFile(ctx, token, { name: 'zenken.csv', bytes: Buffer.from(extra.join('\n')) })).error).toMatch(
      // PGlite's own CSV loader and the parser used on PostgreSQL word it differently; both name line and count
      /2行目: 列(が24列より多く|の数が25です)/,
    );
    const zip = Buffer.from(zipSync({ 'zenken.csv': Buffer.from(good) }));
    const broken = await importFile(ctx, token, { name: 'zenken.zip', bytes: zip.subarray(0, zip.length - 30) });
    expect(broken).toMatchObject({ status: 'failed' });
    expect(broken.error).toMatch(/ZIP/);
    const badDate = good.replace('"2024-02-01"', '"2024-02-31"');
    expect((await importFile(ctx, token, { name: 'zenken.csv', bytes: Buffer.from(badDate) })).error).toMatch(
      /3行目: 登録年月日/,
    );
    // the T-number's check digit (FACTS §4), named by line and column
    const badDigit = good.replace(`"${D}"`, `"T${(Number(D[1]) + 1) % 10}${D.slice(2)}"`);
    expect((await importFile(ctx, token, { name: 'zenken.csv', bytes: Buffer.from(badDigit) })).error).toMatch(
      /4行目: 登録番号（2列目）「T\d{13}」のチェックデジットが正しくありません/,
    );
    const badCode = good.replace(/^([^,]*,[^,]*,)"01"/, '$1"05"');
    expect((await importFile(ctx, token, { name: 'zenken.csv', bytes: Buffer.from(badCode) })).error).toMatch(
      /1行目: 事業者処理区分（3列目）が 01・02・03・04・99 のどれでもありません/,
    );
    // a number twice is refused when the new table's key is built, inside the swap's transaction
    const twice = `${good}${registryFileOf([{ registration_number: D, name: '重複株式会社' }]).toString()}`;
    expect((await importFile(ctx, token, { name: 'zenken.csv', bytes: Buffer.from(twice) })).error).toMatch(
      new RegExp(`同じ登録番号（${D}）の最新の行が2行以上`),
    );
    // nothing changed: D is still unknown, B still cancelled
    expect((await lookup(ctx, owner.token, D)).statusCode).toBe(404);
    expect((await lookup(ctx, owner.token, A)).statusCode).toBe(200);
    // the same file as a whole ZIP imports
    const ok = await importFile(ctx, token, { name: 'zenken.zip', bytes: zip });
    expect(ok).toMatchObject({ status: 'imported', rows_changed: 4 });
    expect((await lookup(ctx, owner.token, D)).statusCode).toBe(200);
  });

  it('applies a 差分 idempotently (the same diff twice changes nothing) and deletes 99', async () => {
    const { token } = await signedInAdmin(ctx);
    const owner = await companyOwner(ctx);
    await importFile(ctx, token, { name: 'zenken.csv', bytes: registryFileOf(base) });
    const diff = registryFileOf([
      { registration_number: A, name: '株式会社青葉システム', latest: '0', updated_on: '2023-10-01' },
      {
        registration_number: A,
        name: '株式会社青葉システムズ',
        process_kind: '02',
        updated_on: '2026-11-30',
      },
      { registration_number: C, name: '有限会社みどり商店', process_kind: '99', updated_on: '2026-11-30' },
      { registration_number: D, name: '新規株式会社', registered_on: '2026-12-01', updated_on: '2026-11-30' },
    ]);
    const first = await importFile(ctx, token, { name: 'sabun_20261130.csv', bytes: diff });
    expect(first).toMatchObject({
      kind: 'diff',
      status: 'imported',
      rows_changed: 2,
      rows_deleted: 1,
      data_date: '2026-11-30',
    });
    const again = await importFile(ctx, token, { name: 'sabun_20261130.csv', bytes: diff });
    expect(again).toMatchObject({ status: 'imported', rows_changed: 0, rows_deleted: 0 });
    expect((await lookup(ctx, owner.token, A)).json().data.name).toBe('株式会社青葉システムズ');
    expect((await lookup(ctx, owner.token, C)).statusCode).toBe(404);
    expect((await lookup(ctx, owner.token, D, '2026-11-30')).json().data.valid_on_date).toBe(false);
    expect((await lookup(ctx, owner.token, B)).json().data.status).toBe('cancelled');
  });

  it('company users cannot import or see imports', async () => {
    const owner = await companyOwner(ctx);
    const res = await upload(ctx.app, owner.token, { name: 'zenken.csv', bytes: registryFileOf(base) });
    expect(res.statusCode).toBe(403);
    expect((await owner.api.get('/api/admin/registry/imports')).statusCode).toBe(403);
    const { token } = await signedInAdmin(ctx, ['companies.index']);
    expect((await upload(ctx.app, token, { name: 'zenken.csv', bytes: registryFileOf(base) })).statusCode).toBe(403);
  });
});

describe('registry signature (REGISTRY_PGP_KEY)', async () => {
  const { privateKey, publicKey } = await openpgp.generateKey({
    type: 'ecc',
    curve: 'ed25519Legacy',
    userIDs: [{ name: '国税庁 test', email: 'test@example.jp' }],
    format: 'armored',
  });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'registry-key-'));
  const keyFile = path.join(dir, 'nta.asc');
  writeFileSync(keyFile, publicKey);
  const ctx = useTestApp({ env: { REGISTRY_PGP_KEY: keyFile } });
  const sign = async (bytes: Buffer) =>
    Buffer.from(
      (await openpgp.sign({
        message: await openpgp.createMessage({ binary: bytes }),
        signingKeys: await openpgp.readPrivateKey({ armoredKey: privateKey }),
        detached: true,
      })) as string,
    );

  it('imports a file whose signature verifies; refuses a bad or missing one and keeps the old data', async () => {
    const { token } = await signedInAdmin(ctx);
    const owner = await companyOwner(ctx);
    const file = Buffer.from(zipSync({ 'zenken.csv': registryFileOf(base) }));
    const ok = await importFile(ctx, token, { name: 'zenken.zip', bytes: file }, { signature: await sign(file) });
    expect(ok).toMatchObject({ status: 'imported', signature_verified: 'verified', rows_changed: 3 });
    const other = Buffer.from(
      zipSync({ 'zenken.csv': registryFileOf([{ registration_number: D, name: '改ざん株式会社' }]) }),
    );
    const bad = await importFile(ctx, token, { name: 'zenken.zip', bytes: other }, { signature: await sign(file) });
    expect(bad).toMatchObject({ status: 'failed', signature_verified: 'none' });
    expect(bad.error).toMatch(/署名を確認できませんでした/);
    const missing = await upload(ctx.app, token, { name: 'zenken.zip', bytes: other });
    expect(missing.statusCode).toBe(422);
    expect((await lookup(ctx, owner.token, D)).statusCode).toBe(404);
    expect((await lookup(ctx, owner.token, A)).statusCode).toBe(200);
  });
});
