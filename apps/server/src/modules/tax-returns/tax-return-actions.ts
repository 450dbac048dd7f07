import {
  digitStringBoxes,
  formatJPY,
  PREFECTURES,
  type TaxReturnSaveValues,
  type taxReturnSettingsInput,
  todayInTokyo,
  toWareki,
} from '@chobo/core';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { companies, taxReturnSettings, taxReturns } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { assertFresh, nextVersion } from '../../lib/concurrency.js';
import type { ActionArgs, CompanyCtx, Stamped, Tenant } from '../../lib/context.js';
import { HttpError, unprocessable } from '../../lib/http-errors.js';
import { loadAccounts } from '../accounting/accounts.queries.js';
import { postEntry } from '../accounting/posting.js';
import { incomeStatement } from '../accounting/statements/income-statement.js';
import { linkPostedEntry, postFromReturn, saveCompanySettings } from './fiscal-year-return.js';
import {
  findFiscalYear,
  findTaxReturn,
  loadLocalRates,
  type TaxReturnRow,
  taxReturnDto,
} from './tax-returns.queries.js';

const WHAT = '確定申告書';
const stale = () =>
  new HttpError(409, `ほかのユーザーがこの${WHAT}を更新しました。画面を再読み込みしてから編集してください`);

/** The amount rows are derived from the lines: what a client sends for them is not kept. */
function headerOnly(form: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(form)) if (!/^line_(0[1-9]|[1-3]\d|4[0-4])_number_/.test(k)) out[k] = v;
  return out;
}

/** Creates the draft row of a fiscal year when there is none (under the unique (company, year) constraint). */
async function ensureRow(ctx: CompanyCtx, fiscalYearId: number): Promise<TaxReturnRow> {
  const existing = await findTaxReturn(ctx, fiscalYearId, true);
  if (existing) return existing;
  await ctx.db
    .insert(taxReturns)
    .values({ company_id: ctx.companyId, fiscal_year_id: fiscalYearId, updated_by: ctx.actor.userId })
    .onConflictDoNothing();
  return (await findTaxReturn(ctx, fiscalYearId, true)) as TaxReturnRow;
}

/** GET: the draft of the fiscal year (an empty one when nothing has been saved). */
export async function loadTaxReturn(tenant: Tenant, fiscalYearId: number) {
  const fy = await findFiscalYear(tenant, fiscalYearId);
  return taxReturnDto(tenant, fy, await findTaxReturn(tenant, fiscalYearId));
}

/** PUT: saves the draft as the form holds it (409 when `updated_at` is stale; null = the first save). */
export async function saveTaxReturn({
  ctx,
  input,
}: ActionArgs<CompanyCtx, TaxReturnSaveValues & { fiscal_year_id: number }>) {
  return ctx.db.transaction(async (tx) => {
    const t = { ...ctx, db: tx };
    const fy = await findFiscalYear(t, input.fiscal_year_id);
    let row = await findTaxReturn(t, fy.id, true);
    if (row) {
      if (input.updated_at === null) throw stale();
      assertFresh(row.updated_at, input.updated_at, WHAT);
    } else {
      if (input.updated_at !== null) throw stale();
      const [created] = await tx
        .insert(taxReturns)
        .values({ company_id: ctx.companyId, fiscal_year_id: fy.id, updated_by: ctx.actor.userId })
        .onConflictDoNothing()
        .returning();
      if (!created) throw stale(); // someone saved the first draft at the same moment
      row = created;
    }
    const before = await taxReturnDto(t, fy, row);
    await tx
      .update(taxReturns)
      .set({
        form: headerOnly({ ...((row.form as Record<string, string>) ?? {}), ...input.form }),
        overrides: input.overrides,
        adjustments: input.adjustments,
        inputs: input.inputs,
        updated_by: ctx.actor.userId,
        updated_at: nextVersion(taxReturns.updated_at),
      })
      .where(and(eq(taxReturns.id, row.id), eq(taxReturns.company_id, ctx.companyId)));
    const after = await taxReturnDto(t, fy, await findTaxReturn(t, fy.id));
    await audit(tx, {
      actor: ctx.actor,
      companyId: ctx.companyId,
      action: 'tax_return.update',
      targetType: 'tax_return',
      targetId: row.id,
      before: summary(before),
      after: summary(after),
    });
    return after;
  });
}

/** What the audit log keeps of a return: the inputs and the lines (the form's 500 boxes are derived). */
function summary(d: Awaited<ReturnType<typeof taxReturnDto>>) {
  return {
    fiscal_year_id: d.fiscal_year.id,
    book_income: d.book_income,
    adjustments: d.adjustments,
    inputs: d.inputs,
    overrides: d.overrides,
    lines: d.lines,
    header: headerOnly(
      Object.fromEntries(Object.entries(d.form).filter(([k, v]) => v !== '' && !k.startsWith('line_'))),
    ),
  };
}

const splitDate = (prefix: string, date: string) => {
  const w = toWareki(date);
  return {
    [`${prefix}_era`]: w.era,
    [`${prefix}_year`]: w.year_text,
    [`${prefix}_month`]: String(w.month),
    [`${prefix}_day`]: String(w.day),
  };
};

/** 銀行名 → name and kind (銀行・金庫・組合・農協・漁協), 支店名 → name and kind (本店・支店・本所・支所・出張所). */
function splitInstitution(name: string, kinds: [string, string][]): [string, string] {
  for (const [suffix, kind] of kinds)
    if (name.endsWith(suffix) && name.length > suffix.length) return [name.slice(0, -suffix.length), kind];
  return [name, ''];
}
const BANK_KINDS: [string, string][] = [
  ['信用金庫', '金庫'],
  ['信用組合', '組合'],
  ['農業協同組合', '農協'],
  ['漁業協同組合', '漁協'],
  ['銀行', '銀行'],
  ['金庫', '金庫'],
  ['組合', '組合'],
  ['農協', '農協'],
  ['漁協', '漁協'],
];
const BRANCH_KINDS: [string, string][] = [
  ['出張所', '出張所'],
  ['本店', '本店'],
  ['支店', '支店'],
  ['本所', '本所'],
  ['支所', '支所'],
];

/** The header of the form from the company profile and the fiscal year (和暦), as 「帳簿から作成」 fills it. */
async function headerFromProfile(tenant: Tenant, fy: { start_date: string; end_date: string }) {
  const [c] = await tenant.db.select().from(companies).where(eq(companies.id, tenant.companyId));
  const tel = (c.tel ?? '').split(/[-－ー‐]/).filter(Boolean);
  const today = toWareki(todayInTokyo());
  const bank = c.bank_accounts[0];
  const form: Record<string, string> = {
    shinsei_year: today.year_text,
    shinsei_month: String(today.month),
    shinsei_day: String(today.day),
    tax_office: c.tax_office ?? '',
    industry: '普通法人',
    tax_place: [c.prefecture_code ? PREFECTURES[c.prefecture_code] : '', c.address1 ?? '', c.address2 ?? '']
      .join('')
      .trim(),
    corporate_name: c.name,
    corporate_name_furigana: c.name_kana ?? '',
    business_type: c.business_type ?? '',
    amount_investment_capital: c.capital === null ? '' : String(c.capital),
    representative_name: c.representative_name ?? '',
    representative_name_furigana: c.representative_name_kana ?? '',
    tel_01: tel[0] ?? '',
    tel_02: tel[1] ?? '',
    tel_03: tel[2] ?? '',
    ...Object.fromEntries(
      digitStringBoxes(c.corporate_number).map((d, i) => [`corporate_number_${String(i + 1).padStart(2, '0')}`, d]),
    ),
    ...splitDate('fiscal_year_from', fy.start_date),
    ...splitDate('fiscal_year_to', fy.end_date),
    ...splitDate('taxable_year_from', fy.start_date),
    ...splitDate('taxable_year_to', fy.end_date),
  };
  if (bank) {
    const [bankName, bankKind] = splitInstitution(bank.bank_name, BANK_KINDS);
    const [branchName, branchKind] = splitInstitution(bank.branch_name, BRANCH_KINDS);
    Object.assign(form, {
      bank_name: bankName,
      bank_kind: bankKind,
      bank_branch_name: branchName,
      bank_branch_kind: branchKind,
      bank_deposit_type: bank.account_type,
      bank_number: bank.account_number,
    });
  }
  return form;
}

/** 税引前当期純利益 of the fiscal year, read through the accounting module's income statement. */
export async function bookIncomeOf(tenant: Tenant, fy: { start_date: string; end_date: string }) {
  const statement = await incomeStatement(tenant, { from: fy.start_date, to: fy.end_date }, false);
  return statement.totals.income_before_tax;
}

/**
 * 「帳簿から作成」: header from the company profile, the period in 和暦, line 1 from the year's
 * 税引前当期純利益 ± the 別表四 adjustments; lines 2–44 computed. Overridden lines are kept unless
 * `clear_overrides` names them (or 'all').
 */
export async function fillTaxReturn({
  ctx,
  input,
}: ActionArgs<CompanyCtx, { fiscal_year_id: number; clear_overrides?: 'all' | string[] }>) {
  const fy = await findFiscalYear(ctx, input.fiscal_year_id);
  // the statement reads committed balances; read it before the write transaction (PGlite has one connection)
  const bookIncome = await bookIncomeOf(ctx, fy);
  const header = await headerFromProfile(ctx, fy);
  return ctx.db.transaction(async (tx) => {
    const t = { ...ctx, db: tx };
    const row = await ensureRow(t, fy.id);
    const before = await taxReturnDto(t, fy, row);
    let overrides = (row.overrides as Record<string, number>) ?? {};
    if (input.clear_overrides === 'all') overrides = {};
    else if (input.clear_overrides) {
      overrides = Object.fromEntries(Object.entries(overrides).filter(([k]) => !input.clear_overrides?.includes(k)));
    }
    await tx
      .update(taxReturns)
      .set({
        form: { ...((row.form as Record<string, string>) ?? {}), ...header },
        overrides,
        book_income: bookIncome,
        filled_at: sql`now()`,
        updated_by: ctx.actor.userId,
        updated_at: nextVersion(taxReturns.updated_at),
      })
      .where(and(eq(taxReturns.id, row.id), eq(taxReturns.company_id, ctx.companyId)));
    const after = await taxReturnDto(t, fy, await findTaxReturn(t, fy.id));
    await audit(tx, {
      actor: ctx.actor,
      companyId: ctx.companyId,
      action: 'tax_return.fill',
      targetType: 'tax_return',
      targetId: row.id,
      before: summary(before),
      after: summary(after),
    });
    return after;
  });
}

/**
 * The year-end entry 法人税、住民税及び事業税 / 未払法人税等 of the return's estimate, dated the last day of
 * the fiscal year, posted only when the person confirms it (respects period locks; linked both ways and
 * owned by the return: the journal does not change it). The amount is the stored return's computed
 * estimate, never the client's: a sent `amount` that differs is refused (the draft changed since it was shown).
 */
export async function postTaxEntry({
  ctx,
  input,
}: ActionArgs<CompanyCtx, { fiscal_year_id: number; amount?: number | undefined } & Stamped>) {
  return postFromReturn(ctx, input, {
    what: WHAT,
    posted: 'この申告書の法人税等はすでに計上されています',
    find: findTaxReturn,
    post: async ({ t, tx, fy, row }) => {
      const amount = (await taxReturnDto(t, fy, row)).local_estimate.total;
      if (amount <= 0) throw unprocessable({ _: ['この申告書には計上する法人税等がありません'] });
      if (input.amount !== undefined && input.amount !== amount) {
        throw unprocessable({
          amount: [
            `計上額（${formatJPY(input.amount)}）が申告書の計算（${formatJPY(amount)}）と一致しません。申告書を保存してから計上してください`,
          ],
        });
      }
      const accounts = await loadAccounts(t);
      const expense = accounts.find((a) => a.system_key === 'income_taxes');
      const payable = accounts.find((a) => a.system_key === 'income_taxes_payable');
      if (!expense || !payable) throw unprocessable({ _: ['法人税等・未払法人税等の勘定科目がありません'] });
      const entry = await postEntry(
        t,
        {
          date: fy.end_date,
          description: '法人税、住民税及び事業税の計上（確定申告書より）',
          lines: [
            {
              account_id: expense.id,
              debit: amount,
              credit: 0,
              tax_category: 'none',
              customer_id: null,
              memo: null,
            },
            {
              account_id: payable.id,
              debit: 0,
              credit: amount,
              tax_category: 'none',
              customer_id: null,
              memo: null,
            },
          ],
        },
        { createdBy: ctx.actor.userId, source: { type: 'tax_return', id: row.id } },
      );
      await linkPostedEntry(tx, ctx, {
        table: taxReturns,
        rowId: row.id,
        entryId: entry.id,
      });
      await audit(tx, {
        actor: ctx.actor,
        companyId: ctx.companyId,
        action: 'tax_return.post_entry',
        targetType: 'tax_return',
        targetId: row.id,
        after: { entry_id: entry.id, amount, date: fy.end_date },
      });
      return taxReturnDto(t, fy, await findTaxReturn(t, fy.id));
    },
  });
}

/** PUT /api/company/tax-return-settings: the company's local tax rates (409 when stale; null = first save). */
export function saveTaxReturnSettings({ ctx, input }: ActionArgs<CompanyCtx, z.output<typeof taxReturnSettingsInput>>) {
  return saveCompanySettings(ctx, {
    table: taxReturnSettings,
    what: '税率の設定',
    updatedAt: input.updated_at,
    values: { local_rates: input.local_rates },
    load: loadLocalRates,
    kind: 'tax_return',
    stale,
  });
}
