import { describe, expect, it } from 'vitest';
import { registryImports } from '../../db/schema/index.js';
import { newCustomer } from '../../test/factories.js';
import { companyOwner, type TestContext, useTestApp } from '../../test/harness.js';
import { lookupRegistration } from './registry.queries.js';
import { type RegistryRowSpec, registryFileOf } from './registry-files.js';
import { runRegistryImport } from './registry-import.js';

const LAPSED = 'T7000012050002';
const VALID = 'T1010001112577';

/** The registry loaded through the real importer (the job's function, without the queue). */
async function loadRegistry(ctx: TestContext, rows: RegistryRowSpec[]) {
  const bytes = registryFileOf(rows);
  const [{ id }] = await ctx.db
    .insert(registryImports)
    .values({ kind: 'full', file_name: 'zenken.csv', file_size: bytes.length, sha256: '' })
    .returning({ id: registryImports.id });
  const imp = await runRegistryImport(ctx.app.deps, id, bytes);
  expect(imp?.status, imp?.error ?? '').toBe('imported');
}

describe('T-numbers checked against the registry', () => {
  const ctx = useTestApp();

  it('a received document whose 登録番号 was cancelled before its date: 要確認, 経過措置 80%; before the cancel: full credit', async () => {
    const o = await companyOwner(ctx);
    await loadRegistry(ctx, [
      {
        registration_number: LAPSED,
        name: '東海ロジスティクス株式会社',
        process_kind: '04',
        registered_on: '2023-10-01',
        cancelled_on: '2026-05-01',
      },
      { registration_number: VALID, name: '株式会社青葉システム', registered_on: '2023-10-01' },
    ]);
    expect((await lookupRegistration(ctx.db, LAPSED, '2026-04-30'))?.valid_on_date).toBe(true);
    const supplier = (
      await newCustomer(o.api, {
        name: '東海ロジスティクス',
        honorific: '御中',
        used_for: 2,
        registration_number: LAPSED,
      })
    ).id as number;
    const accounts: { id: number; code: string }[] = (await o.api.get('/api/company/accounts')).json().data;
    const prepaid = accounts.find((a) => a.code === '1450')?.id;
    const post = async (date: string, reg: string) => {
      const res = await o.api.post('/api/transaction-documents', {
        customer_id: supplier,
        document_type: 4,
        transaction_date: date,
        amount: 11_000,
        taxes: [{ tax_category: '10', base: 10_000, tax: 1_000 }],
        registration_number: reg,
        payment_method: 1,
        confirm_duplicate: true,
      });
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json().data.id;
      const show = (await o.api.get(`/api/transaction-documents/${id}`)).json().data;
      const entry = (await o.api.get(`/api/accountings/${show.journal_entry_id}`)).json().data;
      const tax = entry.lines.find((l: { account_id: number }) => l.account_id === prepaid)?.debit ?? 0;
      return { show, tax };
    };
    const after = await post('2026-05-10', LAPSED);
    expect(after.show.registry_check).toEqual({
      status: 'cancelled',
      name: '東海ロジスティクス株式会社',
      date: '2026-05-10',
      valid_on_date: false,
    });
    expect(after.show.is_qualified).toBe(false);
    expect(after.tax).toBe(800);
    const before = await post('2026-04-20', LAPSED);
    expect(before.show.registry_check).toMatchObject({ status: 'valid', valid_on_date: true });
    expect(before.show.is_qualified).toBe(true);
    expect(before.tax).toBe(1_000);
    const unknown = await post('2026-05-10', 'T3010401011971');
    expect(unknown.show.registry_check).toMatchObject({ status: 'unknown', name: null });
    expect(unknown.tax).toBe(1_000);

    // the lapsed-supplier screen's call
    const lapsed = (await o.api.get('/api/company/registry/lapsed-suppliers')).json().data;
    expect(lapsed).toEqual([
      {
        customer_id: supplier,
        customer_name: '東海ロジスティクス',
        registration_number: LAPSED,
        registry_name: '東海ロジスティクス株式会社',
        status: 'cancelled',
        cancelled_on: '2026-05-01',
        expired_on: null,
        last_document_date: '2026-05-10',
      },
    ]);
    // another company sees none of it
    const other = await companyOwner(ctx);
    expect((await other.api.get('/api/company/registry/lapsed-suppliers')).json().data).toEqual([]);
  });

  it('the customer form looks a typed T-number up (any signed-in user), 404 when unknown', async () => {
    const o = await companyOwner(ctx);
    const res = await o.api.get(`/api/registry/${VALID}?date=2026-06-01`);
    expect(res.json().data).toMatchObject({ name: '株式会社青葉システム', valid_on_date: true, status: 'valid' });
    expect((await o.api.get('/api/registry/T9999999999999')).statusCode).toBe(404);
    expect((await o.api.get(`/api/registry/${LAPSED.toLowerCase()}?date=2026-06-01`)).json().data.status).toBe(
      'cancelled',
    );
  });
});
