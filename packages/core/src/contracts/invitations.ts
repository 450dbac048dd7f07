import { z } from 'zod';
import { adminPermissionsField } from './admins.js';
import { emailField, newPasswordFields } from './auth.js';
import { hasNoControlChars, listQuery, requiredText } from './common.js';

export const ADMIN_INVITATION_TTL_HOURS = 72;
export const COMPANY_INVITATION_TTL_HOURS = 72;
export const INVITATION_STATUS_LABELS = { pending: '招待中', accepted: '登録済', expired: '期限切れ' } as const;
export type InvitationStatus = keyof typeof INVITATION_STATUS_LABELS;
/** Who an invitation registers: an administrator or a company (its first user). */
export type InvitationKind = 'admin' | 'company';

export const adminInvitationInput = z.object({
  email: emailField,
  name: requiredText('氏名', 100),
  permissions: adminPermissionsField.refine((v) => v.length > 0, '権限を1つ以上選択してください'),
});
export type AdminInvitationInput = z.input<typeof adminInvitationInput>;

export const companyInvitationInput = z.object({
  email: emailField,
  company_name: requiredText('企業名', 255),
  domain_id: z.coerce.number({ error: 'ドメインを選択してください' }).int().positive().nullish(),
});
export type CompanyInvitationInput = z.input<typeof companyInvitationInput>;

export interface InvitationRow {
  id: number;
  email: string;
  name: string | null;
  company_name: string | null;
  domain_id: number | null;
  domain_name: string | null;
  permissions: string[];
  status: InvitationStatus;
  expires_at: string;
  sent_at: string;
  accepted_at: string | null;
  company_id: number | null;
  created_at: string;
}

export const INVITATION_SORTABLE = ['id', 'email', 'created_at', 'expires_at', 'sent_at'] as const;
export const adminInvitationListQuery = listQuery(INVITATION_SORTABLE, {
  defaultSort: 'created_at',
  defaultDir: 'desc',
});
export const companyInvitationListQuery = listQuery(INVITATION_SORTABLE, {
  defaultSort: 'created_at',
  defaultDir: 'desc',
  perPage: 10,
});
export type InvitationListQuery = z.infer<typeof adminInvitationListQuery>;

/** `GET /api/invitations/{token}` (public): what the registration page shows about a usable invitation. */
export interface InvitationLookup {
  type: InvitationKind;
  email: string;
  name: string | null;
  company_name: string | null;
  domain_name: string | null;
  expires_at: string;
}

/**
 * What the registration form collects (氏名 and the new password, twice): registerInput without the
 * invitation token, which the page takes from its URL.
 */
export const registerFormInput = z.intersection(z.object({ name: requiredText('氏名', 100) }), newPasswordFields);
export type RegisterFormInput = z.input<typeof registerFormInput>;

/** POST /api/register and /api/register-admin: the form's fields plus the invitation token. */
export const registerInput = z.intersection(
  z.object({
    token: z
      .string({ error: '招待が見つかりません' })
      .min(20, '招待が見つかりません')
      .max(200)
      .refine(hasNoControlChars, '招待が見つかりません'),
  }),
  registerFormInput,
);
export type RegisterInput = z.input<typeof registerInput>;
