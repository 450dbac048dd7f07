import { type JournalEntryValues, type RateTotal, todayInTokyo } from '@chobo/core';
import { and, eq, inArray } from 'drizzle-orm';
import { accounts, journalEntries } from '../../db/schema/index.js';
import type { Tenant } from '../../lib/context.js';
import { unprocessable } from '../../lib/http-errors.js';
import { seedDefaultAccounts } from '../accounting/chart-of-accounts.js';
import { lockCovering } from '../accounting/journal.queries.js';
import { assertOpen, postEntry } from '../accounting/journal-actions.js';
import type { TransactionRow } from './transactions.queries.js';

/**
 * The books side of a sale (受注取引):
 * - the sale, on its transaction date: 売掛金 (the customer) / 売上高 per rate (課税売上 10% / 8%, 非課税,
 *   不課税) and 仮受消費税等 per rate — one entry linked both ways (source_type 'transaction');
 * - 回収不能: the write-off 貸倒損失 / 売掛金 of the total, dated the day the status changed.
 * An entry in an open period is replaced by deleting it; one in a locked period is reversed (逆仕訳 dated
 * today), so closed books never change.
 */

export const SOURCE_TYPE = 'transaction';
const SALES_TAX: Record<string, JournalEntryValues['lines'][number]['tax_category']> = {
  '10': 'sales_10',
  '8': 'sales_8',
  exempt: 'exempt',
  out_of_scope: 'non_taxable',
};
const RATE_LABEL: Record<string, string> = { '10': '10%', '8': '8%', exempt: '非課税', out_of_scope: '不課税' };

type SystemAccounts = Record<'accounts_receivable' | 'sales' | 'received_consumption_tax' | 'bad_debt', number>;
const KEYS = ['accounts_receivable', 'sales', 'received_consumption_tax', 'bad_debt'] as const;

async function systemAccounts(tenant: Tenant): Promise<SystemAccounts> {
  const read = () =>
    tenant.db
      .select({ id: accounts.id, key: accounts.system_key })
      .from(accounts)
      .where(and(eq(accounts.company_id, tenant.companyId), inArray(accounts.system_key, [...KEYS])));
  let rows = await read();
  if (rows.length < KEYS.length) {
    // a company whose chart predates an account (e.g. 貸倒損失) gets it now
    await seedDefaultAccounts(tenant);
    rows = await read();
  }
  const found = Object.fromEntries(rows.map((r) => [r.key, r.id])) as Partial<SystemAccounts>;
  for (const k of KEYS) {
    if (!found[k])
      throw unprocessable({ _: ['売上の仕訳に必要な勘定科目（売掛金・売上高・仮受消費税等・貸倒損失）がありません'] });
  }
  return found as SystemAccounts;
}

function saleEntry(t: TransactionRow, customerName: string, acc: SystemAccounts): JournalEntryValues | null {
  if (t.total <= 0) return null;
  const lines: JournalEntryValues['lines'] = [
    {
      account_id: acc.accounts_receivable,
      debit: t.total,
      credit: 0,
      tax_category: 'none',
      customer_id: t.customer_id,
      memo: null,
    },
  ];
  for (const r of t.by_rate as RateTotal[]) {
    if (r.base > 0) {
      lines.push({
        account_id: acc.sales,
        debit: 0,
        credit: r.base,
        tax_category: SALES_TAX[r.tax_category],
        customer_id: t.customer_id,
        memo: `${RATE_LABEL[r.tax_category]}対象`,
      });
    }
    if (r.tax > 0) {
      lines.push({
        account_id: acc.received_consumption_tax,
        debit: 0,
        credit: r.tax,
        tax_category: 'none',
        customer_id: t.customer_id,
        memo: `消費税 ${RATE_LABEL[r.tax_category]}`,
      });
    }
  }
  // a discount line may make a rate's base negative: post it as a debit to 売上高 (値引)
  for (const r of t.by_rate as RateTotal[]) {
    if (r.base < 0) {
      lines.push({
        account_id: acc.sales,
        debit: -r.base,
        credit: 0,
        tax_category: SALES_TAX[r.tax_category],
        customer_id: t.customer_id,
        memo: `${RATE_LABEL[r.tax_category]}対象 値引`,
      });
    }
  }
  const debit = lines.reduce((s, l) => s + l.debit, 0);
  const credit = lines.reduce((s, l) => s + l.credit, 0);
  if (debit !== credit) {
    // a negative tax of one rate balances against the receivable: put the difference on 仮受消費税等
    const diff = debit - credit;
    lines.push({
      account_id: acc.received_consumption_tax,
      debit: diff < 0 ? -diff : 0,
      credit: diff > 0 ? diff : 0,
      tax_category: 'none',
      customer_id: t.customer_id,
      memo: '消費税 調整',
    });
  }
  return {
    date: t.transaction_date,
    description: `売上 No.${t.number} ${customerName} ${t.subject}`.slice(0, 255),
    lines,
  };
}

/** Removes an entry made for a transaction: deleted when its period is open, else reversed today. */
export async function withdrawEntry(tenant: Tenant, entryId: number, userId: number | null): Promise<void> {
  const [entry] = await tenant.db
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.id, entryId), eq(journalEntries.company_id, tenant.companyId)))
    .for('update');
  if (!entry) return;
  if (!(await lockCovering(tenant, entry.date))) {
    await tenant.db.delete(journalEntries).where(eq(journalEntries.id, entry.id));
    return;
  }
  const today = todayInTokyo();
  await assertOpen(tenant, today, 'transaction_date');
  const { loadEntry } = await import('../accounting/journal.queries.js');
  const original = await loadEntry(tenant, entry.id);
  if (!original || original.reversed_by_id) return;
  await postEntry(
    tenant,
    {
      date: today,
      description: `【逆仕訳】No.${original.number} ${original.description}`.slice(0, 255),
      lines: original.lines.map((l) => ({
        account_id: l.account_id,
        debit: l.credit,
        credit: l.debit,
        tax_category: l.tax_category,
        customer_id: l.customer_id,
        memo: l.memo,
      })),
    },
    {
      kind: 'reversal',
      reversalOfId: entry.id,
      createdBy: userId,
      skipChecks: true,
      source: { type: entry.source_type ?? SOURCE_TYPE, id: entry.source_id ?? 0 },
    },
  );
}

/**
 * Makes the books match the transaction `t` (already saved with its totals): posts the sale (replacing
 * `previous` sale entry if any) and the write-off when its status is 回収不能. Returns the entry ids to
 * store on the transaction.
 */
export async function syncPostings(
  tenant: Tenant,
  t: TransactionRow,
  customerName: string,
  opts: { userId: number | null; resale: boolean },
): Promise<{ journal_entry_id: number | null; write_off_entry_id: number | null }> {
  const acc = await systemAccounts(tenant);
  let saleId = t.journal_entry_id;
  if (opts.resale || saleId === null) {
    if (saleId !== null) await withdrawEntry(tenant, saleId, opts.userId);
    const entry = saleEntry(t, customerName, acc);
    if (entry) await assertOpen(tenant, entry.date, 'transaction_date');
    saleId = entry
      ? (await postEntry(tenant, entry, { createdBy: opts.userId, source: { type: SOURCE_TYPE, id: t.id } })).id
      : null;
  }
  let writeOffId = t.write_off_entry_id;
  const wantsWriteOff = t.status === 3 && t.total > 0;
  if (writeOffId !== null && (!wantsWriteOff || opts.resale)) {
    await withdrawEntry(tenant, writeOffId, opts.userId);
    writeOffId = null;
  }
  if (wantsWriteOff && writeOffId === null) {
    const date = todayInTokyo() < t.transaction_date ? t.transaction_date : todayInTokyo();
    await assertOpen(tenant, date, 'status');
    writeOffId = (
      await postEntry(
        tenant,
        {
          date,
          description: `貸倒 売上 No.${t.number} ${customerName}`.slice(0, 255),
          lines: [
            {
              account_id: acc.bad_debt,
              debit: t.total,
              credit: 0,
              tax_category: 'none',
              customer_id: t.customer_id,
              memo: null,
            },
            {
              account_id: acc.accounts_receivable,
              debit: 0,
              credit: t.total,
              tax_category: 'none',
              customer_id: t.customer_id,
              memo: null,
            },
          ],
        },
        { createdBy: opts.userId, source: { type: SOURCE_TYPE, id: t.id } },
      )
    ).id;
  }
  return { journal_entry_id: saleId, write_off_entry_id: writeOffId };
}

/** Withdraws every entry of a transaction (before it is deleted). */
export async function withdrawPostings(tenant: Tenant, t: TransactionRow, userId: number | null): Promise<void> {
  if (t.write_off_entry_id !== null) await withdrawEntry(tenant, t.write_off_entry_id, userId);
  if (t.journal_entry_id !== null) await withdrawEntry(tenant, t.journal_entry_id, userId);
}

/**
 * Posts an amount billed beyond the sales already posted (an invoice's free lines and the difference of
 * its once-per-invoice tax rounding) as 売掛金 / 売上高 / 仮受消費税等 per rate; negative differences the
 * other way round. Returns the entry id, or null when there is nothing to post.
 */
export async function postDifference(
  tenant: Tenant,
  d: {
    date: string;
    customerId: number;
    description: string;
    byRate: RateTotal[];
    source: { type: string; id: number };
    userId: number | null;
  },
): Promise<number | null> {
  if (d.byRate.length === 0) return null;
  const acc = await systemAccounts(tenant);
  const lines: JournalEntryValues['lines'] = [];
  const side = (
    account_id: number,
    amount: number,
    credit: boolean,
    tax: JournalEntryValues['lines'][number]['tax_category'],
    memo: string,
  ) => {
    if (amount === 0) return;
    const asCredit = credit === amount > 0;
    lines.push({
      account_id,
      debit: asCredit ? 0 : Math.abs(amount),
      credit: asCredit ? Math.abs(amount) : 0,
      tax_category: tax,
      customer_id: d.customerId,
      memo,
    });
  };
  let receivable = 0;
  for (const r of d.byRate) {
    side(acc.sales, r.base, true, SALES_TAX[r.tax_category], `${RATE_LABEL[r.tax_category]}対象`);
    side(
      acc.received_consumption_tax,
      r.tax,
      true,
      'none',
      `消費税 ${RATE_LABEL[r.tax_category]}（請求書単位の端数処理）`,
    );
    receivable += r.base + r.tax;
  }
  side(acc.accounts_receivable, receivable, false, 'none', '');
  if (lines.length < 2) return null;
  await assertOpen(tenant, d.date, 'issue_date');
  const entry = await postEntry(
    tenant,
    { date: d.date, description: d.description.slice(0, 255), lines },
    { createdBy: d.userId, source: d.source, skipChecks: true },
  );
  return entry.id;
}
