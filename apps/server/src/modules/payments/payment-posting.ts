import { type JournalEntryValues, paymentFigures } from '@chobo/core';
import { and, eq, inArray, or } from 'drizzle-orm';
import { accounts, bankAccounts } from '../../db/schema/index.js';
import type { Tenant } from '../../lib/context.js';
import { unprocessable } from '../../lib/http-errors.js';
import { seedDefaultAccounts } from '../accounting/chart-of-accounts.js';
import { assertOpen, type PostingInput, postEntry } from '../accounting/posting.js';

/**
 * The books side of a payment (入金・支払), one entry on its date linked both ways (source_type 'payment'):
 * - 入金: 普通預金 (what arrived) + 支払手数料 / 仮払消費税等 (the fee we bore) / 売掛金 (allocated) + 前受金
 *   (not yet allocated);
 * - 支払: 買掛金 or 未払金 (allocated, by the document's own credit account) + 前渡金 (not yet allocated) +
 *   支払手数料 / 仮払消費税等 (the fee we bore) / 普通預金 (what left the account).
 * Paid in cash (method 2): 現金 instead of 普通預金. Replaced by the sales module's withdrawEntry.
 */
export const SOURCE_TYPE = 'payment';

export interface PaymentAccounts {
  bank: number;
  cash: number;
  receivable: number;
  payable: number;
  otherPayable: number;
  advanceReceived: number;
  advancePaid: number;
  fee: number;
  prepaidTax: number;
}

const KEYS = ['ordinary_deposit', 'cash', 'accounts_receivable', 'accounts_payable', 'prepaid_consumption_tax'];
const CODES = {
  otherPayable: ['2140', '未払金'],
  advanceReceived: ['2180', '前受金'],
  advancePaid: ['1410', '前渡金'],
  fee: ['6240', '支払手数料'],
} as const;

export async function paymentAccounts(tenant: Tenant): Promise<PaymentAccounts> {
  const read = () =>
    tenant.db
      .select({ id: accounts.id, key: accounts.system_key, code: accounts.code, name: accounts.name })
      .from(accounts)
      .where(
        and(
          eq(accounts.company_id, tenant.companyId),
          or(
            inArray(accounts.system_key, KEYS),
            inArray(
              accounts.code,
              Object.values(CODES).map((c) => c[0]),
            ),
            inArray(
              accounts.name,
              Object.values(CODES).map((c) => c[1]),
            ),
          ),
        ),
      );
  let rows = await read();
  if (rows.filter((r) => r.key && KEYS.includes(r.key)).length < KEYS.length) {
    await seedDefaultAccounts(tenant);
    rows = await read();
  }
  const byKey = (k: string) => rows.find((r) => r.key === k)?.id;
  const byCode = ([code, name]: readonly [string, string]) =>
    rows.find((r) => r.name === name)?.id ?? rows.find((r) => r.code === code)?.id;
  const found = {
    bank: byKey('ordinary_deposit'),
    cash: byKey('cash'),
    receivable: byKey('accounts_receivable'),
    payable: byKey('accounts_payable'),
    prepaidTax: byKey('prepaid_consumption_tax'),
    otherPayable: byCode(CODES.otherPayable),
    advanceReceived: byCode(CODES.advanceReceived),
    advancePaid: byCode(CODES.advancePaid),
    fee: byCode(CODES.fee),
  };
  if (Object.values(found).some((v) => v === undefined)) {
    throw unprocessable({
      _: [
        '入出金の仕訳に必要な勘定科目（普通預金・現金・売掛金・買掛金・未払金・前受金・前渡金・支払手数料）がありません',
      ],
    });
  }
  return found as PaymentAccounts;
}

/**
 * The company's bank account named by a payment's `bank_account_id` (bank_accounts.id, this company's;
 * another company's or an unknown id → 422): its label, and the 勘定科目 it posts to — the account's linked
 * 勘定科目 (account_id, e.g. a sub-account of 普通預金), else 普通預金.
 */
export async function bankAccountFor(
  tenant: Tenant,
  bankAccountId: number | null,
): Promise<{ id: number | null; label: string | null; accountId: (acc: PaymentAccounts) => number }> {
  if (bankAccountId === null) return { id: null, label: null, accountId: (acc) => acc.bank };
  const [b] = await tenant.db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.id, bankAccountId), eq(bankAccounts.company_id, tenant.companyId)));
  if (!b) throw unprocessable({ bank_account_id: ['口座が見つかりません'] });
  const linked = b.account_id;
  return { id: b.id, label: bankAccountLabel(b), accountId: (acc) => linked ?? acc.bank };
}

export function bankAccountLabel(b: {
  bank_name: string;
  branch_name?: string | null;
  account_type?: string | null;
  account_number?: string | null;
}) {
  return [b.bank_name, b.branch_name, b.account_type, b.account_number].filter(Boolean).join(' ');
}

export interface PostingAllocation {
  amount: number;
  /** 入金: 売掛金; 支払: 買掛金 or 未払金 (the document's own credit account). */
  account: 'receivable' | 'payable' | 'otherPayable';
}

export interface PaymentForPosting {
  id: number;
  direction: 'in' | 'out';
  date: string;
  customer_id: number;
  customer_name: string;
  amount: number;
  method: number;
  fee: number;
  fee_bearer: 'us' | 'them';
  bank_account_id: number | null;
}

export function paymentEntry(
  p: PaymentForPosting,
  allocations: PostingAllocation[],
  acc: PaymentAccounts,
  bankAccountId: number = acc.bank,
): PostingInput {
  const f = paymentFigures({ ...p, allocations });
  const lines: PostingInput['lines'] = [];
  const push = (
    account_id: number,
    debit: number,
    credit: number,
    memo: string | null,
    tax: JournalEntryValues['lines'][number]['tax_category'] = 'none',
  ) => {
    if (debit + credit > 0)
      lines.push({ account_id, debit, credit, tax_category: tax, customer_id: p.customer_id, memo });
  };
  const money = p.method === 2 ? acc.cash : bankAccountId;
  const sum = (a: PostingAllocation['account']) =>
    allocations.filter((x) => x.account === a).reduce((s, x) => s + x.amount, 0);
  // the fee we bore, gross as 課税仕入10%: postEntry splits it under 税抜経理 (core splitEntryTax)
  if (p.direction === 'in') {
    push(money, f.bank, 0, null);
    push(acc.fee, f.feeExpense, 0, '振込手数料（当方負担）', 'purchase_10');
    push(acc.receivable, 0, sum('receivable'), null);
    push(acc.advanceReceived, 0, f.unallocated, '未消込');
  } else {
    push(acc.payable, sum('payable'), 0, null);
    push(acc.otherPayable, sum('otherPayable'), 0, null);
    push(acc.advancePaid, f.unallocated, 0, '未消込');
    push(acc.fee, f.feeExpense, 0, '振込手数料（当方負担）', 'purchase_10');
    push(money, 0, f.bank, null);
  }
  const what = p.direction === 'in' ? '入金' : '支払';
  return { date: p.date, description: `${what} ${p.customer_name}`.slice(0, 255), lines };
}

/** Posts a payment's entry (its date must be in an open period); returns the entry id. */
export async function postPayment(
  tenant: Tenant,
  p: PaymentForPosting,
  allocations: PostingAllocation[],
  userId: number | null,
): Promise<number> {
  const acc = await paymentAccounts(tenant);
  await assertOpen(tenant, p.date, 'date');
  const bank = await bankAccountFor(tenant, p.bank_account_id);
  const entry = paymentEntry(p, allocations, acc, bank.accountId(acc));
  const posted = await postEntry(tenant, entry, {
    createdBy: userId,
    skipChecks: true,
    source: { type: SOURCE_TYPE, id: p.id },
  });
  return posted.id;
}
