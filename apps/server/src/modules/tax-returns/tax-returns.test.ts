import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { corporateNumberCheckDigit } from '@chobo/core';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogs, companies, journalEntries, taxReturns } from '../../db/schema/index.js';
import { entryEditBody } from '../../test/factories.js';
import { type Client, client, companyOwner, createDomain, createUser, signIn, useTestApp } from '../../test/harness.js';
import { darkPixelsOnFirstPage } from '../../test/pdf-pixels.js';

const ctx = useTestApp();

const hasPoppler = (() => {
  try {
    execFileSync('pdftoppm', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** A company with a profile, a fiscal year 2025-04-01〜2026-03-31 and 税引前当期純利益 10,000,000. */
let seq = 0;
/** A valid 法人番号 unique to this test run (the column is unique). */
function corporateNumber() {
  const base = String(100_000_000_000 + ++seq * 7919).padStart(12, '0');
  return `${corporateNumberCheckDigit(base)}${base}`;
}

async function setup(opts: { close?: boolean } = {}) {
  const o = await companyOwner(ctx);
  const corporate_number = corporateNumber();
  await ctx.db
    .update(companies)
    .set({
      name: '株式会社サンプル商事',
      name_kana: 'カブシキガイシャサンプルショウジ',
      corporate_number,
      representative_name: '山田 一郎',
      representative_name_kana: 'ヤマダ イチロウ',
      postal_code: '1000005',
      prefecture_code: '13',
      address1: '千代田区丸の内1-1-1',
      tel: '03-1234-5678',
      capital: 10_000_000,
      business_type: '卸売業',
      tax_office: '麹町',
      fiscal_year_end_month: 3,
      bank_accounts: [
        {
          bank_name: 'みずほ銀行',
          branch_name: '丸の内支店',
          account_type: '普通',
          account_number: '1234567',
          account_holder: 'カ）サンプルショウジ',
        },
      ],
    })
    .where(eq(companies.id, o.company.id));
  const accounts: { id: number; code: string }[] = (await o.api.get('/api/company/accounts')).json().data;
  const code = (c: string) => accounts.find((x) => x.code === c)?.id as number;
  const fy = (await o.api.post('/api/company/fiscal-years', { start_date: '2025-04-01' })).json().data;
  const entry = async (date: string, debit: string, credit: string, amount: number) => {
    const res = await o.api.post('/api/accountings', {
      date,
      description: 'テスト',
      lines: [
        { account_id: code(debit), debit: amount, credit: 0, tax_category: 'none' },
        { account_id: code(credit), debit: 0, credit: amount, tax_category: 'none' },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  await entry('2025-06-01', '1120', '4110', 15_000_000); // 売上高
  await entry('2025-07-01', '6200', '1120', 5_000_000); // 地代家賃
  await entry('2026-03-31', '9110', '2150', 3_000_000); // 法人税等 (below 税引前当期純利益)
  if (opts.close) {
    const res = await o.api.post(`/api/company/fiscal-years/${fy.id}/close`);
    expect(res.statusCode, res.body).toBe(200);
  }
  return { o, fy, code, corporate_number };
}

const url = (fyId: number, suffix = '') => `/api/company/tax-returns/${fyId}${suffix}`;

describe('POST /api/company/tax-returns/compute', () => {
  it('answers lines 1–44 and explanations with the worked vectors of FACTS §3', async () => {
    const { api } = await companyOwner(ctx);
    const res = await api.post('/api/company/tax-returns/compute', {
      income: 67_923_348,
      fiscal_year_start: '2025-04-01',
      fiscal_year_end: '2026-03-31',
      capital: 10_000_000,
      interim_corporate_tax: 0,
      interim_local_corporate_tax: 0,
      withholding_income_tax: 0,
      foreign_tax: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { lines, explanations } = res.json().data;
    expect(Object.keys(lines)).toHaveLength(44);
    expect(lines).toMatchObject({
      '2': 15_102_136,
      '13': 15_102_100,
      '30': 15_102_000,
      '31': 1_555_506,
      '38': 1_555_500,
    });
    expect(explanations['2']).toContain('23.2%');
    const ten = (
      await api.post('/api/company/tax-returns/compute', {
        income: 10_000_000,
        fiscal_year_start: '2025-04-01',
        fiscal_year_end: '2026-03-31',
        capital: 10_000_000,
        interim_corporate_tax: 0,
        interim_local_corporate_tax: 0,
        withholding_income_tax: 0,
        foreign_tax: 0,
      })
    ).json().data.lines;
    expect(ten['2']).toBe(1_664_000);
  });

  it('refuses a bad body with Japanese messages (422)', async () => {
    const { api } = await companyOwner(ctx);
    const res = await api.post('/api/company/tax-returns/compute', {
      income: 'たくさん',
      fiscal_year_start: '2025-04-01',
      fiscal_year_end: '2025-01-01',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.income[0]).toContain('円単位の整数');
  });
});

describe('tax returns per fiscal year', () => {
  it('starts empty, saves the draft (PUT), refuses a stale save with 409', async () => {
    const { o, fy } = await setup();
    const empty = (await o.api.get(url(fy.id))).json().data;
    expect(empty.updated_at).toBeNull();
    expect(empty.form.corporate_name).toBe('');
    expect(empty.form.line_47_number_11).toBe('');

    const first = await o.api.put(url(fy.id), {
      form: { former_tax_corporate_name: '旧サンプル', company_number_01: '1' },
      adjustments: [{ kind: 'add', label: '損金不算入の交際費', amount: 120_000 }],
      overrides: {},
      inputs: { interim_corporate_tax: 0, interim_local_corporate_tax: 0, withholding_income_tax: 0, foreign_tax: 0 },
      updated_at: null,
    });
    expect(first.statusCode, first.body).toBe(200);
    const saved = first.json().data;
    expect(saved.form.former_tax_corporate_name).toBe('旧サンプル');
    expect(saved.income).toBe(120_000);
    // another device reads the same draft
    expect((await o.api.get(url(fy.id))).json().data.form.former_tax_corporate_name).toBe('旧サンプル');

    const next = await o.api.put(url(fy.id), { ...saved, form: { former_tax_corporate_name: '新' } });
    expect(next.statusCode, next.body).toBe(200);
    const stale = await o.api.put(url(fy.id), { ...saved, form: { former_tax_corporate_name: '古い' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toContain('確定申告書');
    const again = await o.api.put(url(fy.id), { ...saved, updated_at: null });
    expect(again.statusCode).toBe(409);
  });

  it('refuses unknown form fields and bad amounts (422) and stores nothing', async () => {
    const { o, fy } = await setup();
    const bad = await o.api.put(url(fy.id), {
      form: { not_a_field: 'x' },
      adjustments: [{ kind: 'add', label: '', amount: -5 }],
      updated_at: null,
    });
    expect(bad.statusCode).toBe(422);
    const errors = bad.json().errors;
    expect(errors['form.not_a_field'][0]).toContain('申告書の項目ではありません');
    expect(Object.keys(errors).some((k) => k.startsWith('adjustments'))).toBe(true);
    const rows = await ctx.db.select().from(taxReturns).where(eq(taxReturns.fiscal_year_id, fy.id));
    expect(rows).toHaveLength(0);
  });

  it('帳簿から作成: header from the profile, 和暦 period, line 1 = 税引前当期純利益 ± adjustments, computed lines', async () => {
    const { o, fy, corporate_number } = await setup({ close: true });
    const is = (await o.api.get('/api/company/income-statement?from=2025-04-01&to=2026-03-31')).json().data;
    expect(is.totals.income_before_tax).toBe(10_000_000);

    const res = await o.api.post(url(fy.id, '/fill'));
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.book_income).toBe(10_000_000);
    expect(d.lines['1']).toBe(10_000_000);
    expect(d.lines['2']).toBe(1_664_000);
    expect(d.lines['31']).toBe(171_392);
    expect(d.lines['38']).toBe(171_300);
    expect(d.explanations['2']).toContain('15%');
    expect(d.form).toMatchObject({
      corporate_name: '株式会社サンプル商事',
      corporate_name_furigana: 'カブシキガイシャサンプルショウジ',
      corporate_number_01: corporate_number[0],
      corporate_number_13: corporate_number[12],
      tax_place: '東京都千代田区丸の内1-1-1',
      tel_01: '03',
      tel_02: '1234',
      tel_03: '5678',
      representative_name: '山田 一郎',
      amount_investment_capital: '10000000',
      business_type: '卸売業',
      tax_office: '麹町',
      fiscal_year_from_era: '令和',
      fiscal_year_from_year: '7',
      fiscal_year_from_month: '4',
      fiscal_year_from_day: '1',
      fiscal_year_to_year: '8',
      fiscal_year_to_month: '3',
      fiscal_year_to_day: '31',
      bank_name: 'みずほ',
      bank_kind: '銀行',
      bank_branch_name: '丸の内',
      bank_branch_kind: '支店',
      bank_number: '1234567',
    });
    // line 2 in its 11 digit boxes
    expect(
      Array.from({ length: 11 }, (_, i) => d.form[`line_02_number_${String(i + 1).padStart(2, '0')}`]).join(','),
    ).toBe(',,,,1,6,6,4,0,0,0');
    // estimates of the local taxes at the documented defaults
    expect(d.local_rates.municipal_rate).toBe(6);
    expect(d.local_estimate.business_tax).toBe(492_000);

    // adjustments and an override: the override survives a second fill, 'all' clears it
    const put = await o.api.put(url(fy.id), {
      form: {},
      adjustments: [
        { kind: 'add', label: '損金不算入の交際費', amount: 500_000 },
        { kind: 'subtract', label: '受取配当等の益金不算入額', amount: 100_000 },
      ],
      overrides: { '16': 1_234 },
      inputs: d.inputs,
      updated_at: d.updated_at,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.lines['1']).toBe(10_400_000);
    expect(put.json().data.lines['16']).toBe(1_234);
    const refill = (await o.api.post(url(fy.id, '/fill'))).json().data;
    expect(refill.lines['1']).toBe(10_400_000);
    expect(refill.overrides).toEqual({ '16': 1_234 });
    expect(refill.lines['16']).toBe(1_234);
    expect(refill.computed_lines['16']).toBe(0);
    const cleared = (await o.api.post(url(fy.id, '/fill'), { clear_overrides: 'all' })).json().data;
    expect(cleared.overrides).toEqual({});
    expect(cleared.lines['16']).toBe(0);

    const [log] = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.company_id, o.company.id), eq(auditLogs.action, 'tax_return.fill')))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(log).toBeTruthy();
  });

  it('a 6-month short year (設立初年度): threshold 8,000,000 × 6/12 = 4,000,000', async () => {
    const o = await companyOwner(ctx, { fiscal_year_end_month: 3, capital: 3_000_000 });
    const accounts: { id: number; code: string }[] = (await o.api.get('/api/company/accounts')).json().data;
    const code = (c: string) => accounts.find((x) => x.code === c)?.id as number;
    const fy = (await o.api.post('/api/company/fiscal-years', { start_date: '2025-10-01' })).json().data;
    expect(fy.end_date).toBe('2026-03-31');
    const res = await o.api.post('/api/accountings', {
      date: '2025-12-01',
      description: '売上',
      lines: [
        { account_id: code('1120'), debit: 10_000_000, credit: 0, tax_category: 'none' },
        { account_id: code('4110'), debit: 0, credit: 10_000_000, tax_category: 'none' },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const d = (await o.api.post(url(fy.id, '/fill'))).json().data;
    expect(d.lines['1']).toBe(10_000_000);
    expect(d.lines['2']).toBe(600_000 + 1_392_000);
    expect(d.explanations['2']).toContain('× 6/12 = 4,000,000円');
    expect(d.form.fiscal_year_from_month).toBe('10');
    expect(d.local_estimate.per_capita_levy).toBe(35_000);
  });

  it('a loss year: line 1 negative (△ in the boxes), tax 0, 欠損金 carried', async () => {
    const { o, fy } = await setup();
    const d = (await o.api.post(url(fy.id, '/fill'))).json().data;
    const loss = await o.api.put(url(fy.id), {
      form: {},
      adjustments: [{ kind: 'subtract', label: '繰越欠損金以外の減算', amount: 12_000_000 }],
      overrides: {},
      inputs: d.inputs,
      updated_at: d.updated_at,
    });
    const l = loss.json().data;
    expect(l.lines['1']).toBe(-2_000_000);
    expect(l.lines['2']).toBe(0);
    expect(l.lines['27']).toBe(2_000_000);
    expect(l.form.line_01_number_04).toBe('△');
    expect(l.form.line_01_number_05).toBe('2');
  });

  it('posts the year-end entry on confirmation, linked both ways; once; respects the year lock', async () => {
    const { o, fy } = await setup();
    const d = (await o.api.post(url(fy.id, '/fill'))).json().data;
    const amount = d.local_estimate.total;
    const res = await o.api.post(url(fy.id, '/post-entry'), { amount, updated_at: d.updated_at });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json().data;
    expect(after.entry_id).toBeTruthy();
    const [entry] = await ctx.db.select().from(journalEntries).where(eq(journalEntries.id, after.entry_id));
    expect(entry).toMatchObject({ source_type: 'tax_return', source_id: after.id, total: amount, date: '2026-03-31' });
    const shown = (await o.api.get(`/api/accountings/${after.entry_id}`)).json().data;
    expect(shown.lines.map((l: { account_name?: string; debit: number }) => l.debit)).toContain(amount);
    const twice = await o.api.post(url(fy.id, '/post-entry'), { amount, updated_at: after.updated_at });
    expect(twice.statusCode).toBe(422);

    const { o: o2, fy: fy2 } = await setup({ close: true });
    const d2 = (await o2.api.post(url(fy2.id, '/fill'))).json().data;
    const locked = await o2.api.post(url(fy2.id, '/post-entry'), { updated_at: d2.updated_at });
    expect(locked.statusCode).toBe(422);
    expect(locked.body).toContain('締められた');
  });

  it("the entry's amount is the stored return's: a different client amount is refused; the journal cannot change it", async () => {
    const { o, fy } = await setup();
    const d = (await o.api.post(url(fy.id, '/fill'))).json().data;
    const computed = d.local_estimate.total;
    expect(computed).toBeGreaterThan(1);
    const one = await o.api.post(url(fy.id, '/post-entry'), { amount: 1, updated_at: d.updated_at });
    expect(one.statusCode, one.body).toBe(422);
    expect(one.json().errors.amount[0]).toContain('申告書の計算');
    const none = await ctx.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.company_id, o.company.id), eq(journalEntries.source_type, 'tax_return')));
    expect(none).toHaveLength(0);
    // no amount: the server's figure
    const res = await o.api.post(url(fy.id, '/post-entry'), { updated_at: d.updated_at });
    expect(res.statusCode, res.body).toBe(200);
    const entryId = res.json().data.entry_id;
    const [entry] = await ctx.db.select().from(journalEntries).where(eq(journalEntries.id, entryId));
    expect(Number(entry.total)).toBe(computed);
    // owned by the return: the journal refuses edit, delete and 逆仕訳, naming it
    const shown = (await o.api.get(`/api/accountings/${entryId}`)).json().data;
    const edit = await o.api.put(`/api/accountings/${entryId}`, entryEditBody(shown, '書き換え'));
    const del = await o.api.delete(`/api/accountings/${entryId}`);
    const rev = await o.api.post(`/api/accountings/${entryId}/reverse`, { date: '2026-03-31' });
    for (const r of [edit, del, rev]) {
      expect(r.statusCode, r.body).toBe(422);
      expect(r.json().message).toContain(`確定申告書 #${res.json().data.id}`);
    }
    const [still] = await ctx.db.select().from(journalEntries).where(eq(journalEntries.id, entryId));
    expect(still.description).toBe(entry.description);
  });

  it("another company's fiscal year is 404 on every call; 403 without the permission", async () => {
    const { fy } = await setup();
    const other = await companyOwner(ctx);
    for (const [method, suffix] of [
      ['get', ''],
      ['put', ''],
      ['post', '/fill'],
      ['post', '/post-entry'],
      ['get', '/pdf'],
    ] as const) {
      const body =
        method === 'put' ? { form: {}, updated_at: null } : { amount: 1, updated_at: new Date().toISOString() };
      const res = await (method === 'get'
        ? other.api.get(url(fy.id, suffix))
        : other.api[method](url(fy.id, suffix), body));
      expect(res.statusCode, `${method} ${suffix}: ${res.body}`).toBe(404);
    }
    expect((await ctx.db.select().from(taxReturns).where(eq(taxReturns.fiscal_year_id, fy.id))).length).toBe(0);

    const domain = await createDomain(ctx.db, { permissions: ['customer.index'] });
    const [company] = await ctx.db
      .insert(companies)
      .values({ name: '権限なし株式会社', domain_id: domain.id })
      .returning();
    const user = await createUser(ctx.db, { role: 'company', companyId: company.id });
    const api: Client = client(ctx.app, await signIn(ctx.app, user.email));
    expect((await api.post('/api/company/tax-returns/compute', {})).statusCode).toBe(403);
  });

  it('keeps per-company local tax rates (defaults until saved; 409 when stale)', async () => {
    const { o, fy } = await setup();
    const s = (await o.api.get('/api/company/tax-return-settings')).json().data;
    expect(s).toMatchObject({ is_default: true, updated_at: null });
    const saved = await o.api.put('/api/company/tax-return-settings', {
      local_rates: {
        ...s.local_rates,
        prefectural_rate: 1,
        municipal_rate: 6,
        per_capita_levy: 70_000,
        business_rate_low: 3.75,
      },
      updated_at: null,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.local_rates.business_rate_low).toBe(3.75);
    const stale = await o.api.put('/api/company/tax-return-settings', { local_rates: s.local_rates, updated_at: null });
    expect(stale.statusCode).toBe(409);
    const d = (await o.api.post(url(fy.id, '/fill'))).json().data;
    // 4,000,000 × 3.75% + 4,000,000 × 5.3% + 2,000,000 × 7.0%
    expect(d.local_estimate.business_tax).toBe(150_000 + 212_000 + 140_000);
  });

  it.runIf(hasPoppler)(
    'prints an A4 PDF with digit boxes and real Japanese glyphs (rasterised, not blank)',
    async () => {
      const { o, fy } = await setup();
      await o.api.post(url(fy.id, '/fill'));
      const res = await o.api.get(url(fy.id, '/pdf'));
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const pdf = res.rawPayload;
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      // TAX_RETURN_PDF_OUT=/some/file.pdf keeps the PDF to look at
      if (process.env.TAX_RETURN_PDF_OUT) writeFileSync(process.env.TAX_RETURN_PDF_OUT, pdf);
      const dir = mkdtempSync(path.join(tmpdir(), 'tax-return-'));
      try {
        writeFileSync(path.join(dir, 't.pdf'), pdf);
        const info = execFileSync('pdfinfo', [path.join(dir, 't.pdf')], { encoding: 'utf8' });
        expect(info).toMatch(/Page size:\s+595\.28 x 841\.89/);
        const text = execFileSync('pdftotext', ['-layout', path.join(dir, 't.pdf'), '-'], { encoding: 'utf8' });
        for (const want of [
          '各事業年度の所得に係る申告書',
          '株式会社サンプル商事',
          '法人税額',
          '地方法人税額',
          '麹町',
          '令和7年4月1日',
        ])
          expect(text.replace(/\s+/g, '')).toContain(want.replace(/\s+/g, ''));
        expect(darkPixelsOnFirstPage(path.join(dir, 't.pdf'), 20, 50)).toBeGreaterThan(80);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
