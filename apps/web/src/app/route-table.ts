import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { prefetchDashboard } from '../features/dashboard/dashboard-query';
import { menuPermission } from './menu';

/**
 * Every signed-in route of docs/product/SPEC.md §2 with its title and guard. `permission` comes from the menu tables
 * (menu.ts) wherever a menu entry exists for the feature; `load` is the page module (code-split), absent
 * for features that come later (they render the shared 準備中 page).
 */
export type Area = 'company' | 'system' | 'account';

export interface PageDef {
  path: string;
  title: string;
  area: Area;
  permission: string;
  /** Extra restriction to these roles (roles[0]). */
  roles?: readonly string[];
  load?: () => Promise<{ default: ComponentType }>;
  /** The page's first data request, started by its route's loader beside the page's chunk. */
  prefetch?: (client: QueryClient) => Promise<unknown>;
}

const m = menuPermission;

const company = (path: string, title: string, permission: string, extra: Partial<PageDef> = {}): PageDef => ({
  path,
  title,
  area: 'company',
  permission,
  ...extra,
});
const system = (path: string, title: string, permission: string, extra: Partial<PageDef> = {}): PageDef => ({
  path,
  title,
  area: 'system',
  permission,
  ...extra,
});
const account = (path: string, title: string, permission: string, extra: Partial<PageDef> = {}): PageDef => ({
  path,
  title,
  area: 'account',
  permission,
  ...extra,
});

export const COMPANY_HOME = '/company';
export const SYSTEM_HOME = '/system';

export const PAGES: PageDef[] = [
  // ── company area ────────────────────────────────────────────────────────────
  company(COMPANY_HOME, 'ホーム', m('/company'), {
    load: () => import('../features/dashboard/CompanyHomePage'),
    prefetch: prefetchDashboard,
  }),
  company('/company/customers', '顧客管理', m('/company/customers'), {
    load: () => import('../features/customers/CustomerListPage'),
  }),
  company('/company/customers/create', '顧客の登録', m('/company/customers'), {
    load: () => import('../features/customers/CustomerCreatePage'),
  }),
  company('/company/customers/edit', '顧客の編集', m('/company/customers'), {
    load: () => import('../features/customers/CustomerEditPage'),
  }),
  company('/company/transactions', '受注取引一覧', m('/company/transactions'), {
    load: () => import('../features/transactions/TransactionListPage'),
  }),
  company('/company/transactions/create', '受注取引の登録', m('/company/transactions'), {
    load: () => import('../features/transactions/TransactionCreatePage'),
  }),
  company('/company/transactions/edit', '受注取引の編集', m('/company/transactions'), {
    load: () => import('../features/transactions/TransactionEditPage'),
  }),
  company('/company/invoices/create', '請求書の作成', m('/company/transactions'), {
    load: () => import('../features/invoices/InvoiceCreatePage'),
  }),
  company('/company/invoices/edit', '請求書の編集', m('/company/transactions'), {
    load: () => import('../features/invoices/InvoiceEditPage'),
  }),
  company('/company/transaction-documents', '発注取引一覧(アップロード)', m('/company/transaction-documents'), {
    load: () => import('../features/transaction-documents/TransactionDocumentListPage'),
  }),
  company('/company/registry/lapsed-suppliers', '登録が取消・失効した仕入先', m('/company/customers'), {
    load: () => import('../features/registry/LapsedSuppliersPage'),
  }),
  company('/company/transaction-documents/create', '発注取引の登録', m('/company/transaction-documents'), {
    load: () => import('../features/transaction-documents/TransactionDocumentCreatePage'),
  }),
  company('/company/transaction-documents/edit', '発注取引の編集', m('/company/transaction-documents'), {
    load: () => import('../features/transaction-documents/TransactionDocumentEditPage'),
  }),
  company('/company/ocr-documents', 'OCR書類一覧', m('/company/ocr-documents'), {
    load: () => import('../features/ocr-documents/OcrListPage'),
  }),
  company('/company/ocr-documents/create', 'OCR書類のアップロード', m('/company/ocr-documents'), {
    load: () => import('../features/ocr-documents/OcrCreatePage'),
  }),
  company('/company/ocr-documents/:id/ocr-result', 'OCR読み取り結果', m('/company/ocr-documents'), {
    load: () => import('../features/ocr-documents/OcrResultPage'),
  }),
  company('/company/accountings', '総勘定元帳', m('/company/accountings'), {
    load: () => import('../features/accounting/pages').then((p) => ({ default: p.LedgerPage })),
  }),
  company('/company/accountings_bk', '仕訳帳', m('/company/accountings'), {
    load: () => import('../features/accounting/pages').then((p) => ({ default: p.JournalListPage })),
  }),
  company('/company/accountings_bk/create', '仕訳の登録', m('/company/accountings'), {
    load: () => import('../features/accounting/JournalEntryPages').then((p) => ({ default: p.JournalCreatePage })),
  }),
  company('/company/accountings_bk/edit', '仕訳の編集', m('/company/accountings'), {
    load: () => import('../features/accounting/JournalEntryPages').then((p) => ({ default: p.JournalEditPage })),
  }),
  company('/company/accountings/accounts', '勘定科目', m('/company/accountings'), {
    load: () => import('../features/accounting/AccountsPage'),
  }),
  company('/company/accountings/fiscal-years', '会計年度・締め', m('/company/accountings'), {
    load: () => import('../features/accounting/FiscalYearsPage'),
  }),
  company('/company/balance_sheet', '貸借対照表', m('/company/balance_sheet'), {
    load: () => import('../features/accounting/pages').then((p) => ({ default: p.BalanceSheetPage })),
  }),
  company('/company/income_statement', '損益計算書', m('/company/income_statement'), {
    load: () => import('../features/accounting/pages').then((p) => ({ default: p.IncomeStatementPage })),
  }),
  company('/company/cash_flow', 'キャッシュフロー計算書', m('/company/cash_flow'), {
    load: () => import('../features/accounting/pages').then((p) => ({ default: p.CashFlowPage })),
  }),
  company('/company/products', '商品一覧', m('/company/products'), {
    load: () => import('../features/products/ProductListPage'),
  }),
  company('/company/products/create', '商品の登録', m('/company/products'), {
    load: () => import('../features/products/ProductCreatePage'),
  }),
  company('/company/products/edit', '商品の編集', m('/company/products'), {
    load: () => import('../features/products/ProductEditPage'),
  }),
  company('/company/bank_statement', '銀行の取引明細取り込み', m('/company/bank_statement'), {
    load: () => import('../features/bank-statements/BankStatementListPage'),
  }),
  company('/company/bank_statement/:id', '取り込んだ取引明細', m('/company/bank_statement'), {
    load: () => import('../features/bank-statements/BankStatementDetailPage'),
  }),
  company('/company/max-employee/edit', '従業員設定', m('/company/max-employee/edit'), {
    load: () => import('../features/company-settings/EmployeeSettingsPage'),
  }),
  company('/company/employee', '従業員管理', m('/company/employee'), {
    load: () => import('../features/employees/EmployeeListPage'),
  }),
  company('/company/employee/create', '従業員の登録', m('/company/employee'), {
    load: () => import('../features/employees/EmployeeCreatePage'),
  }),
  company('/company/employee/edit', '従業員の編集', m('/company/employee'), {
    load: () => import('../features/employees/EmployeeEditPage'),
  }),
  company('/company/attendance', '出勤管理', m('/company/attendance'), {
    load: () => import('../features/attendance/AttendancePage'),
  }),
  company('/company/attendance/create', '出勤記録の登録', m('/company/attendance'), {
    roles: ['company'],
    load: () => import('../features/attendance/AttendanceDayPages').then((p) => ({ default: p.AttendanceCreatePage })),
  }),
  company('/company/attendance/edit', '出勤記録の編集', m('/company/attendance'), {
    roles: ['company'],
    load: () => import('../features/attendance/AttendanceDayPages').then((p) => ({ default: p.AttendanceEditPage })),
  }),
  company('/company/payment_management', '入金管理・支払いレポート 一覧', m('/company/payment_management'), {
    load: () => import('../features/payments/PaymentListPage'),
  }),
  company('/company/payment_management/create', '入金・支払いの登録', m('/company/payment_management'), {
    load: () => import('../features/payments/PaymentFormPage'),
  }),
  company('/company/payment_management/edit/:id?', '入金・支払いの編集', m('/company/payment_management'), {
    load: () => import('../features/payments/PaymentEditPage'),
  }),
  company('/company/preparation-of-tax-return', '確定申告書の作成・出力', m('/company/preparation-of-tax-return'), {
    load: () => import('../features/tax-returns/TaxReturnPage'),
  }),
  company(
    '/company/preparation-of-tax-return-preview',
    '確定申告書のプレビュー',
    m('/company/preparation-of-tax-return'),
    { load: () => import('../features/tax-returns/TaxReturnPreviewPage') },
  ),
  company('/company/audit-logs', '操作ログ', m('/company/audit-logs'), {
    roles: ['company'],
    load: () => import('../features/audit-logs/CompanyAuditLogPage'),
  }),
  company('/company/infos/:id', 'お知らせ', '', { load: () => import('../features/infos/CompanyInfoPage') }),
  company('/company/expiration-year/edit', '有効期限年', m('/company/expiration-year/edit'), {
    roles: ['company'],
    load: () => import('../features/account-settings/ExpirationYearEditPage'),
  }),

  // ── account settings (any signed-in role) ───────────────────────────────────
  account('/profile/edit', 'プロフィール', m('/profile/edit'), {
    load: () => import('../features/account-settings/ProfileEditPage'),
  }),
  account('/email/edit', 'メールアドレス', m('/email/edit'), {
    load: () => import('../features/account-settings/EmailEditPage'),
  }),
  account('/tax/edit', '消費税表示設定', m('/tax/edit'), {
    roles: ['company'],
    load: () => import('../features/account-settings/TaxEditPage'),
  }),
  account('/password/edit', 'パスワード変更', m('/password/edit'), {
    load: () => import('../features/account-settings/PasswordEditPage'),
  }),
  account('/logo/edit', 'ロゴ', 'profile.update-name', {
    roles: ['company'],
    load: () => import('../features/account-settings/LogoEditPage'),
  }),

  // ── system (admin) area ─────────────────────────────────────────────────────
  system(SYSTEM_HOME, '管理画面ホーム', m('/system'), { load: () => import('../features/dashboard/SystemHomePage') }),
  system('/system/companies', '企業一覧', m('/system/companies'), {
    load: () => import('../features/admin-companies/CompanyListPage'),
  }),
  system('/system/companies/create', '企業の登録', m('/system/companies'), {
    load: () => import('../features/admin-companies/CompanyFormPage').then((p) => ({ default: p.CompanyCreatePage })),
  }),
  system('/system/companies/:id/edit', '企業情報の編集', m('/system/companies'), {
    load: () => import('../features/admin-companies/CompanyFormPage').then((p) => ({ default: p.CompanyEditPage })),
  }),
  system('/system/companies/:id/account/edit', '企業アカウントの編集', m('/system/companies'), {
    load: () => import('../features/admin-companies/CompanyAccountEditPage'),
  }),
  system('/system/companies/:id/accountings', '総勘定元帳（企業）', m('/system/companies'), {
    load: () => import('../features/accounting/pages').then((p) => ({ default: p.SystemLedgerPage })),
  }),
  system('/system/companies/:id/balance-sheet', '貸借対照表（企業）', m('/system/companies'), {
    load: () => import('../features/accounting/pages').then((p) => ({ default: p.SystemBalanceSheetPage })),
  }),
  system('/system/companies/:id/income-statement', '損益計算書（企業）', m('/system/companies'), {
    load: () => import('../features/accounting/pages').then((p) => ({ default: p.SystemIncomeStatementPage })),
  }),
  system('/system/companies/:id/cash-flow', 'キャッシュフロー計算書（企業）', m('/system/companies'), {
    load: () => import('../features/accounting/pages').then((p) => ({ default: p.SystemCashFlowPage })),
  }),
  system('/system/companies/:id/customers', '顧客一覧（企業）', m('/system/companies'), {
    load: () => import('../features/customers/SystemCompanyCustomersPage'),
  }),
  system('/system/companies/:id/transactions', '受注取引一覧（企業）', m('/system/companies'), {
    load: () => import('../features/transactions/SystemCompanyTransactionsPage'),
  }),
  system('/system/companies/:id/transaction-documents', '発注取引一覧（企業）', m('/system/companies'), {
    load: () => import('../features/transaction-documents/SystemCompanyTransactionDocumentsPage'),
  }),
  system('/system/company-invitations', '企業招待一覧', m('/system/companies'), {
    load: () =>
      import('../features/invitations/InvitationListPage').then((p) => ({ default: p.CompanyInvitationsPage })),
  }),
  system('/system/company-invitations/create', '企業の招待', m('/system/companies'), {
    load: () =>
      import('../features/invitations/InvitationCreatePage').then((p) => ({ default: p.CompanyInvitationCreatePage })),
  }),
  system('/system/admins', '管理者一覧', m('/system/admins'), {
    load: () => import('../features/admins/AdminListPage'),
  }),
  system('/system/admins/:id/edit', '管理者の編集', m('/system/admins'), {
    load: () => import('../features/admins/AdminEditPage'),
  }),
  system('/system/admin-invitations', '管理者招待一覧', m('/system/admins'), {
    load: () => import('../features/invitations/InvitationListPage').then((p) => ({ default: p.AdminInvitationsPage })),
  }),
  system('/system/admin-invitations/create', '管理者の招待', m('/system/admins'), {
    load: () =>
      import('../features/invitations/InvitationCreatePage').then((p) => ({ default: p.AdminInvitationCreatePage })),
  }),
  system('/system/infos', 'お知らせ一覧', m('/system/infos'), { load: () => import('../features/infos/InfoListPage') }),
  system('/system/infos/create', 'お知らせの作成', m('/system/infos'), {
    load: () => import('../features/infos/InfoFormPage').then((p) => ({ default: p.InfoCreatePage })),
  }),
  system('/system/infos/:id/edit', 'お知らせの編集', m('/system/infos'), {
    load: () => import('../features/infos/InfoFormPage').then((p) => ({ default: p.InfoEditPage })),
  }),
  system('/system/domains', 'ドメイン一覧', m('/system/domains'), {
    load: () => import('../features/domains/DomainListPage'),
  }),
  system('/system/audit-logs', '操作ログ', m('/system/audit-logs'), {
    load: () => import('../features/audit-logs/SystemAuditLogPage'),
  }),
  system('/system/settings', 'システム設定', 'settings.index', {
    load: () => import('../features/settings/SettingsPage'),
  }),
  system('/system/registry', '登録番号データ', 'settings.index', {
    load: () => import('../features/registry/RegistryAdminPage'),
  }),
];
