/**
 * Permission matching — the ONE function used by the server's route guards and by the web app's
 * guards and menus (docs/product/SPEC.md §5): a required permission (empty string if none) is granted when it equals a
 * granted permission, or when a granted permission containing '.*' matches it with '*' standing for any
 * text and dots taken literally.
 */
const wildcardCache = new Map<string, RegExp>();

function wildcardRegExp(pattern: string): RegExp {
  let re = wildcardCache.get(pattern);
  if (!re) {
    const source = pattern
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\/-]/g, '\\$&'))
      .join('.*');
    re = new RegExp(`^${source}$`, 's');
    wildcardCache.set(pattern, re);
  }
  return re;
}

export function isPermitted(required: string, granted: readonly string[]): boolean {
  if (required === '') return true;
  for (const g of granted) {
    if (g === required) return true;
    if (g.includes('.*') && wildcardRegExp(g).test(required)) return true;
  }
  return false;
}

/** Admin (platform operator) permissions, docs/product/PRODUCT.md §2. */
export const ADMIN_PERMISSIONS = [
  'companies.index',
  'admin.index',
  'infos.index',
  'domains.index',
  'settings.index',
] as const;
export type AdminPermission = (typeof ADMIN_PERMISSIONS)[number];

/** The company permission set a domain may grant, docs/product/PRODUCT.md §2. */
export const COMPANY_PERMISSIONS = [
  'customer.index',
  'transactions.index',
  'transaction-documents.index',
  'ocr-documents.index',
  'company-accountings.show',
  'products.*',
  'bank_statement.index',
  'attendance.index',
  'account.max-employee',
  'employees.index',
  'payment-management.index',
  'preparation-of-tax-return.index',
] as const;
export type CompanyPermission = (typeof COMPANY_PERMISSIONS)[number];

export const COMPANY_PERMISSION_LABELS: Record<CompanyPermission, string> = {
  'customer.index': '顧客管理',
  'transactions.index': '受注取引',
  'transaction-documents.index': '発注取引',
  'ocr-documents.index': 'OCR書類',
  'company-accountings.show': '会計帳簿',
  'products.*': '商品管理',
  'bank_statement.index': '銀行明細取り込み',
  'attendance.index': '出勤管理',
  'account.max-employee': '従業員設定',
  'employees.index': '従業員管理',
  'payment-management.index': '入金管理・支払いレポート',
  'preparation-of-tax-return.index': '確定申告書',
};

export const ADMIN_PERMISSION_LABELS: Record<AdminPermission, string> = {
  'companies.index': '企業',
  'admin.index': '管理者',
  'infos.index': 'お知らせ',
  'domains.index': 'ドメイン',
  'settings.index': '設定',
};

/** What each administrator permission allows (shown under the checkbox). */
export const ADMIN_PERMISSION_DESCRIPTIONS: Record<AdminPermission, string> = {
  'companies.index': '企業の一覧・登録・編集・利用停止、企業の帳簿と取引の閲覧、企業への招待',
  'admin.index': '管理者の一覧・編集・利用停止、管理者への招待',
  'infos.index': 'お知らせの作成・編集・公開',
  'domains.index': 'ドメインの登録・編集（ロゴ、企業に与える権限）',
  'settings.index': 'システム設定と操作ログの確認',
};

/** What each company permission opens (shown under the checkbox). */
export const COMPANY_PERMISSION_DESCRIPTIONS: Record<CompanyPermission, string> = {
  'customer.index': 'ホームと顧客の一覧・登録・編集',
  'transactions.index': '受注取引と請求書',
  'transaction-documents.index': '発注取引（受け取った書類）のアップロードと検索',
  'ocr-documents.index': '書類の読み取り（OCR）と確認',
  'company-accountings.show': '仕訳帳・総勘定元帳・決算書',
  'products.*': '商品の一覧・登録・CSV入出力',
  'bank_statement.index': '銀行明細の取り込みと仕訳',
  'attendance.index': '出勤・退勤の記録と勤怠の確認',
  'account.max-employee': '従業員数の上限と就業規則',
  'employees.index': '従業員の一覧・登録・編集',
  'payment-management.index': '入金・支払いの記録とレポート',
  'preparation-of-tax-return.index': '法人税申告書（別表一）の作成と出力',
};

/**
 * Company permissions held by one user (users.permissions of a company user), not given by the domain:
 * approving payment batches (振込データ) — the company's owner holds it, a clerk who makes batches does not.
 */
export const COMPANY_USER_PERMISSIONS = ['payment-batches.approve'] as const;
export type CompanyUserPermission = (typeof COMPANY_USER_PERMISSIONS)[number];
export const COMPANY_USER_PERMISSION_LABELS: Record<CompanyUserPermission, string> = {
  'payment-batches.approve': '振込データの承認',
};

/** Domain-level roles (computed for the company menu; not used to show items). */
export const DOMAIN_ROLES = ['product-master-registration', 'preparation-of-tax-return'] as const;
export type DomainRole = (typeof DOMAIN_ROLES)[number];

export const ROLES = ['admin', 'company', 'employee'] as const;
export type Role = (typeof ROLES)[number];

/** Permissions every company user holds on top of its domain's set. */
export const COMPANY_ROLE_PERMISSIONS = [
  'profile.update-name',
  'profile.update-email',
  'profile.update-password',
  'taxes.show',
  'data.expiration',
] as const;

/** Permissions an employee holds (attendance: own records only). */
export const EMPLOYEE_ROLE_PERMISSIONS = [
  'attendance.index',
  'profile.update-name',
  'profile.update-password',
] as const;

/** Account-setting permissions an admin holds besides its explicit admin permissions. */
export const ADMIN_ROLE_PERMISSIONS = [
  'profile.update-name',
  'profile.update-email',
  'profile.update-password',
] as const;

/**
 * The permissions a user effectively holds, computed the same way on the server (for guards and
 * /api/me) and available to the web app for display.
 */
export function effectivePermissions(
  role: Role,
  opts: { adminPermissions?: readonly string[]; domainPermissions?: readonly string[] },
): string[] {
  if (role === 'admin') return [...new Set([...(opts.adminPermissions ?? []), ...ADMIN_ROLE_PERMISSIONS])];
  if (role === 'company') {
    // users.permissions of a company user carries only its own grants (COMPANY_USER_PERMISSIONS)
    const own = (opts.adminPermissions ?? []).filter((p) =>
      (COMPANY_USER_PERMISSIONS as readonly string[]).includes(p),
    );
    return [...new Set([...(opts.domainPermissions ?? []), ...COMPANY_ROLE_PERMISSIONS, ...own])];
  }
  return [...EMPLOYEE_ROLE_PERMISSIONS];
}
