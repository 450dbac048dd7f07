import { type JournalEntryValues, type RateTotal, todayInTokyo } from '@chobo/core';
import type { Tenant } from '../../lib/context.js';
import {
  assertOpen,
  postEntry,
  SALE_SOURCE_TYPE,
  SALES_RATE_LABEL,
  SALES_TAX,
  type SalesAccounts,
  salesAccounts,
  withdrawEntry,
} from '../accounting/posting.js';
import type { TransactionRow } from './transactions.queries.js';

/**
 * The books side of a sale (受注取引):
 * - the sale, on its transaction date: 売掛金 (the customer) / 売上高 per rate (課税売上 10% / 8%, 非課税,
 *   不課税) and 仮受消費税等 per rate — one entry linked both ways (source_type 'transaction');
 * - 回収不能: the write-off 貸倒損失 / 売掛金 of the total, dated the day the status changed.
 * An entry in an open period is replaced by deleting it; one in a locked period is reversed (逆仕訳 dated
 * today), so closed books never change.
 */

export const SOURCE_TYPE = SALE_SOURCE_TYPE;

function saleEntry(t: TransactionRow, customerName: string, acc: SalesAccounts): JournalEntryValues | null {
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
        memo: `${SALES_RATE_LABEL[r.tax_category]}対象`,
      });
    }
    if (r.tax > 0) {
      lines.push({
        account_id: acc.received_consumption_tax,
        debit: 0,
        credit: r.tax,
        tax_category: 'none',
        customer_id: t.customer_id,
        memo: `消費税 ${SALES_RATE_LABEL[r.tax_category]}`,
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
        memo: `${SALES_RATE_LABEL[r.tax_category]}対象 値引`,
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
  const acc = await salesAccounts(tenant);
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
