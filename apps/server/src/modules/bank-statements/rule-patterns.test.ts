import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bankRules, bankStatementRows } from '../../db/schema/index.js';
import { accountCodes, newBankAccount } from '../../test/factories.js';
import { type Client, companyOwner, useTestApp } from '../../test/harness.js';
import { multipartForm } from '../../test/multipart.js';
import { bankCsvFile } from './statement-files.js';

/**
 * User patterns run on the linear-time engine (core user-pattern.ts, ADR 0042): the catastrophic
 * backtracking pattern `^(a+)+$` over a long 摘要 is answered (a JavaScript RegExp takes seconds to minutes —
 * the measurement is in the ADR), patterns RE2 cannot run are refused with a Japanese 422, and a stored
 * rule the engine refuses is skipped by imports and reads and reported in the rule list.
 */
const ctx = useTestApp();

const EVIL = '^(a+)+$';
// 34 × 'a' then a non-matching character: exponential for a backtracking engine
const LONG = `${'a'.repeat(34)}!`;

async function setup() {
  const o = await companyOwner(ctx);
  const code = await accountCodes(o.api);
  const bankId = await newBankAccount(o.api, code('1120'), {
    account_number: '7654321',
    account_holder: 'カ）サンプル',
  });
  return { o, code, bankId };
}

function upload(o: { token: string }, bankId: number, bytes: Buffer) {
  const form = multipartForm({ bank_account_id: bankId }, { name: 'a.csv', bytes });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/bank-statements',
    payload: form.body,
    headers: { ...form.headers, authorization: `Bearer ${o.token}` },
  });
}

const lines = [
  { date: '2026-04-01', direction: 'out' as const, amount: 1000, description: LONG },
  { date: '2026-04-02', direction: 'out' as const, amount: 2000, description: 'a'.repeat(34) },
  { date: '2026-04-03', direction: 'out' as const, amount: 3000, description: 'ﾔﾁﾝ ｶ)ﾀﾞｲｲﾁ' },
];

const ruleOf = (accountId: number, regex: string, name = '悪い規則') => ({
  name,
  description_regex: regex,
  direction: 'out',
  account_id: accountId,
  tax_category: 'purchase_10',
});

async function importedRows(api: Client, importId: number) {
  const detail = (await api.get(`/api/bank-statements/${importId}`)).json().data;
  return detail.rows as { description: string; suggestion: { kind: string; rule_name?: string } | null }[];
}

describe('user patterns run in linear time', () => {
  it('previews, saves and imports with ^(a+)+$ over a long 摘要, matching exactly the all-a row', async () => {
    const { o, code, bankId } = await setup();
    // rows first, so the preview reads them
    const first = await upload(o, bankId, bankCsvFile('smbc', lines, 100_000));
    expect(first.statusCode, first.body).toBe(201);

    const rule = ruleOf(code('6200'), EVIL);
    const preview = await o.api.post('/api/company/bank-rules/preview', rule);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data.total).toBe(1);
    expect(preview.json().data.rows[0].description).toBe('a'.repeat(34));

    // case-insensitive and over the NFKC form, as before: ＡＡＡ (full width) matches ^a+$
    const wide = await o.api.post('/api/company/bank-rules/preview', { ...rule, description_regex: '^ＡＡＡ+$' });
    expect(wide.json().data.total).toBe(1);

    const saved = await o.api.post('/api/company/bank-rules', rule);
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().data.regex_refused).toBe(false);

    // the statement read runs the rule on every row
    const rows = await importedRows(o.api, first.json().data.id);
    expect(rows.find((r) => r.description === LONG)?.suggestion?.kind).not.toBe('rule');
    expect(rows.find((r) => r.description === 'a'.repeat(34))?.suggestion).toMatchObject({
      kind: 'rule',
      rule_name: '悪い規則',
    });

    // a later import notes the rule on the rows it matches
    const later = lines.map((l) => ({ ...l, date: l.date.replace('04', '05') }));
    const second = await upload(o, bankId, bankCsvFile('smbc', later, 106_000));
    expect(second.statusCode, second.body).toBe(201);
    const stored = await ctx.db
      .select({ description: bankStatementRows.description, rule_id: bankStatementRows.rule_id })
      .from(bankStatementRows)
      .where(eq(bankStatementRows.import_id, second.json().data.id));
    expect(stored.filter((r) => r.rule_id !== null).map((r) => r.description)).toEqual(['a'.repeat(34)]);
  });

  it('refuses what RE2 cannot run (lookaround, backreference, bad syntax) with a Japanese 422 on create, update and preview', async () => {
    const { o, code } = await setup();
    for (const regex of ['(?=ﾔﾁﾝ)ﾔﾁﾝ', '(a)\\1', '(?<!x)y', '(', 'a**', '((a{1,1000}){1,1000}){1,1000}']) {
      for (const url of ['/api/company/bank-rules', '/api/company/bank-rules/preview']) {
        const res = await o.api.post(url, ruleOf(code('6200'), regex));
        expect(res.statusCode, `${url} ${regex}`).toBe(422);
        expect(res.json().errors.description_regex[0]).toContain('正規表現');
      }
    }
    const ok = await o.api.post('/api/company/bank-rules', ruleOf(code('6200'), 'ﾔﾁﾝ|家賃'));
    expect(ok.statusCode).toBe(201);
    const { id, updated_at } = ok.json().data;
    const bad = await o.api.put(`/api/company/bank-rules/${id}`, {
      ...ruleOf(code('6200'), '(?!x)'),
      updated_at,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.description_regex).toBeDefined();
    const [kept] = await ctx.db.select().from(bankRules).where(eq(bankRules.id, id));
    expect(kept.description_regex).toBe('ﾔﾁﾝ|家賃');
  });

  it('skips a stored rule the engine refuses: imports and reads go on, the rule list reports it', async () => {
    const { o, code, bankId } = await setup();
    // saved before the engine changed (a JavaScript RegExp accepted the lookahead)
    const [old] = await ctx.db
      .insert(bankRules)
      .values({
        company_id: o.company.id,
        name: '古い規則',
        priority: 10,
        description_regex: '(?=ﾔﾁﾝ)ﾔﾁﾝ',
        direction: 'out',
        account_id: code('6200'),
      })
      .returning();
    const good = await o.api.post('/api/company/bank-rules', { ...ruleOf(code('6200'), 'ﾔﾁﾝ', '家賃'), priority: 20 });
    expect(good.statusCode).toBe(201);

    const res = await upload(o, bankId, bankCsvFile('smbc', lines, 100_000));
    expect(res.statusCode, res.body).toBe(201);
    const stored = await ctx.db
      .select({ rule_id: bankStatementRows.rule_id })
      .from(bankStatementRows)
      .where(and(eq(bankStatementRows.import_id, res.json().data.id), eq(bankStatementRows.amount, 3000)));
    expect(stored[0].rule_id).toBe(good.json().data.id);
    const rows = await importedRows(o.api, res.json().data.id);
    expect(rows.find((r) => r.description.startsWith('ﾔﾁﾝ'))?.suggestion).toMatchObject({ rule_name: '家賃' });

    const list = (await o.api.get('/api/company/bank-rules')).json().data as { id: number; regex_refused: boolean }[];
    expect(list.find((r) => r.id === old.id)?.regex_refused).toBe(true);
    expect(list.find((r) => r.id === good.json().data.id)?.regex_refused).toBe(false);
  });
});
