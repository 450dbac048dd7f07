/**
 * Every action the server writes to the audit log (操作ログ), with its Japanese label: `audit()` takes an
 * `AuditAction`, so an action without a label here does not compile. Grouped by what it acts on.
 */
const LABELS = {
  // sign-in and one's own account
  'auth.login': 'ログイン',
  'auth.logout': 'ログアウト',
  'auth.locked': 'アカウントのロック',
  'auth.password_reset_requested': 'パスワード再設定の申請',
  'auth.password_reset': 'パスワードの再設定',
  'profile.update_name': '氏名の変更',
  'profile.update_email': 'メールアドレスの変更',
  'profile.email_change_requested': 'メールアドレス変更の申請',
  'profile.update_password': 'パスワードの変更',
  // companies
  'company.register': '企業の登録（招待から）',
  'company.create': '企業の作成',
  'company.update': '企業の更新',
  'company.delete': '企業の削除',
  'company.suspend': '企業の利用停止',
  'company.reactivate': '企業の利用再開',
  'company.profile': '企業情報の変更',
  'company.bank_info': '振込先の変更',
  'company.logo': '企業ロゴの変更',
  'company.logo_update': 'ロゴの変更',
  'company.logo_delete': 'ロゴの削除',
  'company.account_update': '企業アカウントの変更',
  'company.employee_settings': '従業員設定の変更',
  'company.tax_settings': '消費税設定の変更',
  'company.invoice_mail_template': '請求書メールのひな形の変更',
  'company.expiration_year': 'データ保存期間の変更',
  // master data
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
  // accounting
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
  // sales (受注取引, 請求書)
  'transaction.create': '受注取引の登録',
  'transaction.update': '受注取引の更新',
  'transaction.delete': '受注取引の削除',
  'invoice.create': '請求書の作成',
  'invoice.update': '請求書の更新',
  'invoice.issue': '請求書の発行',
  'invoice.send': '請求書の送付',
  // purchases (発注取引) and OCR
  'transaction_document.create': '発注取引の登録',
  'transaction_document.update': '発注取引の更新',
  'transaction_document.delete': '発注取引の削除',
  'transaction_document.file_add': '発注取引の書類の追加',
  'transaction_document.file_delete': '発注取引の書類の削除',
  'ocr_document.create': 'OCR書類の登録',
  'ocr_document.update': 'OCR結果の修正',
  'ocr_document.retry': 'OCRの再実行',
  'ocr_document.confirm': 'OCR書類の確定',
  // payments and bank statements
  'payment.create': '入出金の登録',
  'payment.update': '入出金の更新',
  'payment.delete': '入出金の削除',
  'payment_batch.create': '振込データの作成',
  'payment_batch.update': '振込データの更新',
  'payment_batch.delete': '振込データの削除',
  'payment_batch.approve': '振込データの承認',
  'payment_batch.export': '振込データ（全銀ファイル）の出力',
  'payment_batch.confirm': '振込データの支払確定',
  'payment_batch.reopen': '振込データの支払確定の取り消し',
  'bank_account.create': '銀行口座の登録',
  'bank_account.update': '銀行口座の更新',
  'bank_account.delete': '銀行口座の削除',
  'bank_account.transfer_settings': '振込元の設定の更新',
  'bank_csv_mapping.create': '列の対応付けの登録',
  'bank_csv_mapping.update': '列の対応付けの更新',
  'bank_csv_mapping.delete': '列の対応付けの削除',
  'bank_rule.create': '仕訳ルールの登録',
  'bank_rule.update': '仕訳ルールの更新',
  'bank_rule.delete': '仕訳ルールの削除',
  'bank_statement.import': '銀行明細の取り込み',
  'bank_statement.revert': '銀行明細の取り込みの取り消し',
  'bank_statement_row.confirm': '銀行明細の確定',
  'bank_statement_row.edit': '銀行明細の修正',
  'bank_statement_row.ignore': '銀行明細を対象外にする',
  'bank_statement_row.unignore': '銀行明細を対象に戻す',
  // 確定申告書
  'tax_return.update': '確定申告書の保存',
  'tax_return.fill': '確定申告書の自動入力',
  'tax_return.post_entry': '確定申告の仕訳の計上',
  'tax_return.settings': '確定申告の設定の変更',
  'consumption_tax_return.update': '消費税の申告書の保存',
  'consumption_tax_return.fill': '消費税の申告書の自動入力',
  'consumption_tax_return.post_entry': '消費税の精算仕訳の計上',
  'consumption_tax_return.settings': '消費税の設定の変更',
  // 出勤管理
  'attendance.clock_in': '出勤',
  'attendance.clock_out': '退勤',
  'attendance.clock_break_start': '休憩開始',
  'attendance.clock_break_end': '休憩終了',
  'attendance.create': '勤怠の登録',
  'attendance.update': '勤怠の修正',
  'attendance.correction_request': '勤怠の修正依頼',
  'attendance.correction_approve': '勤怠の修正依頼の承認',
  'attendance.correction_reject': '勤怠の修正依頼の却下',
  'attendance.close': '勤怠の月締め',
  'attendance.reopen': '勤怠の月締めの解除',
  // invitations
  'company_invitation.create': '企業招待の作成',
  'company_invitation.resend': '企業招待の再送',
  'company_invitation.delete': '企業招待の取り消し',
  'company_invitation.accept': '企業招待の承諾',
  'admin_invitation.create': '管理者招待の作成',
  'admin_invitation.resend': '管理者招待の再送',
  'admin_invitation.delete': '管理者招待の取り消し',
  'admin_invitation.accept': '管理者招待の承諾',
  // platform administration
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
  'registry.import': '適格請求書発行事業者データの取り込み',
  // the audit log itself (ADR 0040) and the platform's reads of a company's data
  'audit.key_started': '操作ログの署名の開始',
  'audit.key_rotated': '操作ログの署名鍵の切り替え',
  'admin.company_view': '運営者が閲覧',
  'admin.company_export': '運営者がダウンロード',
} as const satisfies Record<string, string>;

/** An action the audit log records (the `action` column of audit_logs). */
export type AuditAction = keyof typeof LABELS;

/** The Japanese label of every action (操作ログ's 操作 column and filter). */
export const AUDIT_ACTION_LABELS: Readonly<Record<AuditAction, string>> = LABELS;

/** Every action, in the order of AUDIT_ACTION_LABELS. */
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as AuditAction[];

export const isAuditAction = (value: string): value is AuditAction => Object.hasOwn(AUDIT_ACTION_LABELS, value);

/** The Japanese label of an action; a code no longer written (old rows) is shown as it is. */
export const auditActionLabel = (action: string): string =>
  isAuditAction(action) ? AUDIT_ACTION_LABELS[action] : action;
