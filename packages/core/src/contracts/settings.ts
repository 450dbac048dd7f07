import { z } from 'zod';
import { listQuery, requiredText } from './common.js';

const int = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label}は数値で入力してください` })
    .int(`${label}は整数で入力してください`)
    .min(min, `${label}は${min}以上で入力してください`)
    .max(max, `${label}は${max}以下で入力してください`);

/** /system/settings (PRODUCT.md §3): stored in the database and applied without restart. */
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
export type SystemSettings = z.output<typeof systemSettingsInput>;
/** GET /api/admin/settings: the settings in force and the `updated_at` an edit sends back. */
export interface SystemSettingsRecord extends SystemSettings {
  updated_at: string;
}

export const MAIL_STATUS_LABELS = {
  queued: '送信待ち',
  sending: '送信中',
  sent: '送信済み',
  failed: '送信失敗',
  logged: '記録のみ',
} as const;

export interface MailLogRow {
  id: number;
  to: string;
  subject: string;
  body: string;
  status: keyof typeof MAIL_STATUS_LABELS;
  attempts: number;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

export const MAIL_LOG_SORTABLE = ['id', 'created_at', 'to', 'status'] as const;
export const mailLogListQuery = listQuery(MAIL_LOG_SORTABLE, { defaultSort: 'id', defaultDir: 'desc' });
export type MailLogListQuery = z.infer<typeof mailLogListQuery>;
