import {
  type ConsumptionTaxDraftInputs,
  type ConsumptionTaxReturn,
  consumptionTaxDraftInputs,
  type consumptionTaxSettingsInput,
  formatJPY,
} from '@chobo/core';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { consumptionTaxReturns, consumptionTaxSettings } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { assertFresh, nextVersion } from '../../lib/concurrency.js';
import type { ActionArgs, CompanyCtx, Stamped, Tenant } from '../../lib/context.js';
import { HttpError, unprocessable } from '../../lib/http-errors.js';
import { loadAccounts } from '../accounting/accounts.queries.js';
import { postEntry } from '../accounting/posting.js';
import { linkPostedEntry, postFromReturn, saveCompanySettings } from '../tax-returns/fiscal-year-return.js';
import {
  type ConsumptionTaxRow,
  computeOr422,
  consumptionTaxReturnDto,
  defaultInputs,
  electionOf,
  findConsumptionTaxReturn,
  findFiscalYear,
  loadConsumptionTaxSettings,
  settlementOf,
  taxAccountBalances,
} from './consumption-tax.queries.js';
import { basePeriodTaxableSales, fillFromBooks } from './consumption-tax-fill.js';

const WHAT = '消費税の申告書';
export const CONSUMPTION_TAX_SOURCE_TYPE = 'consumption_tax_return';
const stale = () =>
  new HttpError(409, `ほかのユーザーがこの${WHAT}を更新しました。画面を再読み込みしてから編集してください`);

/** What the audit log keeps of a return: its inputs and the figures of 第一表. */
const summary = (d: ConsumptionTaxReturn) => ({
  fiscal_year_id: d.fiscal_year.id,
  inputs: d.inputs,
  lines: d.result?.lines ?? null,
  refusal: d.refusal,
  entry_id: d.entry_id,
});

/** GET: the draft of the fiscal year (the settings' defaults when nothing has been saved). */
export async function loadConsumptionTaxReturn(tenant: Tenant, fiscalYearId: number) {
  const fy = await findFiscalYear(tenant, fiscalYearId);
  return consumptionTaxReturnDto(tenant, fy, await findConsumptionTaxReturn(tenant, fiscalYearId));
}

/**
 * Writes the draft's inputs (and sources) under the optimistic check: `updated_at` null creates the first
 * draft, a stale one is 409. On save, a refused method or combination is 422 and nothing is stored.
 */
async function writeDraft(
  ctx: CompanyCtx,
  fiscalYearId: number,
  updatedAt: string | null | undefined,
  make: (
    tenant: Tenant,
    row: ConsumptionTaxRow | null,
    fy: { start_date: string; end_date: string },
  ) => Promise<{
    inputs: ConsumptionTaxDraftInputs;
    sources?: unknown;
  }>,
  action: 'consumption_tax_return.update' | 'consumption_tax_return.fill',
) {
  const fy = await findFiscalYear(ctx, fiscalYearId);
  const existing = await findConsumptionTaxReturn(ctx, fy.id);
  // the books are read before the write transaction (PGlite has one connection)
  const made = await make(ctx, existing, fy);
  // a person's choice the law refuses is 422 with nothing stored; figures read from the books are stored as they
  // are, the answer's `refusal` saying what is still to choose (e.g. 個別対応 / 一括比例 over 5億円)
  // (the company settings' 簡易課税 election included: 簡易課税 without it, 一般課税 under it)
  if (action === 'consumption_tax_return.update')
    computeOr422(
      { ...made.inputs, period_start: fy.start_date, period_end: fy.end_date },
      electionOf(await loadConsumptionTaxSettings(ctx)),
    );
  return ctx.db.transaction(async (tx) => {
    const t = { ...ctx, db: tx };
    let row = await findConsumptionTaxReturn(t, fy.id, true);
    if (updatedAt !== undefined) {
      if (row) {
        if (updatedAt === null) throw stale();
        assertFresh(row.updated_at, updatedAt, WHAT);
      } else if (updatedAt !== null) throw stale();
    }
    const before = row ? { fiscal_year_id: fy.id, inputs: row.inputs, entry_id: row.entry_id } : undefined;
    if (!row) {
      const [created] = await tx
        .insert(consumptionTaxReturns)
        .values({ company_id: ctx.companyId, fiscal_year_id: fy.id, updated_by: ctx.actor.userId })
        .onConflictDoNothing()
        .returning();
      if (!created) throw stale();
      row = created;
    }
    await tx
      .update(consumptionTaxReturns)
      .set({
        inputs: made.inputs,
        ...(made.sources !== undefined ? { sources: made.sources, filled_at: sql`now()` } : {}),
        updated_by: ctx.actor.userId,
        updated_at: nextVersion(consumptionTaxReturns.updated_at),
      })
      .where(and(eq(consumptionTaxReturns.id, row.id), eq(consumptionTaxReturns.company_id, ctx.companyId)));
    const after = await consumptionTaxReturnDto(t, fy, await findConsumptionTaxReturn(t, fy.id));
    await audit(tx, {
      actor: ctx.actor,
      companyId: ctx.companyId,
      action,
      targetType: 'consumption_tax_return',
      targetId: row.id,
      before,
      after: summary(after),
    });
    return after;
  });
}

/** PUT: saves the inputs (409 when `updated_at` is stale; null = the first save; 422 on a refused choice). */
export function saveConsumptionTaxReturn({
  ctx,
  input,
}: ActionArgs<CompanyCtx, { fiscal_year_id: number; inputs: ConsumptionTaxDraftInputs; updated_at: string | null }>) {
  return writeDraft(
    ctx,
    input.fiscal_year_id,
    input.updated_at,
    async () => ({ inputs: input.inputs }),
    'consumption_tax_return.update',
  );
}

/**
 * POST …/fill: the figures from the books (journal lines by 税区分, invoices, documents), keeping what the
 * books cannot say (method, 計算方法, 基準期間の課税売上高, 中間納付). Stored with their sources.
 */
export async function fillConsumptionTaxReturn({
  ctx,
  input,
}: ActionArgs<CompanyCtx, { fiscal_year_id: number; updated_at?: string | null | undefined }>) {
  let sources: unknown;
  let inputs: ConsumptionTaxDraftInputs | undefined;
  const ret = await writeDraft(
    ctx,
    input.fiscal_year_id,
    input.updated_at,
    async (tenant, row, fy) => {
      const settings = await loadConsumptionTaxSettings(tenant);
      const keep = row ? consumptionTaxDraftInputs.parse(row.inputs) : defaultInputs(settings);
      const filled = await fillFromBooks(tenant, { from: fy.start_date, to: fy.end_date }, keep);
      // 基準期間の課税売上高 0 would let the 2割特例 through: the 基準期間's books (or the previous return) say it,
      // unless the settings state it for a year not yet saved
      const stated = !row && settings.base_period_taxable_sales !== null;
      const base = keep.base_period_taxable_sales === 0 && !stated ? await basePeriodTaxableSales(tenant, fy) : null;
      if (stated)
        filled.sources.base_period_taxable_sales = [
          {
            kind: 'settings',
            label: '消費税の設定の基準期間の課税売上高',
            amount: keep.base_period_taxable_sales,
            count: 0,
            query: {},
          },
        ];
      if (base) {
        filled.inputs.base_period_taxable_sales = base.amount;
        filled.sources.base_period_taxable_sales = [base.source];
      }
      sources = filled.sources;
      inputs = filled.inputs;
      return filled;
    },
    'consumption_tax_return.fill',
  );
  return { ...ret, inputs: inputs ?? ret.inputs, sources: (sources as ConsumptionTaxReturn['sources']) ?? ret.sources };
}

/**
 * POST …/post-entry: the settlement on the fiscal year's last day — 仮受消費税等 (debit its balance) and
 * 仮払消費税等 (credit its balance) closed against 未払消費税等 (the year's tax less nothing: ㉖ + the 中間納付,
 * which were paid from 未払消費税等 / 仮払金 during the year), the difference to 雑収入 / 雑損失. Refused in a
 * locked period (postEntry), linked both ways (the return keeps entry_id; the entry's source is the return).
 */
export async function postConsumptionTaxEntry({
  ctx,
  input,
}: ActionArgs<CompanyCtx, { fiscal_year_id: number; total_payable?: number | undefined } & Stamped>) {
  return postFromReturn(ctx, input, {
    what: WHAT,
    posted: 'この申告書の消費税の精算仕訳はすでに計上されています',
    find: findConsumptionTaxReturn,
    post: async ({ t, tx, fy, row }) => {
      const inputs = consumptionTaxDraftInputs.parse(row.inputs);
      const result = computeOr422(
        { ...inputs, period_start: fy.start_date, period_end: fy.end_date },
        electionOf(await loadConsumptionTaxSettings(t)),
      );
      if (input.total_payable !== undefined && input.total_payable !== result.total_payable)
        throw unprocessable({
          total_payable: [
            `合計税額（${formatJPY(input.total_payable)}）が申告書の計算（${formatJPY(result.total_payable)}）と一致しません。申告書を保存してから計上してください`,
          ],
        });
      const balances = await taxAccountBalances(t, fy, row.entry_id);
      // a settlement booked otherwise (by hand) closes the same balances: not posted twice
      if (balances.posted)
        throw unprocessable({ _: ['この年度の消費税の精算仕訳はすでに計上されています（仕訳を確認してください）'] });
      const s = settlementOf(result, balances);
      const accounts = await loadAccounts(t);
      const byKey = (k: string) => accounts.find((a) => a.system_key === k);
      const byCode = (c: string, name: string) => accounts.find((a) => a.code === c || a.name === name);
      const received = byKey('received_consumption_tax');
      const prepaid = byKey('prepaid_consumption_tax');
      const payable = byKey('consumption_tax_payable');
      const income = byCode('7130', '雑収入');
      const loss = byCode('7520', '雑損失');
      if (!received || !prepaid || !payable || !income || !loss)
        throw unprocessable({ _: ['仮受消費税等・仮払消費税等・未払消費税等・雑収入・雑損失の勘定科目がありません'] });
      type Line = Parameters<typeof postEntry>[1]['lines'][number];
      const line = (account_id: number, debit: number, credit: number, memo: string): Line => ({
        account_id,
        debit,
        credit,
        tax_category: 'none',
        customer_id: null,
        memo,
      });
      const lines: Line[] = [];
      const side = (id: number, amount: number, memo: string, debitWhenPositive: boolean) => {
        if (amount === 0) return;
        const debit = amount > 0 === debitWhenPositive;
        lines.push(line(id, debit ? Math.abs(amount) : 0, debit ? 0 : Math.abs(amount), memo));
      };
      side(received.id, s.output_balance, '仮受消費税等の精算', true);
      side(prepaid.id, s.input_balance, '仮払消費税等の精算', false);
      side(payable.id, s.payable, '消費税及び地方消費税の確定額', false);
      if (s.rounding > 0) side(income.id, s.rounding, '消費税の端数差額', false);
      if (s.rounding < 0) side(loss.id, -s.rounding, '消費税の端数差額', true);
      if (lines.length === 0) throw unprocessable({ _: ['精算する消費税がありません'] });
      const entry = await postEntry(
        t,
        { date: fy.end_date, description: '消費税等の精算（消費税の申告書より）', lines },
        { createdBy: ctx.actor.userId, source: { type: CONSUMPTION_TAX_SOURCE_TYPE, id: row.id } },
      );
      await linkPostedEntry(tx, ctx, {
        table: consumptionTaxReturns,
        rowId: row.id,
        entryId: entry.id,
      });
      await audit(tx, {
        actor: ctx.actor,
        companyId: ctx.companyId,
        action: 'consumption_tax_return.post_entry',
        targetType: 'consumption_tax_return',
        targetId: row.id,
        after: { entry_id: entry.id, date: fy.end_date, ...s },
      });
      return consumptionTaxReturnDto(t, fy, await findConsumptionTaxReturn(t, fy.id));
    },
  });
}

/** PUT /api/company/consumption-tax-settings (409 when stale; null = first save). */
export function saveConsumptionTaxSettings({
  ctx,
  input,
}: ActionArgs<CompanyCtx, z.output<typeof consumptionTaxSettingsInput>>) {
  return saveCompanySettings(ctx, {
    table: consumptionTaxSettings,
    what: '消費税の設定',
    updatedAt: input.updated_at,
    values: {
      method: input.method,
      main_business_type: input.main_business_type,
      sales_calc: input.sales_calc,
      purchase_calc: input.purchase_calc,
      apportionment: input.apportionment,
      base_period_taxable_sales: input.base_period_taxable_sales,
      interim_national: input.interim_national,
      interim_local: input.interim_local,
    },
    load: loadConsumptionTaxSettings,
    kind: 'consumption_tax_return',
    stale,
  });
}
