import type { JournalLineValues, JournalTaxCategory } from './contracts/accounting.js';
import { type Rounding, taxInInclusive, taxOnExclusive } from './money.js';

/**
 * THE consumption-tax split of the books (税抜経理): a taxable line becomes its net amount and a 仮払消費税等
 * (課税仕入) or 仮受消費税等 (課税売上 and its 貸倒れ) line on the same side. Every posting path goes through
 * `splitEntryTax` (the server's postEntry calls it), the journal form through `lineTax`, so a 330円 課税仕入10%
 * is 300 + 30 whichever screen or API posts it (docs/product/FACTS.md §4: tax in a tax-inclusive amount =
 * amount × 10/110 or 8/108, rounded once with the company's setting). Under 税込経理 nothing is split.
 */

export type TaxKind = 'purchase' | 'sales';

/** The taxable 税区分: their rate and whose tax account the split goes to (貸倒れ reverses 仮受消費税等). */
export const TAXABLE_CATEGORIES: Partial<Record<JournalTaxCategory, { rate: number; kind: TaxKind }>> = {
  purchase_10: { rate: 10, kind: 'purchase' },
  purchase_8: { rate: 8, kind: 'purchase' },
  sales_10: { rate: 10, kind: 'sales' },
  sales_8: { rate: 8, kind: 'sales' },
  bad_debt_10: { rate: 10, kind: 'sales' },
  bad_debt_8: { rate: 8, kind: 'sales' },
};

/**
 * The tax in `amount` of a line with 税区分 `category`: 税込入力 ('inclusive', amount × rate/(100+rate)) or
 * 税抜入力 ('exclusive', amount × rate/100); 0 for a category that carries no tax.
 */
export function lineTax(
  amount: number,
  category: JournalTaxCategory | null | undefined,
  mode: 'inclusive' | 'exclusive',
  rounding: Rounding,
): number {
  const r = category ? TAXABLE_CATEGORIES[category] : undefined;
  if (!r || amount <= 0) return 0;
  return mode === 'inclusive' ? taxInInclusive(amount, r.rate, rounding) : taxOnExclusive(amount, r.rate, rounding);
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
export function splitEntryTax(lines: readonly PostingLine[], book: TaxBook): JournalLineValues[] {
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
    const tax = Math.min(gross, Math.max(0, l.tax ?? taxInInclusive(gross, r.rate, book.rounding)));
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
        memo: l.taxMemo !== undefined ? l.taxMemo : `消費税 ${r.rate}%`,
      });
    }
  }
  return out;
}
