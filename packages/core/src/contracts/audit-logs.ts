import { z } from 'zod';
import { optionalDateField } from './accounting.js';
import { idDto, idField, listQuery, timestampDto } from './common.js';

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
  /** The action's Japanese label (AUDIT_ACTION_LABELS; an unknown code as it is). */
  action_label: z.string(),
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

/** One thing 改ざんチェック found wrong: a row (id), or a chain or the checkpoint file as a whole (id null). */
export const auditVerifyProblemDto = z.object({
  /** The chain: a company's id, null for the platform chain (or for the checkpoint file itself). */
  company_id: idDto.nullable(),
  id: idDto.nullable(),
  /** Why, in Japanese. */
  reason: z.string(),
});
export type AuditVerifyProblem = z.infer<typeof auditVerifyProblemDto>;

/** One chain's head as a checkpoint recorded it. */
export const auditCheckpointChainDto = z.object({
  company_id: idDto.nullable(),
  rows: z.number().int(),
  last_id: idDto,
  last_hash: z.string(),
});

/** A signed checkpoint of every chain's head and row count, kept outside the database (ADR 0040). */
export const auditCheckpointDto = z.object({
  at: timestampDto,
  /** The key that signed it. */
  key_id: z.string(),
  /** The first signed row's id (rows from it on must all be signed); null while every row is unsigned. */
  keyed_from: idDto.nullable(),
  chains: z.number().int(),
  rows: z.number().int(),
  /** Where it is kept (a file path; null: in memory, tests). */
  location: z.string().nullable(),
});
export type AuditCheckpoint = z.infer<typeof auditCheckpointDto>;

/**
 * `GET /api/admin/audit-logs/verify`: the chains recomputed, every signed row checked against its key and the
 * chains against the latest checkpoint; first_bad_id is the smallest bad row's id (null when no row is bad).
 */
export const auditVerifyResultDto = z.object({
  ok: z.boolean(),
  checked: z.number().int(),
  first_bad_id: idDto.nullable(),
  /** The first problems found (at most 50), in id order of the chains walked, then the checkpoint's. */
  problems: z.array(auditVerifyProblemDto),
  /** What the rows were checked against: the ids of the keys that signed them. */
  key_ids: z.array(z.string()),
  /** Rows from before keyed rows started (checked by their hash chain only). */
  unsigned: z.number().int(),
  /** The checkpoint the chains were compared with (null: none recorded yet). */
  checkpoint: auditCheckpointDto.nullable(),
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
  actor: idField('操作したユーザー', '操作したユーザーは数値のIDで指定してください').optional(),
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
  transaction: '受注取引',
  invoice: '請求書',
  transaction_document: '発注取引',
  ocr_document: 'OCR書類',
  payment: '入出金',
  payment_batch: '振込データ',
  consumption_tax_return: '消費税の申告書',
  bank_account: '銀行口座',
  bank_csv_mapping: '列の対応付け',
  bank_rule: '仕訳ルール',
  bank_statement_import: '銀行明細の取り込み',
  bank_statement_row: '銀行明細の行',
  tax_return: '確定申告書',
  attendance_day: '勤怠',
  attendance_correction: '勤怠の修正依頼',
  attendance_month: '勤怠の月締め',
  audit_key: '操作ログの署名鍵',
  registry_import: '適格請求書発行事業者データの取り込み',
};

export const auditTargetLabel = (type: string) => AUDIT_TARGET_LABELS[type] ?? type;
