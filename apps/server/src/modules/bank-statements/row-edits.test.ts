import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogs, bankStatementRows } from '../../db/schema/index.js';
import { accountCodes, newBankAccount } from '../../test/factories.js';
import { companyOwner, useTestApp } from '../../test/harness.js';
import { multipartForm } from '../../test/multipart.js';
import { bankCsvFile, type StatementLine } from './statement-files.js';

const ctx = useTestApp();

async function setup() {
  const o = await companyOwner(ctx);
  const code = await accountCodes(o.api);
  const bankId = await newBankAccount(o.api, code('1120'), { account_holder: 'カ）サンプル' });
  const lines: StatementLine[] = Array.from({ length: 130 }, (_, i) => ({
    date: `2026-05-${String(1 + (i % 28)).padStart(2, '0')}`,
    direction: i % 2 ? 'out' : 'in',
    amount: 1_000 + i,
    description: i === 0 ? 'ﾃﾞﾝﾜﾘﾖｳ NTT' : `ﾌﾘｺﾐ ﾃｽﾄ${i}`,
  }));
  const form = multipartForm(
    { bank_account_id: bankId },
    { name: 'r.csv', bytes: bankCsvFile('rakuten', lines, 1_000_000) },
  );
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/bank-statements',
    payload: form.body,
    headers: { ...form.headers, authorization: `Bearer ${o.token}` },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { o, code, imp: res.json().data as { id: number } };
}

describe('PUT /api/bank-statements/{id}/rows/{row_id}: a row’s account before confirming', () => {
  it('stores the edit (audited), shows it on the row, confirms with it; 422 / 409 / 404 store nothing', async () => {
    const { o, code, imp } = await setup();
    const first = (await o.api.get(`/api/bank-statements/${imp.id}?status=unconfirmed`)).json().data.rows[0];
    expect(first).toMatchObject({ edit: null, updated_at: expect.any(String) });
    const url = `/api/bank-statements/${imp.id}/rows/${first.id}`;

    // 422: an unknown account, a bad tax category — nothing stored
    const bad = await o.api.put(url, { account_id: 999_999, updated_at: first.updated_at });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.account_id[0]).toBe('勘定科目が見つかりません');
    expect(
      (await o.api.put(url, { account_id: code('6170'), tax_category: 'x', updated_at: first.updated_at })).statusCode,
    ).toBe(422);
    const [untouched] = await ctx.db.select().from(bankStatementRows).where(eq(bankStatementRows.id, first.id));
    expect(untouched.edit_account_id).toBeNull();

    // another company: 404, nothing stored
    const other = await companyOwner(ctx);
    expect((await other.api.put(url, { account_id: code('6170'), updated_at: first.updated_at })).statusCode).toBe(404);
    expect(
      (await o.api.put(`/api/bank-statements/${imp.id}/rows/2147483647`, { updated_at: first.updated_at })).statusCode,
    ).toBe(404);

    const ok = await o.api.put(url, {
      account_id: code('6170'),
      tax_category: 'purchase_10',
      description: '電話代 5月',
      updated_at: first.updated_at,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.edit).toMatchObject({
      account_id: code('6170'),
      tax_category: 'purchase_10',
      description: '電話代 5月',
    });
    // 409: the version read before the edit is stale
    const stale = await o.api.put(url, { account_id: code('1120'), updated_at: first.updated_at });
    expect(stale.statusCode).toBe(409);
    const row = (await o.api.get(`/api/bank-statements/${imp.id}`)).json().data.rows[0];
    expect(row.edit.account_name).toBeTruthy();
    expect(row.updated_at).toBe(ok.json().data.updated_at);
    const logs = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'bank_statement_row.edit'), eq(auditLogs.target_id, String(first.id))));
    expect(logs).toHaveLength(1);

    // confirming posts to the stored choice even when the request names only the row
    expect(row.edit.account_id).toBe(code('6170'));
    const done = await o.api.post(`/api/bank-statements/${imp.id}/confirm`, { rows: [{ id: first.id }] });
    expect(done.json().data.confirmed).toHaveLength(1);
    const entry = (await o.api.get(`/api/accountings/${done.json().data.confirmed[0].journal_entry_id}`)).json().data;
    expect(entry.description).toBe('電話代 5月');
    expect(entry.lines.map((l: { account_id: number }) => l.account_id)).toContain(code('6170'));
    // a confirmed row cannot be edited any more
    const after = await o.api.put(url, { account_id: code('1120'), updated_at: ok.json().data.updated_at });
    expect(after.statusCode).toBe(422);
  });

  it('pages past 100 rows with page / per_page / status', async () => {
    const { o, imp } = await setup();
    const p1 = (await o.api.get(`/api/bank-statements/${imp.id}?page=1&per_page=100`)).json().data;
    const p2 = (await o.api.get(`/api/bank-statements/${imp.id}?page=2&per_page=100`)).json().data;
    expect(p1.rows_meta).toEqual({ total: 130, page: 1, per_page: 100 });
    expect(p1.rows).toHaveLength(100);
    expect(p2.rows).toHaveLength(30);
    expect(p2.rows[0].line_no).toBeGreaterThan(p1.rows[99].line_no);
    const confirmed = (await o.api.get(`/api/bank-statements/${imp.id}?status=confirmed`)).json().data;
    expect(confirmed.rows_meta.total).toBe(0);
  });
});
