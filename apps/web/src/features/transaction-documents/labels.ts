import {
  DOCUMENT_FILE_TYPES,
  DOCUMENT_STATUSES,
  DOCUMENT_TYPES,
  MAX_DOCUMENT_FILE_BYTES,
  PAYMENT_METHODS,
  TAX_CATEGORY_LABELS,
  type TaxCategory,
} from '@chobo/core';

/** Display helpers of 発注取引 (transaction documents). */
export const DOCS_PATH = '/company/transaction-documents';
export const documentEditPath = (id: number) => `${DOCS_PATH}/edit?id=${id}`;
export const journalEntryPath = (id: number) => `/company/accountings_bk/edit?id=${id}`;

export const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

const options = (map: Record<number, string>) => Object.entries(map).map(([value, label]) => ({ value, label }));
export const DOCUMENT_TYPE_OPTIONS = options(DOCUMENT_TYPES);
export const DOCUMENT_STATUS_OPTIONS = options(DOCUMENT_STATUSES);
export const PAYMENT_OPTIONS = options(PAYMENT_METHODS);
export const TAX_OPTIONS = (Object.entries(TAX_CATEGORY_LABELS) as [TaxCategory, string][]).map(([value, label]) => ({
  value,
  label,
}));

export const documentTypeLabel = (t: number) => DOCUMENT_TYPES[t as keyof typeof DOCUMENT_TYPES] ?? '';
export const documentStatusLabel = (s: number) => DOCUMENT_STATUSES[s as keyof typeof DOCUMENT_STATUSES] ?? '';
export const paymentLabel = (m: number) => PAYMENT_METHODS[m as keyof typeof PAYMENT_METHODS] ?? '';
export const STATUS_COLORS: Record<number, string> = { 0: 'orange', 1: 'green' };

/** The rate of a tax category in percent (0 for 非課税 / 対象外). */
export const ratePercent = (c: TaxCategory) => (c === '10' ? 10 : c === '8' ? 8 : 0);

/** Accepted upload types (by extension and MIME, the server checks the bytes again). */
export const ACCEPT_FILES: Record<string, string[]> = {
  'application/pdf': ['.pdf'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
};
const EXTENSIONS = /\.(pdf|jpe?g|png)$/i;

/** The Japanese refusal of a file before it is sent, or null when it may be sent. */
export function fileProblem(file: File): string | null {
  const typeOk =
    (DOCUMENT_FILE_TYPES as readonly string[]).includes(file.type) || (!file.type && EXTENSIONS.test(file.name));
  if (!typeOk) return `${file.name}: PDF・JPEG・PNG のファイルを選択してください`;
  if (file.size > MAX_DOCUMENT_FILE_BYTES) return `${file.name}: ファイルサイズは10MB以下にしてください`;
  if (file.size === 0) return `${file.name}: 空のファイルはアップロードできません`;
  return null;
}

/** 1,234,567 バイト → '1.2 MB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Japanese labels of the fields a history row may mention. */
export const FIELD_LABELS: Record<string, string> = {
  customer_id: '取引先',
  customer_name: '取引先',
  document_type: '書類の種類',
  transaction_date: '取引日',
  amount: '取引金額',
  taxes: '税率ごとの内訳',
  registration_number: '登録番号',
  is_qualified: '適格請求書発行事業者',
  payment_method: '支払方法',
  due_date: '支払期日',
  status: '状態',
  memo: 'メモ',
  account_id: '勘定科目',
  account_name: '勘定科目',
  journal_entry_id: '仕訳',
  retention_until: '保存期限',
  file_name: 'ファイル名',
  version: '版',
  size: 'サイズ',
  sha256: 'SHA-256',
  content_type: '形式',
  deleted_at: '削除日時',
};

export const HISTORY_ACTIONS: Record<string, { label: string; color: string }> = {
  created: { label: '登録', color: 'blue' },
  updated: { label: '変更', color: 'indigo' },
  deleted: { label: '削除', color: 'red' },
  file_added: { label: 'ファイル追加', color: 'teal' },
  file_deleted: { label: 'ファイル削除', color: 'red' },
};
