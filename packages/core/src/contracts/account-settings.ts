import { z } from 'zod';
import { emailField, newPasswordFields } from './auth.js';
import { requiredText, tokenField } from './common.js';

/** `PUT /api/profile/name` */
export const profileNameInput = z.object({ name: requiredText('氏名', 100) });
export type ProfileNameInput = z.infer<typeof profileNameInput>;

/** `PUT /api/profile/email` — mails a confirmation link to the new address. */
export const profileEmailInput = z.object({ email: emailField });
export type ProfileEmailInput = z.infer<typeof profileEmailInput>;

/** `POST /api/profile/email/confirm` — follows the mailed link. */
export const confirmEmailInput = z.object({ token: tokenField });

/** `PUT /api/password` */
export const changePasswordInput = z.intersection(
  z.object({
    current_password: z
      .string({ error: '現在のパスワードを入力してください' })
      .min(1, '現在のパスワードを入力してください')
      .max(128),
  }),
  newPasswordFields,
);
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

/** 経理方式 (how consumption tax is booked). */
export const ACCOUNTING_METHODS = { exclusive: '税抜経理', inclusive: '税込経理' } as const;
export type AccountingMethod = keyof typeof ACCOUNTING_METHODS;

/** `PUT /api/company/tax-settings` */
export const taxSettingsInput = z.object({
  tax_display: z.enum(['inclusive', 'exclusive'], { error: '消費税の表示方法を選択してください' }),
  tax_rounding: z.enum(['floor', 'round', 'ceil'], { error: '端数処理を選択してください' }),
  /** 経理方式; left out = unchanged. */
  accounting_method: z.enum(['exclusive', 'inclusive'], { error: '経理方式を選択してください' }).optional(),
});
export type TaxSettingsInput = z.infer<typeof taxSettingsInput>;

/** `PUT /api/company/expiration-year` — data retention 7 or 10 years. */
export const expirationYearInput = z.object({
  expiration_year: z.coerce
    .number({ error: '保存期間を選択してください' })
    .refine((v) => v === 7 || v === 10, '保存期間は7年または10年を選択してください'),
});
export type ExpirationYearInput = z.input<typeof expirationYearInput>;

/** `GET`/`PUT /api/company/tax-settings` */
export const taxSettingsDto = z.object({
  tax_display: z.enum(['inclusive', 'exclusive']),
  tax_rounding: z.enum(['floor', 'round', 'ceil']),
  accounting_method: z.enum(['exclusive', 'inclusive']),
});
export type TaxSettings = z.infer<typeof taxSettingsDto>;

/** `GET /api/company/accounting-settings`: what the journal form needs to split consumption tax. */
export const accountingSettingsDto = z.object({
  accounting_method: z.enum(['exclusive', 'inclusive']),
  tax_rounding: z.enum(['floor', 'round', 'ceil']),
});
export type AccountingSettings = z.infer<typeof accountingSettingsDto>;
