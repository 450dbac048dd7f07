import { describe, expect, it } from 'vitest';
import { ledgerContra } from './ledger-contra.js';

const bank = { account_id: 1, name: '普通預金', tax: false };
const supplies = { account_id: 2, name: '消耗品費', tax: false };
const travel = { account_id: 3, name: '旅費交通費', tax: false };
const prepaid = { account_id: 9, name: '仮払消費税等', tax: true };
const received = { account_id: 10, name: '仮受消費税等', tax: true };

describe('ledgerContra (相手科目)', () => {
  it('shows the one account of the other side', () => {
    expect(ledgerContra([bank])).toEqual({ account_id: 1, name: '普通預金' });
    expect(ledgerContra([supplies, supplies])).toEqual({ account_id: 2, name: '消耗品費' });
  });

  it('shows the main account when the rest of the other side is only its tax (not 諸口)', () => {
    expect(ledgerContra([supplies, prepaid])).toEqual({ account_id: 2, name: '消耗品費' });
    expect(ledgerContra([prepaid, supplies, supplies])).toEqual({ account_id: 2, name: '消耗品費' });
    expect(ledgerContra([{ account_id: 4, name: '売上高', tax: false }, received])).toEqual({
      account_id: 4,
      name: '売上高',
    });
  });

  it('shows a lone tax account as itself', () => {
    expect(ledgerContra([prepaid])).toEqual({ account_id: 9, name: '仮払消費税等' });
  });

  it('is 諸口 when the other side has two accounts besides tax, or only two tax accounts', () => {
    expect(ledgerContra([supplies, travel])).toEqual({ account_id: null, name: '諸口' });
    expect(ledgerContra([supplies, travel, prepaid])).toEqual({ account_id: null, name: '諸口' });
    expect(ledgerContra([prepaid, received])).toEqual({ account_id: null, name: '諸口' });
    expect(ledgerContra([])).toEqual({ account_id: null, name: '諸口' });
  });
});
