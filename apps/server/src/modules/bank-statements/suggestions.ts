import { type BankSuggestion, nonQualifiedDeductiblePercent, registrationStatusOn } from '@chobo/core';
import { and, asc, eq } from 'drizzle-orm';
import { accounts, bankRules, type bankStatementRows, customers } from '../../db/schema/index.js';
import type { Tenant } from '../../lib/context.js';
import {
  type OpenTransfer,
  openTransfers,
  transferOfRow,
  transferSuggestion,
} from '../payment-batches/payment-batch-settlement.js';
import { lookupRegistrations } from '../registry/registry.queries.js';
import { bestMatch, loadOpenItems, type OpenItem } from './matching.js';
import { type CompiledRule, compileRule, firstRule, rewriteDescription, splitLines } from './rules.js';

/** What an unconfirmed row would be posted as: the company's rules first, else the best explained match. */

export async function loadCompiledRules(tenant: Tenant): Promise<CompiledRule[]> {
  const rows = await tenant.db
    .select()
    .from(bankRules)
    .where(and(eq(bankRules.company_id, tenant.companyId), eq(bankRules.is_active, true)))
    .orderBy(asc(bankRules.priority), asc(bankRules.id));
  return rows.map((r) =>
    compileRule({
      ...r,
      amount_min: r.amount_min === null ? null : Number(r.amount_min),
      amount_max: r.amount_max === null ? null : Number(r.amount_max),
      splits: r.splits as CompiledRule['rule']['splits'],
    }),
  );
}

interface AccountRefs {
  byId: Map<number, string>;
  receivable: number | null;
  payable: number | null;
  fee: number | null;
}

async function accountRefs(tenant: Tenant): Promise<AccountRefs> {
  const rows = await tenant.db
    .select({ id: accounts.id, name: accounts.name, key: accounts.system_key, code: accounts.code })
    .from(accounts)
    .where(eq(accounts.company_id, tenant.companyId));
  return {
    byId: new Map(rows.map((r) => [r.id, r.name])),
    receivable: rows.find((r) => r.key === 'accounts_receivable')?.id ?? null,
    payable: rows.find((r) => r.key === 'accounts_payable')?.id ?? null,
    fee: rows.find((r) => r.name === '支払手数料')?.id ?? null,
  };
}

export type StoredRow = typeof bankStatementRows.$inferSelect;

/** The suggestion of an unconfirmed row: the first matching rule, else the best explained match. */
export function suggest(
  row: StoredRow,
  rules: CompiledRule[],
  open: { receivables: OpenItem[]; payables: OpenItem[]; transfers?: OpenTransfer[] },
  refs: AccountRefs,
  customerNames: Map<number, string>,
  suppliers: SupplierRegistrations = new Map(),
): BankSuggestion | null {
  const amount = Number(row.amount);
  const direction = row.direction as 'in' | 'out';
  // an 出金 of a payment batch's transfer (its date, account and amount) before any rule
  const transfer = refs.payable ? transferOfRow({ ...row, amount }, open.transfers ?? []) : null;
  if (transfer && refs.payable)
    return transferSuggestion(transfer, amount, { id: refs.payable, name: refs.byId.get(refs.payable) ?? null });
  const rule = firstRule(rules, {
    direction,
    amount,
    search: row.description_search,
    counterparty_name: row.counterparty_name,
  });
  if (rule) {
    const plan = splitLines(amount, rule.rule, rule.rule.splits);
    if (plan) {
      const nq = nonQualifiedPurchase(
        rule.rule.tax_category,
        rule.rule.customer_id,
        row.date,
        suppliers,
        customerNames,
      );
      return {
        kind: 'rule',
        rule_id: rule.rule.id,
        rule_name: rule.rule.name,
        score: 100,
        reasons: [`ルール「${rule.rule.name}」の条件に一致`, ...(nq ? [nq.reason] : [])],
        account_id: rule.rule.account_id,
        account_name: refs.byId.get(rule.rule.account_id) ?? null,
        tax_category: nq?.tax_category ?? rule.rule.tax_category,
        customer_id: rule.rule.customer_id,
        customer_name: rule.rule.customer_id ? (customerNames.get(rule.rule.customer_id) ?? null) : null,
        description: rewriteDescription(rule.rule.description_template, { ...row, amount }),
        splits: plan.splits,
        fee: 0,
        matches: [],
      };
    }
  }
  const items = direction === 'in' ? open.receivables : open.payables;
  const m = bestMatch({ ...row, amount, direction }, items);
  const account = direction === 'in' ? refs.receivable : refs.payable;
  if (!m || !account) return null;
  const outFee = direction === 'out' && m.fee > 0 && refs.fee;
  return {
    kind: 'match',
    rule_id: null,
    rule_name: null,
    score: m.score,
    reasons: m.reasons,
    account_id: account,
    account_name: refs.byId.get(account) ?? null,
    tax_category: 'none',
    customer_id: m.matches[0].customer_id,
    customer_name: m.matches[0].customer_name,
    description:
      `${direction === 'in' ? '入金' : '支払'} ${m.matches[0].customer_name} ${m.matches.map((x) => x.label.split(' ')[1]).join('・')}`.slice(
        0,
        255,
      ),
    splits: outFee
      ? [{ account_id: refs.fee as number, tax_category: 'purchase_10', amount: m.fee, description: '振込手数料' }]
      : [],
    fee: direction === 'in' ? m.fee : 0,
    matches: m.matches,
  };
}

/**
 * The company's customers' 登録番号 and what the offline registry says of each (absent when the registry does
 * not hold the number or holds no data: the number is then taken as written).
 */
export type SupplierRegistrations = Map<
  number,
  {
    registration_number: string | null;
    registry: { registered_on: string | null; cancelled_on: string | null; expired_on: string | null } | null;
  }
>;

/** 仕入 税区分 that become their 適格請求書なし (経過措置) form when the supplier is not registered that day. */
const NON_QUALIFIED_OF: Record<string, string> = { purchase_10: 'purchase_nq_10', purchase_8: 'purchase_nq_8' };

/**
 * A rule's 課税仕入 for a supplier that was not a 適格請求書発行事業者 on the row's date (no 登録番号, or the
 * registry shows it not yet registered, cancelled or expired): the 経過措置 税区分 instead of full credit, with
 * the reason shown beside the suggestion. Null when the rule's 税区分 stands.
 */
export function nonQualifiedPurchase(
  taxCategory: string,
  customerId: number | null,
  date: string,
  suppliers: SupplierRegistrations,
  customerNames: Map<number, string>,
): { tax_category: string; reason: string } | null {
  const nq = NON_QUALIFIED_OF[taxCategory];
  const s = customerId === null ? undefined : suppliers.get(customerId);
  if (!nq || !s) return null;
  const name = customerNames.get(customerId as number) ?? '';
  const share = nonQualifiedDeductiblePercent(date);
  if (!s.registration_number)
    return {
      tax_category: nq,
      reason: `取引先「${name}」に登録番号がないため、適格請求書なし（経過措置 ${share}%控除）としました`,
    };
  if (!s.registry) return null;
  const status = registrationStatusOn(s.registry, date);
  if (status === 'valid') return null;
  const why =
    status === 'not_yet'
      ? 'まだ登録されていない'
      : status === 'cancelled'
        ? '登録が取り消されている'
        : '登録が失効している';
  return {
    tax_category: nq,
    reason: `取引先「${name}」（${s.registration_number}）は${date}に${why}ため、適格請求書なし（経過措置 ${share}%控除）としました`,
  };
}

export async function suggestionContext(tenant: Tenant) {
  const [rules, items, transfers, refs, custs] = await Promise.all([
    loadCompiledRules(tenant),
    loadOpenItems(tenant),
    openTransfers(tenant),
    accountRefs(tenant),
    tenant.db
      .select({ id: customers.id, name: customers.name, registration_number: customers.registration_number })
      .from(customers)
      .where(eq(customers.company_id, tenant.companyId)),
  ]);
  const open = { ...items, transfers };
  // only the customers a rule names: the registry read is one statement for them
  const named = new Set(rules.map((r) => r.rule.customer_id).filter((id): id is number => id !== null));
  const ruled = custs.filter((c) => named.has(c.id));
  const registry = await lookupRegistrations(
    tenant.db,
    ruled.flatMap((c) => (c.registration_number ? [c.registration_number] : [])),
  );
  const suppliers: SupplierRegistrations = new Map(
    ruled.map((c) => [
      c.id,
      {
        registration_number: c.registration_number,
        registry: c.registration_number ? (registry.get(c.registration_number) ?? null) : null,
      },
    ]),
  );
  return { rules, open, refs, customerNames: new Map(custs.map((c) => [c.id, c.name])), suppliers };
}
