import {
  ADMIN_PERMISSIONS,
  COMPANY_PERMISSIONS,
  corporateNumberCheckDigit,
  parsePaymentTerms,
  toZenginKana,
} from '@chobo/core';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { withBufferedAudit } from '../../lib/audit.js';
import { systemCompanyCtx, systemTenant } from '../../lib/context.js';
import { hashPassword } from '../../lib/secrets.js';
import { type FileStorage, MemoryFileStorage } from '../../lib/storage.js';
import { updateCompanySettings } from '../../modules/account-settings/account-actions.js';
import { seedDefaultAccounts } from '../../modules/accounting/chart-of-accounts.js';
import { bankAccountColumns } from '../../modules/customers/customer-bank-account.js';
import type { Db } from '../client.js';
import { companies, customers, domains, users } from '../schema/index.js';
import { seedDemoAccounting } from './demo-accounting.js';
import { seedDemoAttendance } from './demo-attendance.js';
import { seedDemoBankStatements } from './demo-bank.js';
import { DEMO_CUSTOMERS } from './demo-customers.js';
import { type DemoFiles, localDemoFiles, workerDemoFiles } from './demo-files.js';
import { seedDemoInfos } from './demo-infos.js';
import { DEMO_EMPLOYEE_SIGN_INS, seedDemoMasterData } from './demo-master-data.js';
import { drawDemoOcrImages, seedDemoOcr } from './demo-ocr.js';
import { seedDemoPaidBatch, seedDemoPendingBatch } from './demo-payment-batches.js';
import { seedDemoRegistry } from './demo-registry.js';
import { seedDemoTaxReturn } from './demo-tax-return.js';
import { withFastQueries } from './seed-fast-queries.js';
import { deferJournalTriggers } from './seed-journal.js';
import { withSeedReadCache } from './seed-read-cache.js';

export interface SeedOptions {
  adminEmail: string;
  adminPassword: string;
  demo: boolean;
  demoPassword: string;
  /** Where the demo's 発注取引 files are stored (default: memory, i.e. not kept). */
  storage?: FileStorage;
  /**
   * Told one line as each step of the demo data starts (「デモデータ: …を作成中 (3/9)… 経過 1.3 秒」) and one when
   * it is done: main.ts prints them before its banner (a first start takes a while).
   */
  progress?: (line: string) => void;
}

export interface SeedResult {
  created: boolean;
  signIns: { role: string; email: string; password: string }[];
}

/** How many steps the demo seed announces (seedIfEmpty's `step` calls; startup and seed tests count them). */
export const DEMO_SEED_STEPS = 11;

export const DEMO_COMPANY_NAME = '株式会社サンプル商事';
export const DEMO_OWNER_EMAIL = 'owner@example.com';
export const DEMO_EMPLOYEE_EMAIL = 'employee@example.com';
/** 経理: a second office user who makes payment batches (振込データ) but does not approve them. */
export const DEMO_CLERK_EMAIL = 'keiri@example.com';

/**
 * On an empty database: the default domain (every company permission) and the first platform admin;
 * with `demo`, the demo company, its owner and employee, and its customers. Later features add their demo
 * data here. Does nothing when any user exists.
 */
export async function seedIfEmpty(db: Db, opts: SeedOptions, way: SeedWay = FIRST_START): Promise<SeedResult> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  if (n > 0) return { created: false, signIns: [] };
  if (opts.demo) opts.progress?.('  空のデータベースです。デモデータ（株式会社サンプル商事の1年分）を作成しています…');

  // the documents' PDFs and the OCR images drawn by a worker on the other core meanwhile (ADR 0031); it
  // starts loading now, while the passwords are hashed
  const files = opts.demo ? way.files() : localDemoFiles();
  let result: SeedResult;
  try {
    result = await seedAll(files);
  } finally {
    await files.close();
  }
  // the planner's statistics of the demo's tables: PGlite has no autovacuum, so without this they stay unknown
  // and the demo company's lists are planned blind (a journal page 17 ms instead of 8 ms; ADR 0036)
  // the sample registry of the demo's suppliers, through the real importer (its own transactions)
  if (result.created && opts.demo) await seedDemoRegistry(db);
  if (result.created && opts.demo) await db.execute(sql`analyze`);
  return result;

  async function seedAll(files: DemoFiles): Promise<SeedResult> {
    const [adminHash, demoHash] = await Promise.all([
      hashPassword(opts.adminPassword),
      opts.demo ? hashPassword(opts.demoPassword) : Promise.resolve(''),
    ]);

    const started = performance.now();
    // one transaction, written the first start's way (FIRST_START) unless a benchmark asks for another
    return db.transaction((outer) => way.write(outer, seedRows, db));

    async function seedRows(tx: SeedTx): Promise<SeedResult> {
      /**
       * Runs one step of the demo data, announced before it starts with its number and the time so far (the
       * longest, the year's entries, takes half a minute on a first start: the terminal says what it waits for).
       */
      let stepNo = 0;
      const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} 秒`;
      const step = async <T>(label: string, fn: () => Promise<T>): Promise<T> => {
        stepNo += 1;
        opts.progress?.(`  デモデータ: ${label}を作成中 (${stepNo}/${DEMO_SEED_STEPS})… 経過 ${elapsed()}`);
        return fn();
      };
      const [domain] = await tx
        .insert(domains)
        .values({
          name: 'Chobo（標準）',
          host: 'localhost',
          roles: ['product-master-registration', 'preparation-of-tax-return'],
          permissions: [...COMPANY_PERMISSIONS],
          is_default: true,
        })
        .returning();
      await tx.insert(users).values({
        email: opts.adminEmail,
        name: 'システム管理者',
        password_hash: adminHash,
        role: 'admin',
        permissions: [...ADMIN_PERMISSIONS],
      });
      const signIns = [{ role: 'admin', email: opts.adminEmail, password: opts.adminPassword }];
      if (!opts.demo) return { created: true, signIns };

      const [company] = await tx
        .insert(companies)
        .values({
          domain_id: domain.id,
          name: DEMO_COMPANY_NAME,
          name_kana: 'カブシキガイシャサンプルショウジ',
          corporate_number: '7000012050002',
          registration_number: 'T7000012050002',
          representative_name: '山田 一郎',
          representative_name_kana: 'ヤマダ イチロウ',
          postal_code: '1000005',
          prefecture_code: '13',
          address1: '千代田区丸の内1-1-1',
          address2: 'サンプルビル5F',
          tel: '03-1234-5678',
          email: 'info@sample-shoji.example.jp',
          capital: 10_000_000,
          fiscal_year_end_month: 3,
          business_type: '卸売業',
          tax_office: '麹町',
          max_employee: 20,
          max_employee_cap: 50,
        })
        .returning();
      await tx.insert(users).values([
        {
          email: DEMO_OWNER_EMAIL,
          name: '山田 一郎',
          password_hash: demoHash,
          role: 'company',
          company_id: company.id,
          permissions: ['payment-batches.approve'],
        },
        {
          email: DEMO_CLERK_EMAIL,
          name: '経理 鈴木',
          password_hash: demoHash,
          role: 'company',
          company_id: company.id,
        },
        {
          email: DEMO_EMPLOYEE_EMAIL,
          name: '佐藤 花子',
          password_hash: demoHash,
          role: 'employee',
          company_id: company.id,
        },
      ]);
      const banks = await Promise.all(
        DEMO_CUSTOMERS.map((c) =>
          c.bank ? bankAccountColumns({ ...c.bank, holder_kana: toZenginKana(c.name_kana) }) : {},
        ),
      );
      await tx.insert(customers).values(
        DEMO_CUSTOMERS.map((c, i) => {
          const { corporate_base, payment_terms, bank: _bank, ...fields } = c;
          // 支払条件 structured as the customer form keeps them (the text only when it does not read)
          const terms = parsePaymentTerms(payment_terms);
          return {
            ...fields,
            ...banks[i],
            ...(terms ?? { payment_terms }),
            company_id: company.id,
            honorific: c.honorific ?? '御中',
            registration_number: corporate_base
              ? `T${corporateNumberCheckDigit(corporate_base)}${corporate_base}`
              : null,
          };
        }),
      );
      const tenant = systemTenant(tx, company.id);
      const ocrImages = await step('OCR書類の画像', () => drawDemoOcrImages(tenant, files));
      await step('勘定科目', () => seedDefaultAccounts(tenant));
      await step('マスタ（従業員・商品など）', () => seedDemoMasterData(tenant, demoHash));
      await step('1年分の取引と仕訳', () =>
        seedDemoAccounting(tenant, {
          storage: opts.storage,
          batch: way.batchEntries,
          files,
        }),
      );
      await step('確定申告書', () => seedDemoTaxReturn(tenant));
      await step('OCR書類', () => seedDemoOcr(tenant, opts.storage ?? new MemoryFileStorage(), files, ocrImages));
      const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.email, DEMO_OWNER_EMAIL));
      const [clerk] = await tx.select({ id: users.id }).from(users).where(eq(users.email, DEMO_CLERK_EMAIL));
      const payers = { owner: owner.id, clerk: clerk.id };
      await step('振込データ', () => seedDemoPaidBatch(systemCompanyCtx(tx, company.id), payers));
      await step('銀行明細', () => seedDemoBankStatements(systemCompanyCtx(tx, company.id), { storage: opts.storage }));
      await step('お知らせ', () => seedDemoInfos(tx));
      // the owner chose the 消費税設定 (税抜表示・切り捨て・税抜経理) on /tax/edit, as a real company does (はじめの設定)
      await updateCompanySettings({
        ctx: systemCompanyCtx(tx, company.id, owner.id),
        input: {
          action: 'company.tax_settings',
          values: { tax_display: 'exclusive', tax_rounding: 'floor', accounting_method: 'exclusive' },
        },
      });
      await step('出勤記録', () => seedDemoAttendance(tenant, owner.id));
      await step('承認待ちの振込データ', () => seedDemoPendingBatch(systemCompanyCtx(tx, company.id), payers));
      if (opts.progress) {
        const [{ entries, lines }] = (
          (await tx.execute(
            sql`select (select count(*)::int from journal_entries) as entries, (select count(*)::int from journal_lines) as lines`,
          )) as unknown as { rows: { entries: number; lines: number }[] }
        ).rows;
        const n = (v: number) => Number(v).toLocaleString('ja-JP');
        opts.progress(`  デモデータ: 作成しました（仕訳 ${n(entries)}件・仕訳行 ${n(lines)}行） 累計 ${elapsed()}`);
      }
      signIns.push(
        { role: 'company', email: DEMO_OWNER_EMAIL, password: opts.demoPassword },
        { role: 'company', email: DEMO_CLERK_EMAIL, password: opts.demoPassword },
        { role: 'employee', email: DEMO_EMPLOYEE_EMAIL, password: opts.demoPassword },
        ...DEMO_EMPLOYEE_SIGN_INS.map((email) => ({ role: 'employee', email, password: opts.demoPassword })),
      );
      return { created: true, signIns };
    }
  }
}

/**
 * How the seed writes its rows: in its one transaction (`write` runs `rows` inside `outer`), with the demo's
 * files drawn by `files`, the demo year's plain entries posted together or one postEntry each. The server
 * always seeds the FIRST_START way; bench/seed-ways.ts builds the earlier ways from the same parts to compare.
 */
export interface SeedWay {
  files: () => DemoFiles;
  write: (outer: SeedTx, rows: (tx: SeedTx) => Promise<SeedResult>, db: Db) => Promise<SeedResult>;
  batchEntries: boolean;
}

/**
 * A first start's seed: the actions' own transactions run in the seed's directly and their audit rows are written
 * together at the end (flatTransaction, withBufferedAudit): ~1,000 audited changes; on PGlite one round trip per
 * statement (ADR 0031); the journal's triggers' work done set-based when needed, the unchanged reads answered
 * from memory (ADR 0024); the documents' PDFs and the OCR images drawn by a worker thread.
 */
export const FIRST_START: SeedWay = {
  files: workerDemoFiles,
  write: async (outer, rows, db) => {
    const pglite = (db as unknown as { $client?: unknown }).$client;
    const fast = pglite instanceof PGlite ? await withFastQueries(outer, pglite) : undefined;
    const journal = await deferJournalTriggers(fast?.tx ?? outer);
    const tx = flatTransaction(withSeedReadCache(journal.tx));
    const result = await withBufferedAudit(tx, () => rows(tx));
    await journal.finish();
    await fast?.close();
    return result;
  },
  batchEntries: true,
};

/**
 * The seed's transaction with nested `transaction()` calls (the actions': createEntry, sales, payments…)
 * run in it as they are, without a savepoint each: the demo data is written whole or not at all.
 */
export function flatTransaction(tx: SeedTx): SeedTx {
  const flat = Object.create(tx) as SeedTx;
  flat.transaction = ((fn: (t: SeedTx) => Promise<unknown>) => fn(flat)) as SeedTx['transaction'];
  return flat;
}

export type SeedTx = Parameters<Parameters<Db['transaction']>[0]>[0];
