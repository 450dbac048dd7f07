import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { companyOwner, useTestApp } from '../../test/harness.js';

const ctx = useTestApp();
const url = (fyId: number, suffix = '') => `/api/company/consumption-tax-returns/${fyId}${suffix}`;

const hasPoppler = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** A company with 課税売上 10% 11,000,000 and 課税仕入 10% 5,500,000 in 2025-04-01〜2026-03-31, filled from the books. */
async function setup() {
  const o = await companyOwner(ctx);
  const accounts: { id: number; code: string }[] = (await o.api.get('/api/company/accounts')).json().data;
  const code = (c: string) => accounts.find((x) => x.code === c)?.id as number;
  const fy = (await o.api.post('/api/company/fiscal-years', { start_date: '2025-04-01' })).json().data;
  const entry = async (debit: string, credit: string, amount: number, tax: string, sales: boolean) => {
    const res = await o.api.post('/api/accountings', {
      date: '2025-06-01',
      description: 'テスト',
      lines: [
        { account_id: code(debit), debit: amount, credit: 0, tax_category: sales ? 'none' : tax },
        { account_id: code(credit), debit: 0, credit: amount, tax_category: sales ? tax : 'none' },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  await entry('1120', '4110', 11_000_000, 'sales_10', true);
  await entry('5120', '1120', 5_500_000, 'purchase_10', false);
  const filled = await o.api.post(url(fy.id, '/fill'), { updated_at: null });
  expect(filled.statusCode, filled.body).toBe(200);
  return { o, fy, ret: filled.json().data };
}

describe('GET /api/company/consumption-tax-returns/{fiscal_year_id}/pdf', () => {
  it.runIf(hasPoppler)("prints the stored draft's 第一表, 第二表 and 付表; another company's year is 404", async () => {
    const { o, fy, ret } = await setup();
    const res = await o.api.get(url(fy.id, '/pdf'));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toContain('consumption-tax-return-2026-03-31.pdf');
    const dir = mkdtempSync(path.join(tmpdir(), 'ctax-route-'));
    try {
      writeFileSync(path.join(dir, 'r.pdf'), res.rawPayload);
      const text = execFileSync('pdftotext', ['-layout', path.join(dir, 'r.pdf'), '-'], { encoding: 'utf8' }).replace(
        /\s+/g,
        '',
      );
      for (const want of ['第一表', '第二表', '付表1-3', '付表2-3', '令和7年4月1日']) expect(text).toContain(want);
      expect(text).toContain(ret.result.output_tax.toLocaleString('en-US'));
      expect(text).toContain(ret.result.total_payable.toLocaleString('en-US'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const other = await companyOwner(ctx);
    const foreign = await other.api.get(url(fy.id, '/pdf'));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBeTruthy();
  });
});
