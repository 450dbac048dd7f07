import type { JournalLineValues, JournalTaxCategory } from './contracts/accounting.js';
import { type Rounding, taxInInclusive, taxOnExclusive } from './money.js';
import { deductibleTax } from './purchase-tax.js';

/**
 * THE consumption-tax split of the books (税抜経理): a taxable line becomes its net amount and a 仮払消費税等
 * (課税仕入) or 仮受消費税等 (課税売上 and its 貸倒れ) line on the same side. Every posting path goes through
 * `splitEntryTax` (the server's postEntry calls it), the journal form through `lineTax`, so a 330円 課税仕入10%
 * is 300 + 30 whichever screen or API posts it (docs/product/FACTS.md §4: tax in a tax-inclusive amount =
 * amount × 10/110 or 8/108, rounded once with the company's setting). Under 税込経理 nothing is split.
 */

export type TaxKind = 'purchase' | 'sales';

/**
 * The taxable 税区分: their rate and whose tax account the split goes to (貸倒れ and 売上の返還等 reverse
 * 仮受消費税等 on the debit side, 仕入の返還等 仮払消費税等 on the credit side — the split keeps the line's side).
 * `nonQualified`: a purchase without a 適格請求書, whose deductible tax is the 経過措置 share by the date.
 */
export const TAXABLE_CATEGORIES: Partial<
  Record<JournalTaxCategory, { rate: number; kind: TaxKind; nonQualified?: true }>
> = {
  purchase_10: { rate: 10, kind: 'purchase' },
  purchase_8: { rate: 8, kind: 'purchase' },
  purchase_10_tx: { rate: 10, kind: 'purchase' },
  purchase_8_tx: { rate: 8, kind: 'purchase' },
  purchase_10_ex: { rate: 10, kind: 'purchase' },
  purchase_8_ex: { rate: 8, kind: 'purchase' },
  purchase_nq_10: { rate: 10, kind: 'purchase', nonQualified: true },
  purchase_nq_8: { rate: 8, kind: 'purchase', nonQualified: true },
  purchase_ret_10: { rate: 10, kind: 'purchase' },
  purchase_ret_8: { rate: 8, kind: 'purchase' },
  sales_10: { rate: 10, kind: 'sales' },
  sales_8: { rate: 8, kind: 'sales' },
  sales_ret_10: { rate: 10, kind: 'sales' },
  sales_ret_8: { rate: 8, kind: 'sales' },
  bad_debt_10: { rate: 10, kind: 'sales' },
  bad_debt_8: { rate: 8, kind: 'sales' },
};

/** Today (UTC) as YYYY-MM-DD: the 経過措置 share of a line posted without its date. */
const today = () => new Date().toISOString().slice(0, 10);

/**
 * The tax in `amount` of a line with 税区分 `category`: 税込入力 ('inclusive', amount × rate/(100+rate)) or
 * 税抜入力 ('exclusive', amount × rate/100); 0 for a category that carries no tax. A purchase without a
 * 適格請求書 books only the 経過措置 share of it (by `date`, the entry's; rounded down), the rest is its cost.
 */
export function lineTax(
  amount: number,
  category: JournalTaxCategory | null | undefined,
  mode: 'inclusive' | 'exclusive',
  rounding: Rounding,
  date?: string,
): number {
  const r = category ? TAXABLE_CATEGORIES[category] : undefined;
  if (!r || amount <= 0) return 0;
  const tax =
    mode === 'inclusive' ? taxInInclusive(amount, r.rate, rounding) : taxOnExclusive(amount, r.rate, rounding);
  return r.nonQualified ? deductibleTax(tax, date ?? today(), false) : tax;
}

/** How a company books consumption tax, and its two tax accounts. */
export interface TaxBook {
  /** 経理方式: exclusive 税抜経理 (split), inclusive 税込経理 (gross). */
  method: 'exclusive' | 'inclusive';
  rounding: Rounding;
  /** 仮払消費税等 */
  prepaidId: number | null;
  /** 仮受消費税等 */
  receivedId: number | null;
}

/**
 * A line as a module hands it to the books: a taxable line carries its GROSS (tax-inclusive) amount; `tax`,
 * when the document already knows its tax (computed once per document per rate, a 経過措置 share), is the
 * part of the amount that is the tax account's, and `taxMemo` that line's memo.
 */
export type PostingLine = JournalLineValues & { tax?: number; taxMemo?: string | null };

/**
 * Splits an entry's taxable lines under 税抜経理 (税込経理: the lines unchanged, gross): each line with a
 * taxable 税区分 on an account other than the tax accounts becomes net + a tax line right after it, on the
 * same side and for the same 取引先. A line with `tax` is split by it; a line without is split by its 税区分
 * (amount × 10/110, the company's rounding) only when the entry has no line on that kind's tax account —
 * an entry that already carries its tax lines (the journal form, a 仕訳CSV with 仮払消費税等 rows) stays
 * as it is.
 */
export function splitEntryTax(lines: readonly PostingLine[], book: TaxBook, date?: string): JournalLineValues[] {
  const plain = (l: PostingLine): JournalLineValues => {
    const { tax: _t, taxMemo: _m, ...rest } = l;
    return rest;
  };
  const taxAccountOf = (kind: TaxKind) => (kind === 'purchase' ? book.prepaidId : book.receivedId);
  const isTaxAccount = (id: number) => id === book.prepaidId || id === book.receivedId;
  const hasTaxLine = (kind: TaxKind) => {
    const id = taxAccountOf(kind);
    return id !== null && lines.some((l) => l.account_id === id);
  };
  if (book.method !== 'exclusive') return lines.map(plain);
  const out: JournalLineValues[] = [];
  for (const l of lines) {
    const r = TAXABLE_CATEGORIES[l.tax_category];
    const taxAccount = r ? taxAccountOf(r.kind) : null;
    const gross = l.debit || l.credit;
    if (!r || taxAccount === null || isTaxAccount(l.account_id) || gross <= 0) {
      out.push(plain(l));
      continue;
    }
    if (l.tax === undefined && hasTaxLine(r.kind)) {
      out.push(plain(l));
      continue;
    }
    const tax = Math.min(gross, Math.max(0, l.tax ?? lineTax(gross, l.tax_category, 'inclusive', book.rounding, date)));
    const debit = l.debit > 0;
    const net = gross - tax;
    if (net > 0) out.push({ ...plain(l), debit: debit ? net : 0, credit: debit ? 0 : net });
    if (tax > 0) {
      out.push({
        account_id: taxAccount,
        debit: debit ? tax : 0,
        credit: debit ? 0 : tax,
        tax_category: 'none',
        customer_id: l.customer_id,
        memo: l.taxMemo !== undefined ? l.taxMemo : `消費税 ${r.rate}%${r.nonQualified ? '（経過措置）' : ''}`,
      });
    }
  }
  return out;
}
