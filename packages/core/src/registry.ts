/**
 * The 国税庁 適格請求書発行事業者公表サイト data (docs/domain FACTS §11, docs/adr/0046): the 24 columns of the
 * 全件データ / 差分データ CSV (UTF-8, no header row) in their order, the codes of the リソース定義書, and when a
 * registration is valid. Pure: the server's importer and lookup and the web's labels use the same.
 */

/** The 24 columns in the file's order (the server's table has one column of the same name each). */
export const REGISTRY_COLUMNS = [
  'sequence_no', // 一連番号
  'registration_number', // 登録番号 (T + 13 digits)
  'process_kind', // 事業者処理区分
  'correct_kind', // 訂正区分
  'person_kind', // 人格区分
  'domestic_kind', // 国内外区分
  'latest', // 最新履歴
  'registered_on', // 登録年月日
  'updated_on', // 更新年月日
  'cancelled_on', // 取消年月日
  'expired_on', // 失効年月日
  'address', // 本店又は主たる事務所の所在地
  'address_prefecture_code',
  'address_city_code',
  'published_address', // 公表申出 所在地
  'published_prefecture_code',
  'published_city_code',
  'name_kana', // 氏名又は名称（カナ）
  'name', // 氏名又は名称
  'domestic_address', // 国内において行う資産の譲渡等に係る事務所の所在地
  'domestic_prefecture_code',
  'domestic_city_code',
  'trade_name', // 主たる屋号
  'popular_name', // 通称・旧姓
] as const;
export type RegistryColumn = (typeof REGISTRY_COLUMNS)[number];

/** 事業者処理区分 (リソース定義書). */
export const REGISTRY_PROCESS_KINDS = {
  '01': '新規',
  '02': '変更',
  '03': '失効',
  '04': '取消',
  '99': '削除',
} as const;
export type RegistryProcessKind = keyof typeof REGISTRY_PROCESS_KINDS;

/** 訂正区分. */
export const REGISTRY_CORRECT_KINDS = { '0': '訂正以外', '1': '訂正' } as const;
/** 人格区分. */
export const REGISTRY_PERSON_KINDS = { '1': '個人', '2': '法人' } as const;
/** 国内外区分. */
export const REGISTRY_DOMESTIC_KINDS = {
  '1': '国内事業者',
  '2': '特定国外事業者',
  '3': '特定国外事業者以外の国外事業者',
} as const;
/** 最新履歴. */
export const REGISTRY_LATEST = { '0': '最新でない', '1': '最新' } as const;

export interface RegistryDates {
  registered_on: string | null;
  cancelled_on: string | null;
  expired_on: string | null;
}

/**
 * Valid on date D (FACTS §11): 登録年月日 ≤ D and neither 取消 nor 失効 on or before D. (A 取消 or 失効 takes
 * effect on its date: the day itself is no longer valid.)
 */
export function registrationValidOn(entry: RegistryDates, date: string): boolean {
  if (!entry.registered_on || entry.registered_on > date) return false;
  if (entry.cancelled_on && entry.cancelled_on <= date) return false;
  if (entry.expired_on && entry.expired_on <= date) return false;
  return true;
}

export type RegistryStatus = 'valid' | 'not_yet' | 'cancelled' | 'expired' | 'unknown';

export const REGISTRY_STATUS_LABELS: Record<RegistryStatus, string> = {
  valid: '登録あり（有効）',
  not_yet: '登録日前',
  cancelled: '登録取消',
  expired: '登録失効',
  unknown: '公表データになし',
};

/** Why a registration is or is not valid on `date` (null entry: not in the registry). */
export function registrationStatusOn(entry: RegistryDates | null, date: string): RegistryStatus {
  if (!entry) return 'unknown';
  if (entry.cancelled_on && entry.cancelled_on <= date) return 'cancelled';
  if (entry.expired_on && entry.expired_on <= date) return 'expired';
  if (!entry.registered_on || entry.registered_on > date) return 'not_yet';
  return 'valid';
}
