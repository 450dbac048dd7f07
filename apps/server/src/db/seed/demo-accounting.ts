/**
 * Demo books of 株式会社サンプル商事: a closed fiscal year (期首残高, 売上, 仕入, 給与, 家賃, 減価償却, 借入,
 * 決算整理, 法人税等, 決算振替) and the open current year up to today (its purchases and office supplies are
 * 発注取引 with their files: demo-purchases.ts), generated with a seeded PRNG so
 * every statement is meaningful and the same on every machine.
 */
import { fiscalYearContaining, type JournalEntryValues, lastDayOfMonth, todayInTokyo } from '@chobo/core';
import type { Tenant } from '../../lib/context.js';
import { systemCompanyCtx } from '../../lib/context.js';
import { type FileStorage, MemoryFileStorage } from '../../lib/storage.js';
import { loadAccounts } from '../../modules/accounting/accounts.queries.js';
import { get, net, sumByAccount } from '../../modules/accounting/balances.js';
import { closeFiscalYear, createFiscalYear } from '../../modules/accounting/fiscal-years.js';
import { prng } from '../../modules/accounting/journal-generator.js';
import { postEntries, postEntry } from '../../modules/accounting/posting.js';
import { fillTaxReturn, postTaxEntry } from '../../modules/tax-returns/tax-return-actions.js';
import { seedDemoConsumptionTax } from './demo-consumption-tax.js';
import { demoReceivedEInvoices } from './demo-einvoices.js';
import type { DemoFiles } from './demo-files.js';
import { demoReceipts, demoSupplierPayments } from './demo-payments.js';
import { demoPurchases } from './demo-purchases.js';
import { demoSalesCatalog, demoSalesMonth } from './demo-sales.js';

type Line = JournalEntryValues['lines'][number];
type Tax = Line['tax_category'];

interface SeedOpts {
  today?: string;
  userId?: number | null;
  storage?: FileStorage;
  /** false: each plain entry posted at once by postEntry (the seed-time benchmark's baseline). Default true. */
  batch?: boolean;
  /** Where the documents' PDFs are drawn (the seed's worker); default: here. */
  files?: DemoFiles;
}

/** The demo's books being written: accounts by code, plain entries kept and written together. */
interface Book {
  tenant: Tenant;
  today: string;
  accounts: Awaited<ReturnType<typeof loadAccounts>>;
  id: (code: string) => number;
  line: (code: string, debit: number, credit: number, tax?: Tax, memo?: string | null) => Line;
  post: (date: string, description: string, lines: Line[]) => Promise<void>;
  flush: () => Promise<unknown>;
  /** Writes the entries kept so far, then runs `fn` (an action that posts, or a read of the books). */
  after: <T>(fn: () => Promise<T>) => Promise<T>;
}

async function openBook(tenant: Tenant, opts: SeedOpts): Promise<Book> {
  const today = opts.today ?? todayInTokyo();
  const accounts = await loadAccounts(tenant);
  const byCode = new Map(accounts.map((a) => [a.code, a.id]));
  const id = (code: string) => byCode.get(code) as number;
  const line = (code: string, debit: number, credit: number, tax: Tax = 'none', memo: string | null = null): Line => ({
    account_id: id(code),
    debit,
    credit,
    tax_category: tax,
    customer_id: null,
    memo,
  });
  // the plain entries are kept until something else posts or reads the books, then written together
  // (postEntries: numbered in the order posted, as one postEntry each would)
  const pending: JournalEntryValues[] = [];
  const post = async (date: string, description: string, lines: Line[]) => {
    const kept = lines.filter((l) => l.debit + l.credit > 0);
    if (date > today || kept.length < 2) return;
    if (opts.batch === false)
      await postEntry(tenant, { date, description, lines: kept }, { skipChecks: true, createdBy: opts.userId ?? null });
    else pending.push({ date, description, lines: kept });
  };
  /** Writes the entries kept so far, then runs `fn` (an action that posts, or a read of the books). */
  const flush = () => postEntries(tenant, pending.splice(0), { createdBy: opts.userId ?? null });
  const after = async <T>(fn: () => Promise<T>): Promise<T> => {
    await flush();
    return fn();
  };
  return { tenant, today, accounts, id, line, post, flush, after };
}

const OPENING_BALANCES: [code: string, debit: number, credit: number][] = [
  ['1110', 300_000, 0],
  ['1120', 18_500_000, 0],
  ['1220', 4_200_000, 0],
  ['1310', 2_800_000, 0],
  ['1550', 2_400_000, 0],
  ['1590', 0, 600_000],
  ['1750', 1_200_000, 0],
  ['2120', 0, 2_600_000],
  ['2520', 0, 6_000_000],
  ['3110', 0, 10_000_000],
  ['3320', 0, 10_200_000],
];

/** The month's expenses: account, description, and the range its amount is drawn from. */
const MONTHLY_EXPENSES: [code: string, name: string, lo: number, hi: number][] = [
  ['6160', '出張交通費', 20_000, 120_000],
  ['6170', '電話・インターネット代', 30_000, 45_000],
  ['6210', '電気・水道代', 40_000, 70_000],
  ['6220', '事務用品', 5_000, 60_000],
  ['6190', '取引先との会食', 10_000, 90_000],
  ['6180', 'ウェブ広告', 50_000, 200_000],
  ['6240', '振込手数料', 3_000, 8_000],
];

const r100 = (v: number) => Math.round(v / 100) * 100;

interface Business {
  ctx: ReturnType<typeof systemCompanyCtx>;
  rng: ReturnType<typeof prng>;
  docRng: ReturnType<typeof prng>;
  documents: Awaited<ReturnType<typeof demoPurchases>>;
  catalog: Awaited<ReturnType<typeof demoSalesCatalog>>;
}
interface Carry {
  sales: number;
  purchases: number;
  invoiceIds: number[];
  documentIds: number[];
}

/** Salaries, rent, loans and the other entries of every month (the bonus and interest months included). */
async function fixedMonthEntries(book: Book, d: (day: number) => string, m: number) {
  const { post, line } = book;
  await post(d(1), '小口現金の補充', [line('1110', 250_000, 0), line('1120', 0, 250_000)]);
  await post(d(10), '社会保険料の納付', [line('6140', 420_000, 0), line('2190', 420_000, 0), line('1120', 0, 840_000)]);
  await post(d(15), '長期借入金の返済（元金・利息）', [
    line('2520', 250_000, 0),
    line('7510', 9_000, 0),
    line('1120', 0, 259_000),
  ]);
  await post(d(25), '役員報酬の支払', [
    line('6110', 800_000, 0, 'non_taxable'),
    line('2190', 0, 120_000),
    line('1120', 0, 680_000),
  ]);
  await post(d(25), '給料手当の支払', [
    line('6120', 2_300_000, 0, 'non_taxable'),
    line('2190', 0, 300_000),
    line('1120', 0, 2_000_000),
  ]);
  await post(d(27), '事務所家賃', [
    line('6200', 350_000, 0, 'purchase_10'),
    line('1450', 35_000, 0),
    line('1120', 0, 385_000),
  ]);
  await post(d(31), '減価償却費の計上（月次）', [line('6260', 60_000, 0), line('1590', 0, 60_000)]);
  if (m === 6 || m === 12)
    await post(d(10), '賞与の支払', [
      line('6130', 1_800_000, 0, 'non_taxable'),
      line('2190', 0, 250_000),
      line('1120', 0, 1_550_000),
    ]);
  if (m === 9 || m === 3)
    await post(d(20), '普通預金の利息', [line('1120', 1_234, 0), line('7110', 0, 1_234, 'exempt')]);
}

/** One month of ordinary business; returns the month's credit sales and purchases (settled next month). */
async function demoMonth(book: Book, biz: Business, y: number, m: number, carry: Carry): Promise<Carry> {
  const { post, line, after, today } = book;
  const { ctx, rng, docRng, documents } = biz;
  const d = (day: number) =>
    `${y}-${String(m).padStart(2, '0')}-${String(Math.min(day, Number(lastDayOfMonth(y, m).slice(8)))).padStart(2, '0')}`;
  // last month's invoices are collected on the 5th and the suppliers paid on the 10th, as payments
  // allocated to the documents (the opening balances, which have no documents, as plain entries)
  if (carry.invoiceIds.length === 0)
    await post(d(5), '前月分 売掛金の入金', [line('1120', carry.sales, 0), line('1220', 0, carry.sales)]);
  else if (d(5) <= today) await after(() => demoReceipts(ctx, carry.invoiceIds, d(5), today));
  if (carry.documentIds.length === 0)
    await post(d(10), '前月分 買掛金の支払', [line('2120', carry.purchases, 0), line('1120', 0, carry.purchases)]);
  else if (d(10) <= today) await after(() => demoSupplierPayments(ctx, documents.owed, carry.documentIds, d(10)));
  let purchases = 0;
  // sales: 受注取引 posted by the sales actions, billed at month end (demo-sales.ts)
  const billing = await after(() =>
    demoSalesMonth(ctx, biz.catalog, rng, { d, last: lastDayOfMonth(y, m), today, correct: m === 7 || m === 11 }),
  );
  // purchases: the suppliers' 請求書 registered as 発注取引 and posted by them (demo-purchases.ts)
  const owedBefore = documents.owed.length;
  for (let i = 0; i < 6; i++) {
    const v = r100(rng.int(300_000, 950_000));
    purchases += await after(() => documents.invoice(d(rng.int(1, 28)), v));
  }
  const documentIds = documents.owed.slice(owedBefore).map((o) => o.id);
  await after(() => documents.quote(d(docRng.int(1, 28))));
  for (const [code, name, lo, hi] of MONTHLY_EXPENSES) {
    const v = r100(rng.int(lo, hi));
    const tax = Math.floor(v / 10);
    if (code === '6220') {
      // office supplies paid in cash: a 領収書 (消耗品費 / 仮払消費税等 / 現金)
      await after(() => documents.receipt(d(rng.int(1, 28)), v));
      continue;
    }
    await post(d(rng.int(1, 28)), name, [
      line(code, v, 0, 'purchase_10'),
      line('1450', tax, 0),
      line(code === '6160' || code === '6220' ? '1110' : '1120', 0, v + tax),
    ]);
  }
  await fixedMonthEntries(book, d, m);
  return { sales: billing.billed, purchases, invoiceIds: billing.invoiceIds, documentIds };
}

/** 決算整理: inventory, consumption tax settlement and income taxes, dated the last day of the year. */
async function yearEnd(book: Book, fiscalYearId: number, to: string, closingInventory: number) {
  const { post, line, after, tenant } = book;
  await post(to, '期末商品棚卸高の計上', [line('1310', closingInventory, 0), line('5130', 0, closingInventory)]);
  // 消費税: the year's return filled from the books and its settlement posted from it (demo-consumption-tax.ts)
  const ctx = systemCompanyCtx(tenant.db, tenant.companyId, null);
  await after(() => seedDemoConsumptionTax(ctx, fiscalYearId));
  // 法人税等 as the year's 確定申告書 computes them, posted from the return (owned by it) as 「計上」 does
  const filled = await after(() => fillTaxReturn({ ctx, input: { fiscal_year_id: fiscalYearId } }));
  const booked = await postTaxEntry({
    ctx,
    input: { fiscal_year_id: fiscalYearId, updated_at: filled.updated_at as string },
  });
  return booked.local_estimate.total;
}

export async function seedDemoAccounting(tenant: Tenant, opts: SeedOpts = {}) {
  const book = await openBook(tenant, opts);
  const { post, line, after, today, id } = book;
  const ctx = systemCompanyCtx(tenant.db, tenant.companyId, opts.userId ?? null);
  const rng = prng(20260401);
  // the supplier documents draw from their own sequence, so the rest of the demo stays as it was
  const docRng = prng(20260402);
  const documents = await demoPurchases(ctx, opts.storage ?? new MemoryFileStorage(), docRng, today, opts.files);

  const current = fiscalYearContaining(today, 3);
  const fy1 = await createFiscalYear({
    ctx,
    input: {
      start_date: `${Number(current.from.slice(0, 4)) - 1}-04-01`,
      opening_balances: OPENING_BALANCES.map(([code, debit, credit]) => ({ account_id: id(code), debit, credit })),
    },
  });

  // the closed year
  const y0 = Number(fy1.start_date.slice(0, 4));
  let carry: Carry = { sales: 4_200_000, purchases: 2_600_000, invoiceIds: [], documentIds: [] };
  const catalog = await after(() => demoSalesCatalog(ctx));
  const biz: Business = { ctx, rng, docRng, documents, catalog };
  await post(fy1.start_date, '期首商品棚卸高への振替', [line('5110', 2_800_000, 0), line('1310', 0, 2_800_000)]);
  await post(`${y0}-05-20`, '営業用ノートPC・複合機の購入', [
    line('1550', 1_500_000, 0, 'purchase_10'),
    line('1450', 150_000, 0),
    line('1120', 0, 1_650_000),
  ]);
  await post(`${y0}-07-01`, '設備資金の借入（みずほ銀行）', [line('1120', 8_000_000, 0), line('2520', 0, 8_000_000)]);
  for (let i = 0; i < 12; i++) {
    const m = ((3 + i) % 12) + 1;
    carry = await demoMonth(book, biz, m >= 4 ? y0 : y0 + 1, m, carry);
  }
  const tax1 = await yearEnd(book, fy1.id, fy1.end_date, 3_100_000);
  await after(() => closeFiscalYear({ ctx, input: { id: fy1.id } }));

  // the current, open year up to today
  const y1 = y0 + 1;
  await post(`${y1}-04-01`, '期首商品棚卸高への振替', [line('5110', 3_100_000, 0), line('1310', 0, 3_100_000)]);
  await post(`${y1}-05-29`, '法人税等の納付', [line('2150', tax1, 0), line('1120', 0, tax1)]);
  const ct = -net(get(await after(() => sumByAccount(tenant, { to: `${y1}-05-30` })), id('2160')));
  await post(`${y1}-05-30`, '消費税等の納付', [line('2160', ct, 0), line('1120', 0, ct)]);
  await post(`${y1}-06-28`, '剰余金の配当', [line('3320', 1_000_000, 0), line('1120', 0, 1_000_000)]);
  await post(`${y1}-09-01`, '定期預金の預入', [line('1140', 3_000_000, 0), line('1120', 0, 3_000_000)]);
  for (let i = 0; i < 12; i++) {
    const m = ((3 + i) % 12) + 1;
    const y = m >= 4 ? y1 : y1 + 1;
    if (`${y}-${String(m).padStart(2, '0')}-01` > today) break;
    carry = await demoMonth(book, biz, y, m, carry);
  }
  // two suppliers' 請求書 received as 電子インボイス (one clean, one breaking the rules: 要確認)
  await after(() => demoReceivedEInvoices(ctx, opts.storage ?? new MemoryFileStorage(), today));
  await book.flush();
}
