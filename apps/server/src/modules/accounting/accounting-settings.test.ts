/** 経理方式: a company setting (PUT /api/company/tax-settings), read by the journal form. */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companyOwner, useTestApp } from '../../test/harness.js';
import { sqlRows } from './sql-rows.js';

const ctx = useTestApp();

describe('経理方式', () => {
  it('defaults to 税抜経理, changes through the tax settings (audited) and reads back for the journal form', async () => {
    const o = await companyOwner(ctx);
    expect((await o.api.get('/api/company/accounting-settings')).json().data).toEqual({
      accounting_method: 'exclusive',
      tax_rounding: 'floor',
    });
    expect((await o.api.get('/api/company/tax-settings')).json().data.accounting_method).toBe('exclusive');
    const put = await o.api.put('/api/company/tax-settings', {
      tax_display: 'exclusive',
      tax_rounding: 'round',
      accounting_method: 'inclusive',
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toEqual({
      tax_display: 'exclusive',
      tax_rounding: 'round',
      accounting_method: 'inclusive',
    });
    expect((await o.api.get('/api/company/accounting-settings')).json().data).toEqual({
      accounting_method: 'inclusive',
      tax_rounding: 'round',
    });
    // left out = unchanged
    await o.api.put('/api/company/tax-settings', { tax_display: 'inclusive', tax_rounding: 'round' });
    expect((await o.api.get('/api/company/accounting-settings')).json().data.accounting_method).toBe('inclusive');
    const audits = await sqlRows<{ after: { accounting_method: string } }>(
      ctx.db,
      sql`select after from audit_logs where company_id = ${o.company.id} and action = 'company.tax_settings' order by id`,
    );
    expect(audits[0]?.after.accounting_method).toBe('inclusive');
  });

  it('refuses an unknown method with a Japanese 422 and stores nothing', async () => {
    const o = await companyOwner(ctx);
    const res = await o.api.put('/api/company/tax-settings', {
      tax_display: 'exclusive',
      tax_rounding: 'floor',
      accounting_method: 'mixed',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.accounting_method[0]).toBe('経理方式を選択してください');
    expect((await o.api.get('/api/company/accounting-settings')).json().data.accounting_method).toBe('exclusive');
  });
});
