import { describe, expect, it } from 'vitest';
import { transferFee } from './contracts/zengin.js';
import { batchTransfers } from './payment-batches.js';

const fees = {
  same_branch_under: 0,
  same_branch_over: 0,
  same_bank_under: 110,
  same_bank_over: 220,
  other_bank_under: 440,
  other_bank_over: 660,
};
const ours = { bank_code: '0005', branch_code: '001' };
const other = { bank_code: '0009', branch_code: '001' };

describe('batchTransfers', () => {
  it('one transfer per supplier, 先方負担 deducted, 当方負担 not', () => {
    const t = batchTransfers(
      [
        { customer_id: 1, customer_name: 'A', amount: 50_000 },
        { customer_id: 2, customer_name: 'B', amount: 20_000 },
        { customer_id: 1, customer_name: 'A', amount: 30_000 },
      ],
      (id, settles) => ({
        fee: transferFee(fees, ours, other, settles),
        fee_bearer: id === 1 ? 'them' : 'us',
      }),
    );
    expect(t).toEqual([
      {
        customer_id: 1,
        customer_name: 'A',
        settles: 80_000,
        fee: 660,
        fee_bearer: 'them',
        amount: 79_340,
        payment_id: null,
      },
      {
        customer_id: 2,
        customer_name: 'B',
        settles: 20_000,
        fee: 440,
        fee_bearer: 'us',
        amount: 20_000,
        payment_id: null,
      },
    ]);
  });
});
