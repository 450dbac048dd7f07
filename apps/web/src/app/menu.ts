import { isPermitted } from '@chobo/core';
import {
  IconBuildingBank,
  IconBuildingSkyscraper,
  IconCalculator,
  IconFileInvoice,
  IconFileUpload,
  IconHistory,
  IconHome,
  IconId,
  IconPackage,
  IconReceiptTax,
  IconReportMoney,
  IconSpeakerphone,
  IconUserShield,
  IconUsers,
  IconUsersGroup,
  IconWorldWww,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';

/**
 * The menus of docs/product/SPEC.md §2 as data. The sidebars, the floating menu, the user dropdown, the home pages'
 * quick links AND the route guards' required permissions are all derived from these tables.
 */
export interface MenuLink {
  kind: 'link';
  to: string;
  label: string;
  /** '' = always shown. */
  permission: string;
  /** Only for these roles (roles[0]); undefined = any role of the area. */
  roles?: readonly string[];
  icon?: ComponentType<{ size?: number; stroke?: number }>;
  /** Active only on an exact path match (home entries). */
  exact?: boolean;
}

export interface MenuGroup {
  kind: 'group';
  label: string;
  /** Permission of the group itself ('' = none); a group is shown when it is granted and a child is visible. */
  permission: string;
  icon?: ComponentType<{ size?: number; stroke?: number }>;
  children: MenuLink[];
}

export type MenuItem = MenuLink | MenuGroup;

const link = (to: string, label: string, permission: string, extra: Partial<MenuLink> = {}): MenuLink => ({
  kind: 'link',
  to,
  label,
  permission,
  ...extra,
});

export const ADMIN_MENU: MenuItem[] = [
  link('/system', 'ホーム', '', { icon: IconHome, exact: true }),
  link('/system/companies', '企業', 'companies.index', { icon: IconBuildingSkyscraper }),
  link('/system/admins', '管理者', 'admin.index', { icon: IconUserShield }),
  link('/system/infos', 'お知らせ', 'infos.index', { icon: IconSpeakerphone }),
  link('/system/domains', 'ドメイン', 'domains.index', { icon: IconWorldWww }),
  link('/system/audit-logs', '操作ログ', 'settings.index', { icon: IconHistory }),
];

export const COMPANY_MENU: MenuItem[] = [
  link('/company', 'ホーム', 'customer.index', { icon: IconHome, exact: true }),
  link('/company/customers', '顧客管理', 'customer.index', { icon: IconUsers }),
  {
    kind: 'group',
    label: '受注取引管理',
    permission: '',
    icon: IconFileInvoice,
    children: [link('/company/transactions', '受注取引一覧', 'transactions.index')],
  },
  {
    kind: 'group',
    label: '発注取引管理',
    permission: '',
    icon: IconFileUpload,
    children: [
      link('/company/transaction-documents', '発注取引一覧(アップロード)', 'transaction-documents.index'),
      link('/company/ocr-documents', 'OCR読み取り', 'ocr-documents.index'),
    ],
  },
  {
    kind: 'group',
    label: '会計帳簿',
    permission: 'company-accountings.show',
    icon: IconCalculator,
    children: [
      link('/company/accountings', '総勘定元帳', ''),
      link('/company/balance_sheet', '貸借対照表', ''),
      link('/company/income_statement', '損益計算書', ''),
      link('/company/cash_flow', 'キャッシュフロー計算書', ''),
    ],
  },
  {
    kind: 'group',
    label: '商品管理',
    permission: '',
    icon: IconPackage,
    children: [link('/company/products', '商品一覧', 'products.*')],
  },
  link('/company/bank_statement', '銀行の取引明細取り込み', 'bank_statement.index', { icon: IconBuildingBank }),
  {
    kind: 'group',
    label: '従業員管理',
    permission: 'attendance.index',
    icon: IconUsersGroup,
    children: [
      link('/company/max-employee/edit', '従業員設定', 'account.max-employee'),
      link('/company/employee', '従業員管理', 'employees.index'),
      link('/company/attendance', '出勤管理', 'attendance.index'),
    ],
  },
  link('/company/payment_management', '入金管理・支払いレポート 一覧', 'payment-management.index', {
    icon: IconReportMoney,
  }),
  link('/company/preparation-of-tax-return', '確定申告書の作成・出力', 'preparation-of-tax-return.index', {
    icon: IconReceiptTax,
  }),
  link('/company/audit-logs', '操作ログ', '', { roles: ['company'], icon: IconHistory }),
];

/** The user dropdown (docs/product/SPEC.md §2); ログアウト is appended by the dropdown itself. */
export const USER_MENU: MenuLink[] = [
  link('/profile/edit', 'プロフィール', 'profile.update-name', { icon: IconId }),
  link('/email/edit', 'メールアドレス', 'profile.update-email'),
  link('/tax/edit', '消費税表示設定', 'taxes.show', { roles: ['company'] }),
  link('/company/expiration-year/edit', '有効期限年', 'data.expiration', { roles: ['company'] }),
  link('/password/edit', 'パスワード変更', 'profile.update-password'),
];

function linkVisible(entry: MenuLink, permissions: readonly string[], role: string | null): boolean {
  if (entry.roles && (!role || !entry.roles.includes(role))) return false;
  return isPermitted(entry.permission, permissions);
}

/** The entries a user sees: each only when `isPermitted(entry.permission, permissions)`. */
export function visibleMenu(
  items: readonly MenuItem[],
  permissions: readonly string[],
  role: string | null,
): MenuItem[] {
  const result: MenuItem[] = [];
  for (const item of items) {
    if (item.kind === 'link') {
      if (linkVisible(item, permissions, role)) result.push(item);
      continue;
    }
    if (!isPermitted(item.permission, permissions)) continue;
    const children = item.children.filter((child) => linkVisible(child, permissions, role));
    if (children.length > 0) result.push({ ...item, children });
  }
  return result;
}

export function flattenMenu(items: readonly MenuItem[]): MenuLink[] {
  return items.flatMap((item) => (item.kind === 'link' ? [item] : item.children));
}

export function menuFor(role: string | null): MenuItem[] {
  return role === 'admin' ? ADMIN_MENU : COMPANY_MENU;
}

/**
 * The permission a menu entry's route requires: the entry's own permission, or its group's when the
 * entry has none (e.g. the four 会計帳簿 pages need company-accountings.show).
 */
export function menuPermission(path: string): string {
  for (const item of [...ADMIN_MENU, ...COMPANY_MENU, ...USER_MENU]) {
    if (item.kind === 'link') {
      if (item.to === path) return item.permission;
      continue;
    }
    for (const child of item.children) {
      if (child.to === path) return child.permission || item.permission;
    }
  }
  throw new Error(`No menu entry for ${path}`);
}

/** Is `pathname` the page of `entry` (or one of its sub-pages)? */
export function isActivePath(entry: MenuLink, pathname: string): boolean {
  if (pathname === entry.to) return true;
  return !entry.exact && pathname.startsWith(`${entry.to}/`);
}
