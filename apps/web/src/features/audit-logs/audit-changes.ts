/**
 * The 操作ログ's 変更前 → 変更後 as rows a person reads: one per field, labelled in Japanese (a key the map does
 * not know is shown as it is), values as text — nested objects and lists summarised on one line.
 */

/** Japanese labels of the fields the audit rows carry (the same names as the contracts' fields). */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
  id: 'ID',
  number: '番号',
  code: 'コード',
  name: '名称',
  name_kana: 'フリガナ',
  kana: 'フリガナ',
  email: 'メールアドレス',
  role: '権限',
  roles: '権限',
  permissions: '権限',
  status: '状態',
  is_active: '有効',
  active: '有効',
  honorific: '敬称',
  used_for: '区分',
  postal_code: '郵便番号',
  prefecture_code: '都道府県',
  address: '住所',
  address1: '住所1',
  address2: '住所2',
  tel: '電話番号',
  fax: 'FAX',
  registration_number: '登録番号',
  corporate_number: '法人番号',
  representative: '代表者',
  bank_accounts: '振込先口座',
  bank_account: '振込先口座',
  bank_name: '銀行名',
  branch_name: '支店名',
  account_type: '口座種別',
  account_number: '口座番号',
  account_holder: '口座名義',
  logo_data: 'ロゴ',
  customer_id: '取引先',
  customer_name: '取引先名',
  transaction_id: '受注取引',
  transaction_ids: '受注取引',
  invoice_id: '請求書',
  payment_id: '入出金',
  account_id: '勘定科目',
  account_code: '科目コード',
  account_name: '勘定科目名',
  employee_id: '従業員',
  user_id: 'ユーザー',
  company_id: '企業',
  date: '日付',
  transaction_date: '取引日',
  issue_date: '請求日',
  due_date: '支払期日',
  start_date: '開始日',
  end_date: '終了日',
  from: '開始日',
  to: '終了日',
  subject: '件名',
  description: '摘要',
  memo: 'メモ',
  notes: '備考',
  title: 'タイトル',
  body: '本文',
  kind: '種類',
  document_type: '書類の種類',
  direction: '入出金',
  payment_method: '支払方法',
  amount: '金額',
  total: '合計',
  subtotal: '小計',
  tax: '消費税',
  fee: '手数料',
  debit: '借方',
  credit: '貸方',
  quantity: '数量',
  unit: '単位',
  unit_price: '単価',
  tax_category: '税区分',
  tax_mode: '税抜・税込',
  tax_display: '消費税表示',
  tax_rounding: '端数処理',
  accounting_method: '経理方式',
  taxation: '課税方式',
  lines: '明細',
  allocations: '消込',
  taxes: '税率ごとの内訳',
  by_rate: '税率ごとの内訳',
  locked: '締め',
  fiscal_year_end_month: '決算月',
  expiration_year: '保存年数',
  file_name: 'ファイル名',
  filename: 'ファイル名',
  reason: '理由',
  ip: 'IPアドレス',
  created_at: '作成日時',
  updated_at: '更新日時',
  deleted_at: '削除日時',
};

export const fieldLabel = (key: string) => AUDIT_FIELD_LABELS[key] ?? key;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const SHORT = 80;
const cut = (s: string) => (s.length > SHORT ? `${s.slice(0, SHORT - 1)}…` : s);

/** One value as text: — for none, はい/いいえ, a list as 「N件」 (its first items when short), an object as 「項目: 値、…」. */
export function auditValueText(value: unknown, depth = 0): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'はい' : 'いいえ';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return cut(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '（なし）';
    const items = value.map((v) => auditValueText(v, depth + 1));
    const joined = items.join('、');
    return value.every((v) => !isRecord(v) && !Array.isArray(v)) && joined.length <= SHORT
      ? joined
      : `${value.length}件${depth === 0 ? `（${auditValueText(value[0], depth)}${value.length > 1 ? ' ほか' : ''}）` : ''}`;
  }
  if (isRecord(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0) return '（なし）';
    if (depth > 0) return `${entries.length}項目`;
    return cut(entries.map(([k, v]) => `${fieldLabel(k)}: ${auditValueText(v, depth + 1)}`).join('、'));
  }
  return cut(String(value));
}

export interface AuditChangeRow {
  key: string;
  label: string;
  before: string;
  after: string;
  changed: boolean;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The rows of the details: per field of the two objects (the keys of 変更前 first, then those only in 変更後);
 * a value that is not an object is one row 「内容」.
 */
export function auditChangeRows(before: unknown, after: unknown): AuditChangeRow[] {
  const b = before ?? null;
  const a = after ?? null;
  if ((b !== null && !isRecord(b)) || (a !== null && !isRecord(a))) {
    return [{ key: '_', label: '内容', before: auditValueText(b), after: auditValueText(a), changed: !same(b, a) }];
  }
  const keys = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])];
  return keys.map((key) => {
    const bv = b?.[key];
    const av = a?.[key];
    return {
      key,
      label: fieldLabel(key),
      before: b === null ? '—' : auditValueText(bv),
      after: a === null ? '—' : auditValueText(av),
      changed: !same(bv, av),
    };
  });
}
