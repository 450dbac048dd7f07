import {
  ACCOUNT_SECTIONS,
  type AccountSection,
  type CashFlowRole,
  defaultNormalSide,
  type JournalTaxCategory,
  type NormalSide,
} from '@chobo/core';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { accounts, companies } from '../../db/schema/index.js';
import type { Tenant } from '../../lib/context.js';
import { systemTenant } from '../../lib/context.js';

/** Keys of the accounts the statements and other features rely on (they cannot be deleted). */
export type SystemKey =
  | 'cash'
  | 'ordinary_deposit'
  | 'checking_deposit'
  | 'accounts_receivable'
  | 'merchandise'
  | 'accumulated_depreciation'
  | 'prepaid_consumption_tax'
  | 'accounts_payable'
  | 'accrued_expenses'
  | 'deposits_received'
  | 'income_taxes_payable'
  | 'consumption_tax_payable'
  | 'received_consumption_tax'
  | 'short_term_borrowings'
  | 'long_term_borrowings'
  | 'capital_stock'
  | 'retained_earnings'
  | 'sales'
  | 'bad_debt'
  | 'purchases'
  | 'opening_inventory'
  | 'closing_inventory'
  | 'salaries'
  | 'depreciation'
  | 'interest_expense'
  | 'income_taxes';

interface DefaultAccount {
  code: string;
  name: string;
  kana: string;
  section: AccountSection;
  role: CashFlowRole;
  tax?: JournalTaxCategory;
  key?: SystemKey;
  side?: NormalSide;
}

const a = (
  code: string,
  name: string,
  kana: string,
  section: AccountSection,
  role: CashFlowRole,
  extra: { tax?: JournalTaxCategory; key?: SystemKey; side?: NormalSide } = {},
): DefaultAccount => ({ code, name, kana, section, role, ...extra });

const P10 = { tax: 'purchase_10' } as const;

/** The default chart (docs/product/FACTS.md §1) with cash-flow roles (docs/product/FACTS.md §2). Codes: 1 資産 … 9 法人税等. */
export const DEFAULT_ACCOUNTS: readonly DefaultAccount[] = [
  // 流動資産
  a('1110', '現金', 'ゲンキン', 'current_assets', 'cash', { key: 'cash' }),
  a('1120', '普通預金', 'フツウヨキン', 'current_assets', 'cash', { key: 'ordinary_deposit' }),
  a('1130', '当座預金', 'トウザヨキン', 'current_assets', 'cash', { key: 'checking_deposit' }),
  a('1140', '定期預金', 'テイキヨキン', 'current_assets', 'deposits'),
  a('1210', '受取手形', 'ウケトリテガタ', 'current_assets', 'receivables'),
  a('1220', '売掛金', 'ウリカケキン', 'current_assets', 'receivables', { key: 'accounts_receivable' }),
  a('1230', '短期貸付金', 'タンキカシツケキン', 'current_assets', 'loans_receivable'),
  a('1240', '未収入金', 'ミシュウニュウキン', 'current_assets', 'other_operating_asset'),
  a('1310', '商品', 'ショウヒン', 'current_assets', 'inventory', { key: 'merchandise' }),
  a('1320', '製品', 'セイヒン', 'current_assets', 'inventory'),
  a('1330', '仕掛品', 'シカカリヒン', 'current_assets', 'inventory'),
  a('1340', '貯蔵品', 'チョゾウヒン', 'current_assets', 'inventory'),
  a('1410', '前渡金', 'マエワタシキン', 'current_assets', 'other_operating_asset'),
  a('1420', '前払費用', 'マエバライヒヨウ', 'current_assets', 'other_operating_asset'),
  a('1430', '立替金', 'タテカエキン', 'current_assets', 'other_operating_asset'),
  a('1440', '仮払金', 'カリバライキン', 'current_assets', 'other_operating_asset'),
  a('1450', '仮払消費税等', 'カリバライショウヒゼイトウ', 'current_assets', 'consumption_tax', {
    key: 'prepaid_consumption_tax',
  }),
  // 固定資産 — 有形
  a('1510', '建物', 'タテモノ', 'tangible_fixed_assets', 'fixed_assets', P10),
  a('1520', '構築物', 'コウチクブツ', 'tangible_fixed_assets', 'fixed_assets', P10),
  a('1530', '機械装置', 'キカイソウチ', 'tangible_fixed_assets', 'fixed_assets', P10),
  a('1540', '車両運搬具', 'シャリョウウンパング', 'tangible_fixed_assets', 'fixed_assets', P10),
  a('1550', '工具器具備品', 'コウグキグビヒン', 'tangible_fixed_assets', 'fixed_assets', P10),
  a('1560', '土地', 'トチ', 'tangible_fixed_assets', 'fixed_assets', { tax: 'exempt' }),
  a('1570', '建設仮勘定', 'ケンセツカリカンジョウ', 'tangible_fixed_assets', 'fixed_assets'),
  a('1590', '減価償却累計額', 'ゲンカショウキャクルイケイガク', 'tangible_fixed_assets', 'fixed_assets', {
    key: 'accumulated_depreciation',
    side: 'credit',
  }),
  // 無形
  a('1610', 'ソフトウェア', 'ソフトウェア', 'intangible_fixed_assets', 'fixed_assets', P10),
  a('1620', 'のれん', 'ノレン', 'intangible_fixed_assets', 'fixed_assets'),
  a('1630', '特許権', 'トッキョケン', 'intangible_fixed_assets', 'fixed_assets', P10),
  a('1640', '商標権', 'ショウヒョウケン', 'intangible_fixed_assets', 'fixed_assets', P10),
  a('1650', '電話加入権', 'デンワカニュウケン', 'intangible_fixed_assets', 'fixed_assets'),
  // 投資その他の資産
  a('1710', '投資有価証券', 'トウシユウカショウケン', 'investments', 'securities'),
  a('1720', '関係会社株式', 'カンケイガイシャカブシキ', 'investments', 'securities'),
  a('1730', '長期貸付金', 'チョウキカシツケキン', 'investments', 'loans_receivable'),
  a('1740', '長期前払費用', 'チョウキマエバライヒヨウ', 'investments', 'other_operating_asset'),
  a('1750', '敷金保証金', 'シキキンホショウキン', 'investments', 'deposits'),
  a('1760', '繰延税金資産', 'クリノベゼイキンシサン', 'investments', 'deferred_tax'),
  // 繰延資産
  a('1810', '創立費', 'ソウリツヒ', 'deferred_assets', 'other_operating_asset'),
  a('1820', '開業費', 'カイギョウヒ', 'deferred_assets', 'other_operating_asset'),
  a('1830', '株式交付費', 'カブシキコウフヒ', 'deferred_assets', 'other_operating_asset'),
  a('1840', '社債発行費', 'シャサイハッコウヒ', 'deferred_assets', 'other_operating_asset'),
  a('1850', '開発費', 'カイハツヒ', 'deferred_assets', 'other_operating_asset'),
  // 流動負債
  a('2110', '支払手形', 'シハライテガタ', 'current_liabilities', 'payables'),
  a('2120', '買掛金', 'カイカケキン', 'current_liabilities', 'payables', { key: 'accounts_payable' }),
  a('2130', '短期借入金', 'タンキカリイレキン', 'current_liabilities', 'short_term_debt', {
    key: 'short_term_borrowings',
  }),
  a('2140', '未払金', 'ミハライキン', 'current_liabilities', 'other_operating_liability'),
  a('2150', '未払法人税等', 'ミハライホウジンゼイトウ', 'current_liabilities', 'income_tax_payable', {
    key: 'income_taxes_payable',
  }),
  a('2160', '未払消費税等', 'ミハライショウヒゼイトウ', 'current_liabilities', 'consumption_tax', {
    key: 'consumption_tax_payable',
  }),
  a('2170', '未払費用', 'ミハライヒヨウ', 'current_liabilities', 'other_operating_liability', {
    key: 'accrued_expenses',
  }),
  a('2180', '前受金', 'マエウケキン', 'current_liabilities', 'other_operating_liability'),
  a('2190', '預り金', 'アズカリキン', 'current_liabilities', 'other_operating_liability', { key: 'deposits_received' }),
  a('2200', '仮受金', 'カリウケキン', 'current_liabilities', 'other_operating_liability'),
  a('2210', '仮受消費税等', 'カリウケショウヒゼイトウ', 'current_liabilities', 'consumption_tax', {
    key: 'received_consumption_tax',
  }),
  // 固定負債
  a('2510', '社債', 'シャサイ', 'fixed_liabilities', 'bonds'),
  a('2520', '長期借入金', 'チョウキカリイレキン', 'fixed_liabilities', 'long_term_debt', {
    key: 'long_term_borrowings',
  }),
  a('2530', '退職給付引当金', 'タイショクキュウフヒキアテキン', 'fixed_liabilities', 'provision'),
  a('2540', '繰延税金負債', 'クリノベゼイキンフサイ', 'fixed_liabilities', 'deferred_tax'),
  // 純資産
  a('3110', '資本金', 'シホンキン', 'capital_stock', 'equity', { key: 'capital_stock' }),
  a('3210', '資本準備金', 'シホンジュンビキン', 'capital_surplus', 'equity'),
  a('3220', 'その他資本剰余金', 'ソノタシホンジョウヨキン', 'capital_surplus', 'equity'),
  a('3310', '利益準備金', 'リエキジュンビキン', 'retained_earnings', 'retained_earnings'),
  a('3320', '繰越利益剰余金', 'クリコシリエキジョウヨキン', 'retained_earnings', 'retained_earnings', {
    key: 'retained_earnings',
  }),
  a('3410', '自己株式', 'ジコカブシキ', 'treasury_stock', 'treasury_stock', { side: 'debit' }),
  a('3510', 'その他有価証券評価差額金', 'ソノタユウカショウケンヒョウカサガクキン', 'valuation', 'securities'),
  a('3610', '新株予約権', 'シンカブヨヤクケン', 'stock_acquisition_rights', 'equity'),
  // 売上高
  a('4110', '売上高', 'ウリアゲダカ', 'net_sales', 'pl', { tax: 'sales_10', key: 'sales' }),
  // 売上原価
  a('5110', '期首商品棚卸高', 'キシュショウヒンタナオロシダカ', 'cost_of_sales', 'pl', { key: 'opening_inventory' }),
  a('5120', '仕入高', 'シイレダカ', 'cost_of_sales', 'pl', { ...P10, key: 'purchases' }),
  a('5130', '期末商品棚卸高', 'キマツショウヒンタナオロシダカ', 'cost_of_sales', 'pl', {
    key: 'closing_inventory',
    side: 'credit',
  }),
  // 販売費及び一般管理費
  a('6110', '役員報酬', 'ヤクインホウシュウ', 'sga', 'pl', { tax: 'non_taxable' }),
  a('6120', '給料手当', 'キュウリョウテアテ', 'sga', 'pl', { tax: 'non_taxable', key: 'salaries' }),
  a('6130', '賞与', 'ショウヨ', 'sga', 'pl', { tax: 'non_taxable' }),
  a('6140', '法定福利費', 'ホウテイフクリヒ', 'sga', 'pl', { tax: 'non_taxable' }),
  a('6150', '福利厚生費', 'フクリコウセイヒ', 'sga', 'pl', P10),
  a('6160', '旅費交通費', 'リョヒコウツウヒ', 'sga', 'pl', P10),
  a('6170', '通信費', 'ツウシンヒ', 'sga', 'pl', P10),
  a('6180', '広告宣伝費', 'コウコクセンデンヒ', 'sga', 'pl', P10),
  a('6190', '接待交際費', 'セッタイコウサイヒ', 'sga', 'pl', P10),
  a('6200', '地代家賃', 'チダイヤチン', 'sga', 'pl', P10),
  a('6210', '水道光熱費', 'スイドウコウネツヒ', 'sga', 'pl', P10),
  a('6220', '消耗品費', 'ショウモウヒンヒ', 'sga', 'pl', P10),
  a('6230', '租税公課', 'ソゼイコウカ', 'sga', 'pl', { tax: 'non_taxable' }),
  a('6240', '支払手数料', 'シハライテスウリョウ', 'sga', 'pl', P10),
  a('6250', '外注費', 'ガイチュウヒ', 'sga', 'pl', P10),
  a('6260', '減価償却費', 'ゲンカショウキャクヒ', 'sga', 'depreciation', { key: 'depreciation' }),
  a('6270', '保険料', 'ホケンリョウ', 'sga', 'pl', { tax: 'exempt' }),
  a('6280', '修繕費', 'シュウゼンヒ', 'sga', 'pl', P10),
  a('6290', '雑費', 'ザッピ', 'sga', 'pl', P10),
  a('6295', '貸倒損失', 'カシダオレソンシツ', 'sga', 'pl', { key: 'bad_debt' }),
  // 営業外
  a('7110', '受取利息', 'ウケトリリソク', 'non_operating_income', 'interest_income', { tax: 'exempt' }),
  a('7120', '受取配当金', 'ウケトリハイトウキン', 'non_operating_income', 'interest_income', { tax: 'non_taxable' }),
  a('7130', '雑収入', 'ザツシュウニュウ', 'non_operating_income', 'pl'),
  a('7510', '支払利息', 'シハライリソク', 'non_operating_expenses', 'interest_expense', {
    tax: 'exempt',
    key: 'interest_expense',
  }),
  a('7520', '雑損失', 'ザツソンシツ', 'non_operating_expenses', 'pl'),
  // 特別
  a('8110', '固定資産売却益', 'コテイシサンバイキャクエキ', 'extraordinary_income', 'asset_sale'),
  a('8510', '固定資産売却損', 'コテイシサンバイキャクソン', 'extraordinary_losses', 'asset_sale'),
  a('8520', '固定資産除却損', 'コテイシサンジョキャクソン', 'extraordinary_losses', 'asset_sale'),
  a('8530', '災害損失', 'サイガイソンシツ', 'extraordinary_losses', 'pl'),
  // 法人税等
  a(
    '9110',
    '法人税、住民税及び事業税',
    'ホウジンゼイジュウミンゼイオヨビジギョウゼイ',
    'income_taxes',
    'income_taxes',
    {
      key: 'income_taxes',
    },
  ),
  a('9120', '法人税等調整額', 'ホウジンゼイトウチョウセイガク', 'income_taxes', 'income_taxes'),
];

/** The row values of the default chart for one company. */
export function defaultAccountRows(companyId: number): (typeof accounts.$inferInsert)[] {
  return DEFAULT_ACCOUNTS.map((d, i) => {
    const category = ACCOUNT_SECTIONS[d.section].category;
    return {
      company_id: companyId,
      code: d.code,
      name: d.name,
      kana: d.kana,
      category,
      section: d.section,
      normal_side: d.side ?? defaultNormalSide(category),
      cash_flow_role: d.role,
      default_tax_category: d.tax ?? 'none',
      system_key: d.key ?? null,
      sort_order: (i + 1) * 10,
    };
  });
}

/**
 * Gives a company the default chart of accounts. Idempotent: accounts whose code (or system key) the
 * company already has are left as they are, so renamed or re-coded accounts survive a second call.
 */
export async function seedDefaultAccounts(tenant: Tenant): Promise<void> {
  const { db, companyId } = tenant;
  const existing = await db
    .select({ code: accounts.code, key: accounts.system_key })
    .from(accounts)
    .where(sql`${accounts.company_id} = ${companyId}`);
  const codes = new Set(existing.map((r) => r.code));
  const keys = new Set(existing.map((r) => r.key).filter(Boolean));
  const rows = defaultAccountRows(companyId).filter(
    (r) => !codes.has(r.code) && !(r.system_key && keys.has(r.system_key)),
  );
  if (rows.length === 0) return;
  await db.insert(accounts).values(rows).onConflictDoNothing();
}

/** Back-fill: every company without the default chart gets it (called at start-up; idempotent). */
export async function ensureChartsOfAccounts(db: DbOrTx): Promise<number> {
  const missing = await db
    .select({ id: companies.id })
    .from(companies)
    .where(
      sql`not exists (select 1 from ${accounts} where ${accounts.company_id} = ${companies.id} and ${accounts.system_key} = 'retained_earnings')`,
    );
  for (const c of missing) await seedDefaultAccounts(systemTenant(db, c.id));
  return missing.length;
}
