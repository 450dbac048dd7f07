import type { BankMatch } from '@chobo/core';
import type { Tenant } from '../../lib/context.js';

/**
 * THE seam to payment management (issue 13, built separately): called inside the transaction that confirms
 * a statement row, after its journal entry is posted. Once payments land, the integrator creates the
 * payment(s) here — one per matched sale / 発注取引 (`matches`, with the part of the row applied to each and
 * the 振込手数料 deducted, `fee`), linked to the row and to its journal entry — instead of doing nothing.
 */
export async function onBankRowConfirmed(
  _tenant: Tenant,
  _confirmed: { rowId: number; journalEntryId: number; matches: BankMatch[]; fee: number },
): Promise<void> {
  // no payment module yet: the journal entry is the whole effect
}
