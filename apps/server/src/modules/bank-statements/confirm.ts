import type {
  BankConfirmResult,
  BankConfirmValues,
  BankRuleOffer,
  BankSuggestion,
  JournalEntryValues,
  JournalLineValues,
} from '@chobo/core';
import { and, eq, sql } from 'drizzle-orm';
import { bankStatementRows } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import type { ActionArgs, CompanyCtx, Tenant } from '../../lib/context.js';
import { HttpError, notFound, unprocessable } from '../../lib/http-errors.js';
import { postEntry, withDbRefusals } from '../accounting/posting.js';
import { batchPaymentForBankRow } from '../payment-batches/payment-batch-settlement.js';
import { paymentForBankRow } from './payments-seam.js';
import { findImport } from './review.js';
import { lockRow } from './row-edits.js';
import { firstRule } from './rules.js';
import { loadCompiledRules, type StoredRow, suggest, suggestionContext } from './suggestions.js';
import { IMPORT_NOT_FOUND, NOT_IMPORTED } from './visibility.js';

/** The confirm step: each row posted as one journal entry (or a payment), learning offers a rule. */

export const SOURCE_TYPE = 'bank_statement_row';

type ConfirmRow = BankConfirmValues['rows'][number];

/** The journal entry of a row: the bank line against the suggestion's (or the person's) lines. */
function entryOf(
  row: StoredRow,
  bankAccountId: number,
  plan: {
    account_id: number;
    tax_category: string;
    customer_id: number | null;
    description: string;
    splits: { account_id: number; tax_category: string; amount: number; description: string | null }[];
    fee: number;
    feeAccount: number | null;
    matches: { customer_id: number; amount: number }[];
  },
): JournalEntryValues {
  const amount = Number(row.amount);
  const inflow = row.direction === 'in';
  const side = (v: number, debit: boolean) => ({ debit: debit ? v : 0, credit: debit ? 0 : v });
  const line = (
    account_id: number,
    v: number,
    debit: boolean,
    tax: string,
    customer_id: number | null,
    memo: string | null,
  ): JournalLineValues => ({
    account_id,
    ...side(v, debit),
    tax_category: tax as JournalLineValues['tax_category'],
    customer_id,
    memo,
  });
  const lines: JournalLineValues[] = [line(bankAccountId, amount, inflow, 'none', null, null)];
  if (plan.fee > 0 && plan.feeAccount)
    lines.push(line(plan.feeAccount, plan.fee, true, 'purchase_10', null, '振込手数料'));
  const splitTotal = plan.splits.reduce((s, x) => s + x.amount, 0);
  if (plan.matches.length) {
    for (const m of plan.matches)
      lines.push(line(plan.account_id, m.amount, !inflow, plan.tax_category, m.customer_id, null));
  } else {
    const main = amount + (inflow ? plan.fee : 0) - splitTotal;
    if (main <= 0) throw unprocessable({ splits: ['分割の合計が明細の金額以上です'] });
    lines.push(line(plan.account_id, main, !inflow, plan.tax_category, plan.customer_id, null));
  }
  for (const s of plan.splits) lines.push(line(s.account_id, s.amount, !inflow, s.tax_category, null, s.description));
  return { date: row.date, description: plan.description.slice(0, 255) || '銀行明細', lines };
}

/**
 * Confirms rows in bulk: each row in its own transaction (one bad row does not stop the others) posts one
 * journal entry linked both ways (source_type 'bank_statement_row'), notes what it settled, and calls the
 * payments seam. Rows confirmed the same way as an earlier row are offered as a rule.
 */
export async function confirmRows({
  ctx,
  input: { importId, rows },
}: ActionArgs<CompanyCtx, { importId: number; rows: ConfirmRow[] }>): Promise<BankConfirmResult> {
  const imp = await findImport(ctx, importId);
  if (!imp) throw notFound(IMPORT_NOT_FOUND);
  if (rows.length === 0) throw unprocessable({ rows: ['確定する明細を選択してください'] });
  if (imp.status !== 'imported') throw unprocessable({ _: [NOT_IMPORTED] });
  if (!imp.account_id) {
    throw unprocessable({
      _: ['銀行口座に勘定科目（普通預金など）が設定されていません。銀行口座の設定で選択してください'],
    });
  }
  const bankAccountId = imp.account_id;
  const result: BankConfirmResult = { confirmed: [], failed: [], rule_offers: [] };
  const offered = new Set<string>();
  for (const given of rows) {
    try {
      const done = await withDbRefusals(() =>
        ctx.db.transaction(async (tx) => {
          const t = { ...ctx, db: tx };
          const row = await lockRow(t, importId, given.id);
          if (row.status !== 'unconfirmed') throw unprocessable({ _: ['この明細はすでに確定されています'] });
          const sctx = await suggestionContext(t);
          // a change stored on the row (PUT …/rows/{row_id}) stands unless the request brings its own
          const input: ConfirmRow =
            given.account_id === undefined && row.edit_account_id !== null
              ? {
                  ...given,
                  account_id: row.edit_account_id,
                  tax_category:
                    given.tax_category ?? ((row.edit_tax_category ?? undefined) as ConfirmRow['tax_category']),
                  description: given.description ?? row.edit_description,
                }
              : given;
          const manual = input.account_id !== undefined;
          const s = manual ? null : suggest(row, sctx.rules, sctx.open, sctx.refs, sctx.customerNames, sctx.suppliers);
          if (!manual && !s)
            throw unprocessable({ account_id: ['仕訳の候補がありません。勘定科目を選んで確定してください'] });
          const plan = manual
            ? {
                account_id: input.account_id as number,
                tax_category: input.tax_category ?? 'none',
                customer_id: input.customer_id ?? null,
                description: input.description ?? row.description,
                splits: (input.splits ?? []).map((x) => ({ ...x, tax_category: x.tax_category ?? 'none' })),
                fee: 0,
                feeAccount: null,
                matches: [],
              }
            : {
                account_id: (s as BankSuggestion).account_id as number,
                tax_category: (s as BankSuggestion).tax_category,
                customer_id: input.customer_id ?? (s as BankSuggestion).customer_id,
                description: input.description ?? (s as BankSuggestion).description,
                splits: (s as BankSuggestion).splits,
                fee: (s as BankSuggestion).fee,
                feeAccount: sctx.refs.fee,
                matches: (s as BankSuggestion).matches,
              };
          // a row matched to open documents becomes a payment, whose entry is the row's (payments-seam.ts)
          // …or, for an 出金 paying a payment batch's transfer, the transfer's payment (payment-batches)
          const viaBatch = plan.matches.length
            ? await batchPaymentForBankRow(t, { ...row, amount: Number(row.amount) })
            : null;
          const viaPayment = viaBatch
            ? viaBatch
            : plan.matches.length
              ? await paymentForBankRow(t, {
                  row: { ...row, amount: Number(row.amount) },
                  matches: plan.matches,
                  fee: plan.fee,
                })
              : null;
          const entry =
            viaPayment ??
            (await postEntry(t, entryOf(row, bankAccountId, plan), {
              createdBy: ctx.actor.userId,
              source: { type: SOURCE_TYPE, id: row.id },
            }));
          const confirmedAs = `${row.direction}:${plan.account_id}:${plan.tax_category}:${plan.customer_id ?? ''}`;
          await tx
            .update(bankStatementRows)
            .set({
              status: 'confirmed',
              journal_entry_id: entry.id,
              rule_id: s?.rule_id ?? null,
              matched: plan.matches.map((m) => ({ type: m.type, id: m.id, amount: m.amount })),
              confirmed_as: confirmedAs.slice(0, 64),
              confirmed_by: ctx.actor.userId,
              confirmed_at: new Date(),
            })
            .where(eq(bankStatementRows.id, row.id));
          await audit(tx, {
            actor: ctx.actor,
            companyId: ctx.companyId,
            action: 'bank_statement_row.confirm',
            targetType: 'bank_statement_row',
            targetId: row.id,
            after: { journal_entry_id: entry.id, plan },
          });
          return { row, entry, manual: manual || s?.kind === 'match' ? confirmedAs : null, plan };
        }),
      );
      result.confirmed.push({
        id: done.row.id,
        journal_entry_id: done.entry.id,
        journal_entry_number: done.entry.number,
      });
      if (done.manual && done.plan.matches.length === 0) {
        const offer = await ruleOffer(ctx, done.row, done.manual, done.plan);
        if (offer && !offered.has(offer.description_contains)) {
          offered.add(offer.description_contains);
          result.rule_offers.push(offer);
        }
      }
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      const messages = Object.values(err.errors ?? {}).flat();
      result.failed.push({ id: given.id, message: messages[0] ?? err.message });
    }
  }
  return result;
}

/** Learning: a row confirmed the same way as an earlier row with the same description offers a rule. */
async function ruleOffer(
  tenant: Tenant,
  row: StoredRow,
  confirmedAs: string,
  plan: { account_id: number; tax_category: string; customer_id: number | null },
): Promise<BankRuleOffer | null> {
  const [same] = await tenant.db
    .select({ id: bankStatementRows.id })
    .from(bankStatementRows)
    .where(
      and(
        eq(bankStatementRows.company_id, tenant.companyId),
        eq(bankStatementRows.status, 'confirmed'),
        eq(bankStatementRows.description_search, row.description_search),
        eq(bankStatementRows.confirmed_as, confirmedAs),
        sql`${bankStatementRows.id} <> ${row.id}`,
        sql`${bankStatementRows.rule_id} is null`,
      ),
    )
    .limit(1);
  if (!same) return null;
  const rules = await loadCompiledRules(tenant);
  if (
    firstRule(rules, {
      direction: row.direction as 'in',
      amount: Number(row.amount),
      search: row.description_search,
      counterparty_name: row.counterparty_name,
    })
  ) {
    return null;
  }
  return {
    name: `${row.description_search.slice(0, 80)}`,
    description_contains: row.description_search.slice(0, 100),
    direction: row.direction as 'in' | 'out',
    account_id: plan.account_id,
    tax_category: plan.tax_category,
    customer_id: plan.customer_id,
  };
}
