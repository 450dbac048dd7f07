import { describe, expect, it } from 'vitest';
import { batchTransfers, feeRoute, type TransferFeeTable, transferFee } from './payment-batches.js';

const table: TransferFeeTable = {
  same_branch: { under: 0, over: 0 },
  same_bank: { under: 110, over: 220 },
  other_bank: { under: 440, over: 660 },
};

describe('feeRoute', () => {
  it('same branch, same bank, other bank', () => {
    const from = { bank_code: '0005', branch_code: '001' };
    expect(feeRoute(from, { bank_code: '0005', branch_code: '001' })).toBe('same_branch');
    expect(feeRoute(from, { bank_code: '0005', branch_code: '002' })).toBe('same_bank');
    expect(feeRoute(from, { bank_code: '0009', branch_code: '001' })).toBe('other_bank');
    expect(feeRoute({ bank_code: null, branch_code: null }, from)).toBe('other_bank');
  });
});

describe('transferFee', () => {
  it('当方負担: the bracket of the amount transferred (30,000円 is the higher fee)', () => {
    expect(transferFee(table, 'other_bank', 29_999, 'us')).toBe(440);
    expect(transferFee(table, 'other_bank', 30_000, 'us')).toBe(660);
  });
  it('先方負担: the bracket of what is left after the deduction', () => {
    expect(transferFee(table, 'other_bank', 30_660, 'them')).toBe(660); // 30,000 transferred
    expect(transferFee(table, 'other_bank', 30_659, 'them')).toBe(440); // 30,219 transferred under the lower fee
    expect(transferFee(table, 'other_bank', 100_000, 'them')).toBe(660);
  });
  it('no fee table: no fee', () => {
    expect(transferFee(null, 'other_bank', 100_000, 'them')).toBe(0);
  });
});

describe('batchTransfers', () => {
  it('one transfer per supplier, 先方負担 deducted, 当方負担 not', () => {
    const t = batchTransfers(
      [
        { customer_id: 1, customer_name: 'A', amount: 50_000 },
        { customer_id: 2, customer_name: 'B', amount: 20_000 },
        { customer_id: 1, customer_name: 'A', amount: 30_000 },
      ],
      (id, settles) => ({
        fee: transferFee(table, 'other_bank', settles, id === 1 ? 'them' : 'us'),
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
