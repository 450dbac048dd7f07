import { z } from 'zod';
import { adminPermissionsField } from './admins.js';
import { emailField, newPasswordFields } from './auth.js';
import { hasNoControlChars, idDto, idField, listQuery, requiredText, timestampDto } from './common.js';

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
  domain_id: idField('ドメイン').nullish(),
});
export type CompanyInvitationInput = z.input<typeof companyInvitationInput>;

export const invitationRowDto = z.object({
  id: idDto,
  email: z.string(),
  name: z.string().nullable(),
  company_name: z.string().nullable(),
  domain_id: idDto.nullable(),
  domain_name: z.string().nullable(),
  permissions: z.array(z.string()),
  status: z.enum(['pending', 'accepted', 'expired']),
  expires_at: timestampDto,
  sent_at: timestampDto,
  accepted_at: timestampDto.nullable(),
  company_id: idDto.nullable(),
  created_at: timestampDto,
});
export type InvitationRow = z.infer<typeof invitationRowDto>;

/** `GET /api/invitations/{token}` (public): what the registration page shows. */
/** `GET /api/invitations/{token}` (public): what the registration page shows about a usable invitation. */
export const invitationLookupDto = z.object({
  type: z.enum(['admin', 'company']),
  email: z.string(),
  name: z.string().nullable(),
  company_name: z.string().nullable(),
  domain_name: z.string().nullable(),
  expires_at: timestampDto,
});
export type InvitationLookup = z.infer<typeof invitationLookupDto>;

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
