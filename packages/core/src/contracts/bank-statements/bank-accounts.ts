import { z } from 'zod';
import { idDto, idField, timestampDto } from '../common.js';
import { BANK_INFO_ACCOUNT_TYPES, bankInfoInput } from '../company-profile.js';

/**
 * A bank account of the company (`/api/company/bank-accounts`): the bank-info fields, the linked 勘定科目
 * (普通預金 or a sub-account of it) and whether it is the one printed on invoices.
 */
export const companyBankAccountInput = bankInfoInput.extend({
  account_id: idField('勘定科目')
    .nullish()
    .transform((v) => v ?? null),
  /** Create a sub-account of 普通預金 named after the bank and link it (instead of `account_id`). */
  create_account: z.boolean().optional().default(false),
  on_invoice: z.boolean().optional().default(false),
});
export type CompanyBankAccountInput = z.input<typeof companyBankAccountInput>;
export type CompanyBankAccountValues = z.output<typeof companyBankAccountInput>;

export const companyBankAccountDto = z.object({
  id: idDto,
  bank_code: z.string().nullable(),
  bank_name: z.string(),
  branch_code: z.string().nullable(),
  branch_name: z.string(),
  account_type: z.string(),
  account_number: z.string(),
  account_holder: z.string(),
  account_id: idDto.nullable(),
  account_name: z.string().nullable(),
  on_invoice: z.boolean(),
  updated_at: timestampDto,
});
export type CompanyBankAccount = z.infer<typeof companyBankAccountDto>;
export { BANK_INFO_ACCOUNT_TYPES as BANK_ACCOUNT_TYPES };
