import { type PostingLine, type RateTotal, todayInTokyo } from '@chobo/core';
import type { Tenant } from '../../lib/context.js';
import {
  assertOpen,
  type PostingInput,
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
 * - 回収不能: the write-off 貸倒損失 (税抜経理: net + 仮受消費税等 reversed) / 売掛金 of the total, dated the day
 *   the status changed.
 * An entry in an open period is replaced by deleting it; one in a locked period is reversed (逆仕訳 dated
 * today), so closed books never change.
 */

export const SOURCE_TYPE = SALE_SOURCE_TYPE;

function saleEntry(t: TransactionRow, customerName: string, acc: SalesAccounts): PostingInput | null {
  if (t.total <= 0) return null;
  const lines: PostingLine[] = [
    {
      account_id: acc.accounts_receivable,
      debit: t.total,
      credit: 0,
      tax_category: 'none',
      customer_id: t.customer_id,
      memo: null,
    },
  ];
  // 売上高 gross with the sale's own tax per rate: postEntry splits it (税抜経理) into 売上高 + 仮受消費税等
  for (const r of t.by_rate as RateTotal[]) {
    if (r.base > 0) {
      const tax = Math.max(r.tax, 0);
      lines.push({
        account_id: acc.sales,
        debit: 0,
        credit: r.base + tax,
        tax_category: SALES_TAX[r.tax_category],
        customer_id: t.customer_id,
        memo: `${SALES_RATE_LABEL[r.tax_category]}対象`,
        tax,
        taxMemo: `消費税 ${SALES_RATE_LABEL[r.tax_category]}`,
      });
    } else if (r.tax > 0) {
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
        tax: 0,
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

const BAD_DEBT_TAX: Record<string, PostingLine['tax_category']> = { '10': 'bad_debt_10', '8': 'bad_debt_8' };

/**
 * 回収不能: 貸倒損失 per rate, gross with the sale's own tax of that rate (課税売上の貸倒れ, 消費税法39条), so that
 * under 税抜経理 postEntry posts 貸倒損失 net + 仮受消費税等 debit (the sale's output tax reversed) / 売掛金 total.
 */
function writeOffLines(t: TransactionRow, acc: SalesAccounts): PostingLine[] {
  const lines: PostingLine[] = [];
  for (const r of t.by_rate as RateTotal[]) {
    const gross = r.base + r.tax;
    if (gross <= 0) continue;
    const category = BAD_DEBT_TAX[r.tax_category];
    lines.push({
      account_id: acc.bad_debt,
      debit: gross,
      credit: 0,
      tax_category: category ?? 'none',
      customer_id: t.customer_id,
      memo: `${SALES_RATE_LABEL[r.tax_category]}対象`,
      ...(category
        ? { tax: Math.max(0, r.tax), taxMemo: `貸倒れに係る消費税 ${SALES_RATE_LABEL[r.tax_category]}` }
        : {}),
    });
  }
  const posted = lines.reduce((s, l) => s + l.debit, 0);
  // discounts that leave a rate negative: the rest of the total, without tax
  if (posted !== t.total) {
    lines.length = 0;
    lines.push({
      account_id: acc.bad_debt,
      debit: t.total,
      credit: 0,
      tax_category: 'none',
      customer_id: t.customer_id,
      memo: null,
    });
  }
  lines.push({
    account_id: acc.accounts_receivable,
    debit: 0,
    credit: t.total,
    tax_category: 'none',
    customer_id: t.customer_id,
    memo: null,
  });
  return lines;
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
      ? (
          await postEntry(tenant, entry, {
            createdBy: opts.userId,
            source: { type: SOURCE_TYPE, id: t.id },
            dateField: 'transaction_date',
          })
        ).id
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
          lines: writeOffLines(t, acc),
        },
        { createdBy: opts.userId, source: { type: SOURCE_TYPE, id: t.id }, dateField: 'status' },
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
