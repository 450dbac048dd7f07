/**
 * 振込データの金額: one transfer per supplier (its documents of the batch summed), the 振込手数料 (from the
 * paying account's fee table, contracts/zengin transferFee), and what the supplier receives — deducted by the
 * fee when the supplier bears it (先方負担), the full amount when we do.
 */

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
