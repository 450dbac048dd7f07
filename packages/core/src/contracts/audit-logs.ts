import { z } from 'zod';
import { optionalDateField } from './accounting.js';
import { idDto, listQuery, timestampDto } from './common.js';

/** One audit row as the 操作ログ lists show it (company owner: own company; admin: every chain). */
export const auditLogRowDto = z.object({
  id: idDto,
  /** null: the platform chain (admin work, sign-ins of admins…). */
  company_id: idDto.nullable(),
  company_name: z.string().nullable(),
  actor_user_id: idDto.nullable(),
  /** null when the user was deleted (or for system actions). */
  actor_name: z.string().nullable(),
  actor_email: z.string().nullable(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  created_at: timestampDto,
  prev_hash: z.string(),
  hash: z.string(),
});
export type AuditLogRow = z.infer<typeof auditLogRowDto>;

/** `GET /api/admin/audit-logs/verify`: the chains recomputed; first_bad_id is null when ok. */
export const auditVerifyResultDto = z.object({
  ok: z.boolean(),
  checked: z.number().int(),
  first_bad_id: idDto.nullable(),
});
export type AuditVerifyResult = z.infer<typeof auditVerifyResultDto>;

export const AUDIT_LOG_SORTABLE = ['id', 'created_at', 'action', 'target_type'] as const;

const shortCode = (label: string) =>
  z
    .string()
    .trim()
    .max(64, `${label}は64文字以内で指定してください`)
    .optional()
    .transform((v) => (v ? v : undefined));

const auditLogFilters = {
  action: shortCode('操作'),
  target_type: shortCode('対象の種類'),
  actor: z.coerce
    .number({ error: '操作したユーザーは数値のIDで指定してください' })
    .int('操作したユーザーは数値のIDで指定してください')
    .positive('操作したユーザーは数値のIDで指定してください')
    .max(2_147_483_647, '操作したユーザーのIDが大きすぎます')
    .optional(),
  from: optionalDateField('開始日'),
  to: optionalDateField('終了日'),
};

const fromNotAfterTo = (q: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
  if (q.from && q.to && q.from > q.to) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: '終了日は開始日以降の日付を指定してください' });
  }
};

const baseQuery = listQuery(AUDIT_LOG_SORTABLE, { defaultSort: 'id', defaultDir: 'desc' }).extend(auditLogFilters);

/** `GET /api/company/audit-logs`: the company's own chain. */
export const companyAuditLogListQuery = baseQuery.superRefine(fromNotAfterTo);
export type CompanyAuditLogListQuery = z.infer<typeof companyAuditLogListQuery>;

/** The company id filter of the admin routes: a company's chain, or 0 for the platform chain. */
const chainCompanyId = z.coerce
  .number({ error: '企業IDは数値で指定してください' })
  .int('企業IDは整数で指定してください')
  .min(0, '企業IDは0以上で指定してください（0はシステム全体の操作）')
  .max(2_147_483_647, '企業IDが大きすぎます')
  .optional();

/** `GET /api/admin/audit-logs`: every chain, optionally one (company_id; 0 = the platform chain). */
export const adminAuditLogListQuery = baseQuery.extend({ company_id: chainCompanyId }).superRefine(fromNotAfterTo);
export type AdminAuditLogListQuery = z.infer<typeof adminAuditLogListQuery>;

/** `GET /api/admin/audit-logs/verify`: every chain by default, or one (company_id; 0 = the platform chain). */
export const auditVerifyQuery = z.object({ company_id: chainCompanyId });

/** Japanese labels of the recorded actions (unknown ones are shown as their code). */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'auth.login': 'ログイン',
  'auth.logout': 'ログアウト',
  'auth.locked': 'アカウントのロック',
  'auth.password_reset_requested': 'パスワード再設定の申請',
  'auth.password_reset': 'パスワードの再設定',
  'profile.update_name': '氏名の変更',
  'profile.update_email': 'メールアドレスの変更',
  'profile.email_change_requested': 'メールアドレス変更の申請',
  'profile.update_password': 'パスワードの変更',
  'company.register': '企業の登録（招待から）',
  'company.create': '企業の作成',
  'company.delete': '企業の削除',
  'company.suspend': '企業の利用停止',
  'company.reactivate': '企業の利用再開',
  'company.profile': '企業情報の変更',
  'company.bank_info': '振込先の変更',
  'company.logo_update': 'ロゴの変更',
  'company.logo_delete': 'ロゴの削除',
  'company.account_update': '企業アカウントの変更',
  'company.employee_settings': '従業員設定の変更',
  'company.tax_settings': '消費税設定の変更',
  'company.expiration_year': 'データ保存期間の変更',
  'customer.create': '顧客の登録',
  'customer.update': '顧客の更新',
  'customer.delete': '顧客の削除',
  'product.create': '商品の登録',
  'product.update': '商品の更新',
  'product.delete': '商品の削除',
  'product.import': '商品の一括登録',
  'employee.create': '従業員の登録',
  'employee.update': '従業員の更新',
  'employee.delete': '従業員の削除',
  'employee.login_invited': '従業員のログイン招待',
  'journal.create': '仕訳の登録',
  'journal.update': '仕訳の更新',
  'journal.delete': '仕訳の削除',
  'journal.reverse': '逆仕訳の作成',
  'journal.import': '仕訳の取り込み',
  'account.create': '勘定科目の追加',
  'account.update': '勘定科目の更新',
  'account.delete': '勘定科目の削除',
  'fiscal_year.create': '会計年度の作成',
  'fiscal_year.close': '会計年度の締め',
  'fiscal_year.reopen': '会計年度の締め解除',
  'period_lock.create': '月次締め',
  'period_lock.delete': '月次締めの解除',
  'company_invitation.create': '企業招待の作成',
  'company_invitation.resend': '企業招待の再送',
  'company_invitation.delete': '企業招待の取り消し',
  'company_invitation.accept': '企業招待の承諾',
  'admin_invitation.create': '管理者招待の作成',
  'admin_invitation.resend': '管理者招待の再送',
  'admin_invitation.delete': '管理者招待の取り消し',
  'admin_invitation.accept': '管理者招待の承諾',
  'admin.update': '管理者の更新',
  'admin.disable': '管理者の利用停止',
  'admin.delete': '管理者の削除',
  'domain.create': 'ドメインの作成',
  'domain.update': 'ドメインの更新',
  'domain.delete': 'ドメインの削除',
  'domain.logo_update': 'ドメインロゴの変更',
  'domain.logo_delete': 'ドメインロゴの削除',
  'info.create': 'お知らせの作成',
  'info.update': 'お知らせの更新',
  'info.delete': 'お知らせの削除',
  'settings.update': 'システム設定の変更',
};

/** Japanese labels of the target types. */
export const AUDIT_TARGET_LABELS: Record<string, string> = {
  user: 'ユーザー',
  company: '企業',
  customer: '顧客',
  product: '商品',
  employee: '従業員',
  journal_entry: '仕訳',
  account: '勘定科目',
  fiscal_year: '会計年度',
  period_lock: '月次締め',
  company_invitation: '企業招待',
  admin_invitation: '管理者招待',
  admin: '管理者',
  domain: 'ドメイン',
  info: 'お知らせ',
  settings: 'システム設定',
};

export const auditActionLabel = (action: string) => AUDIT_ACTION_LABELS[action] ?? action;
export const auditTargetLabel = (type: string) => AUDIT_TARGET_LABELS[type] ?? type;
