import { z } from 'zod';
import { idDto, listQuery, requiredText, timestampDto } from './common.js';

const int = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label}は数値で入力してください` })
    .int(`${label}は整数で入力してください`)
    .min(min, `${label}は${min}以上で入力してください`)
    .max(max, `${label}は${max}以下で入力してください`);

/** /system/settings (docs/product/PRODUCT.md §3): stored in the database and applied without restart. */
export const systemSettingsInput = z.object({
  service_name: requiredText('サービス名', 100),
  mail_from: requiredText('送信元メールアドレス', 300).refine(
    (v) => /^[^<>]*<[^\s@<>]+@[^\s@<>]+\.[A-Za-z]{2,}>$|^[^\s@<>]+@[^\s@<>]+\.[A-Za-z]{2,}$/.test(v),
    '送信元は「名前 <no-reply@example.jp>」またはメールアドレスの形式で入力してください',
  ),
  default_expiration_year: z.coerce
    .number({ error: 'データ保存期間は7年または10年を選択してください' })
    .refine((v) => v === 7 || v === 10, 'データ保存期間は7年または10年を選択してください'),
  default_max_employee: int('従業員数の上限（初期値）', 0, 10000),
  token_ttl_seconds: int('ログインの有効時間（秒）', 300, 60 * 60 * 24 * 30),
  login_account_failures: int('ロックまでの失敗回数', 1, 100),
  login_window_seconds: int('失敗回数を数える期間（秒）', 60, 86400),
  login_lock_seconds: int('ロック時間（秒）', 60, 86400),
});
export type SystemSettingsInput = z.input<typeof systemSettingsInput>;

export const systemSettingsDto = z.object({
  service_name: z.string(),
  mail_from: z.string(),
  default_expiration_year: z.number().int(),
  default_max_employee: z.number().int(),
  token_ttl_seconds: z.number().int(),
  login_account_failures: z.number().int(),
  login_window_seconds: z.number().int(),
  login_lock_seconds: z.number().int(),
});
export type SystemSettings = z.infer<typeof systemSettingsDto>;
/** GET /api/admin/settings: the settings in force and the `updated_at` an edit sends back. */
export const systemSettingsRecordDto = systemSettingsDto.extend({ updated_at: timestampDto });
export type SystemSettingsRecord = z.infer<typeof systemSettingsRecordDto>;

export const MAIL_STATUS_LABELS = {
  queued: '送信待ち',
  sending: '送信中',
  sent: '送信済み',
  failed: '送信失敗',
  logged: '記録のみ',
} as const;

export const mailLogRowDto = z.object({
  id: idDto,
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  status: z.enum(['queued', 'sending', 'sent', 'failed', 'logged']),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: timestampDto,
  sent_at: timestampDto.nullable(),
});
export type MailLogRow = z.infer<typeof mailLogRowDto>;

export const MAIL_LOG_SORTABLE = ['id', 'created_at', 'to', 'status'] as const;
export const mailLogListQuery = listQuery(MAIL_LOG_SORTABLE, { defaultSort: 'id', defaultDir: 'desc' });
export type MailLogListQuery = z.infer<typeof mailLogListQuery>;
