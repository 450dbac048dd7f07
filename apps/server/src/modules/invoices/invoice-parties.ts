import { type InvoiceParty, PREFECTURES } from '@chobo/core';
import { eq } from 'drizzle-orm';
import { companies, customers } from '../../db/schema/index.js';
import type { Tenant } from '../../lib/context.js';
import { loadBankInfo } from '../company-profile/company-profile.js';

type Address = { prefecture_code: string | null; address1: string | null; address2: string | null };

/** 都道府県 + 住所1 + 住所2 on one line, or null. */
export const addressLine = (p: Address) =>
  [p.prefecture_code ? PREFECTURES[p.prefecture_code] : '', p.address1 ?? '', p.address2 ?? ''].join('').trim() || null;

/**
 * The issuer (this company, its 登録番号 and bank account) and the recipient (the customer) as they are
 * now: snapshotted on an invoice when it is issued, printed live on a draft.
 */
export async function invoiceParties(
  tenant: Tenant,
  customerId: number,
): Promise<{ issuer: InvoiceParty; recipient: InvoiceParty }> {
  const [c] = await tenant.db.select().from(companies).where(eq(companies.id, tenant.companyId));
  const [cust] = await tenant.db.select().from(customers).where(eq(customers.id, customerId));
  const bank = await loadBankInfo(tenant);
  return {
    issuer: {
      name: c.name,
      registration_number: c.registration_number,
      postal_code: c.postal_code,
      address: addressLine(c),
      tel: c.tel,
      bank_account: bank
        ? `${bank.bank_name} ${bank.branch_name} ${bank.account_type} ${bank.account_number} ${bank.account_holder}`
        : null,
    },
    recipient: {
      name: cust?.name ?? '',
      honorific: cust?.honorific ?? '御中',
      registration_number: cust?.registration_number ?? null,
      postal_code: cust?.postal_code ?? null,
      address: cust ? addressLine(cust) : null,
    },
  };
}
