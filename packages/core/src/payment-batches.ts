/**
 * 振込データの金額: one transfer per supplier (its documents of the batch summed), the 振込手数料 from the
 * paying bank's fee table (same branch / same bank / other bank, under / from 30,000円), and what the
 * supplier receives — deducted by the fee when the supplier bears it (先方負担), the full amount when we do.
 */

/** The fee bracket's threshold: the fee for a transfer of 30,000円 or more is the higher one. */
export const FEE_THRESHOLD = 30_000;

export interface FeeBracket {
  /** Under 30,000円. */
  under: number;
  /** 30,000円 or more. */
  over: number;
}

/** The paying bank account's 振込手数料 table. */
export interface TransferFeeTable {
  same_branch: FeeBracket;
  same_bank: FeeBracket;
  other_bank: FeeBracket;
}

export interface BankPlace {
  bank_code: string | null;
  branch_code: string | null;
}

/** Which row of the fee table a transfer from `from` to `to` falls in. */
export function feeRoute(from: BankPlace, to: BankPlace): keyof TransferFeeTable {
  if (!from.bank_code || from.bank_code !== to.bank_code) return 'other_bank';
  return from.branch_code && from.branch_code === to.branch_code ? 'same_branch' : 'same_bank';
}

/**
 * The fee of one transfer settling `settles` yen. 当方負担: the bracket of `settles` (what is transferred).
 * 先方負担: the fee is deducted, so the bracket is that of what is transferred after the deduction — the
 * higher fee when `settles − over` is still 30,000円 or more, else the lower one.
 */
export function transferFee(
  table: TransferFeeTable | null,
  route: keyof TransferFeeTable,
  settles: number,
  bearer: 'us' | 'them',
): number {
  if (!table) return 0;
  const b = table[route];
  if (bearer === 'us') return settles >= FEE_THRESHOLD ? b.over : b.under;
  return settles - b.over >= FEE_THRESHOLD ? b.over : b.under;
}

export interface BatchLine {
  customer_id: number;
  customer_name: string;
  amount: number;
  payment_id?: number | null;
}

export interface Transfer {
  customer_id: number;
  customer_name: string;
  settles: number;
  fee: number;
  fee_bearer: 'us' | 'them';
  /** 振込金額. */
  amount: number;
  payment_id: number | null;
}

/**
 * The transfers of a batch: one per supplier in the order its documents first appear; `feeOf` gives the
 * supplier's fee and who bears it for what its documents settle.
 */
export function batchTransfers(
  lines: readonly BatchLine[],
  feeOf: (customerId: number, settles: number) => { fee: number; fee_bearer: 'us' | 'them' },
): Transfer[] {
  const by = new Map<number, Transfer>();
  for (const l of lines) {
    const t = by.get(l.customer_id);
    if (t) {
      t.settles += l.amount;
      t.payment_id ??= l.payment_id ?? null;
    } else
      by.set(l.customer_id, {
        customer_id: l.customer_id,
        customer_name: l.customer_name,
        settles: l.amount,
        fee: 0,
        fee_bearer: 'us',
        amount: 0,
        payment_id: l.payment_id ?? null,
      });
  }
  return [...by.values()].map((t) => {
    const f = feeOf(t.customer_id, t.settles);
    const deducted = f.fee_bearer === 'them' ? Math.min(f.fee, t.settles - 1) : 0;
    return {
      ...t,
      fee: f.fee_bearer === 'them' ? deducted : f.fee,
      fee_bearer: f.fee_bearer,
      amount: t.settles - deducted,
    };
  });
}
