/**
 * Demo 発注取引 of the demo company: the supplier documents behind its purchases, registered by the same
 * actions as the screens (createDocument posts each 請求書 / 領収書; addDocumentFiles stores its file as
 * version 1 through the storage interface). Every month: the goods suppliers' 請求書 (10%, food at 8%;
 * suppliers without a registration number are non-適格 and post the 経過措置 share), a 納品書 for about a
 * third of them, one 見積書, and the office supplies 領収書 paid in cash. Files are real small PDFs (Noto
 * Sans JP, one template per supplier and type; the amount and date drawn per document) and PNG scans.
 */
import type { TransactionDocumentValues } from '@chobo/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { CompanyCtx } from '../../lib/context.js';
import type { AppDeps } from '../../lib/deps.js';
import { makePng } from '../../lib/png.js';
import type { FileStorage } from '../../lib/storage.js';
import type { Upload } from '../../lib/uploads.js';
import type { Rng } from '../../modules/accounting/journal-generator.js';
import { addDocumentFiles, createDocument } from '../../modules/transaction-documents/transaction-document-actions.js';
import { accounts, customers } from '../schema/index.js';
import type { SupplierPdfArgs } from './demo-file-render.js';
import { type DemoFiles, localDemoFiles } from './demo-files.js';

/** Suppliers of food (軽減税率 8%) among the demo customers. */
const FOOD = ['有限会社みなと水産', '株式会社しずおか茶園', '株式会社みちのく農産', '株式会社新潟米穀'];
const OFFICE = '広島オフィス用品株式会社';

interface Supplier {
  id: number;
  name: string;
  registration_number: string | null;
  food: boolean;
}

export async function demoPurchases(
  ctx: CompanyCtx,
  storage: FileStorage,
  rng: Rng,
  today: string,
  /** Where the PDFs are drawn (the seed's worker, demo-files.ts); default: here. */
  files: DemoFiles = localDemoFiles(),
) {
  const actx: CompanyCtx = { ...ctx, deps: { storage } as AppDeps };
  const rows = await ctx.db
    .select({ id: customers.id, name: customers.name, rn: customers.registration_number })
    .from(customers)
    .where(and(eq(customers.company_id, ctx.companyId), inArray(customers.used_for, [2, 3])))
    .orderBy(customers.id);
  let suppliers: Supplier[] = rows.map((r) => ({
    id: r.id,
    name: r.name,
    registration_number: r.rn,
    food: FOOD.includes(r.name),
  }));
  if (suppliers.length === 0) {
    // a company without the demo customers (tests of the accounting demo): two suppliers of its own
    const made = await ctx.db
      .insert(customers)
      .values([
        {
          company_id: ctx.companyId,
          name: '株式会社デモ仕入先',
          honorific: '御中',
          used_for: 2,
          registration_number: 'T7000012050002',
        },
        { company_id: ctx.companyId, name: 'デモ商店', honorific: '御中', used_for: 2 },
      ])
      .returning({ id: customers.id, name: customers.name, rn: customers.registration_number });
    suppliers = made.map((r) => ({ id: r.id, name: r.name, registration_number: r.rn, food: false }));
  }
  const office = suppliers.find((s) => s.name === OFFICE) ?? suppliers[0];
  const goods = suppliers.filter((s) => s !== office);
  const [supplies] = await ctx.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.company_id, ctx.companyId), eq(accounts.code, '6220')));

  // scanned receipts / delivery notes: a title bar, printed lines of varying length and a boxed total
  const scans = [0, 1, 2].map((k) =>
    makePng(200, 300, (x, y) => {
      const paper: [number, number, number] = [250 - k * 3, 248, 240];
      const ink: [number, number, number] = [70, 70, 80];
      if (y >= 20 && y < 34 && x >= 60 && x < 140) return ink;
      const row = Math.floor((y - 60) / 16);
      if (y >= 60 && y < 220 && (y - 60) % 16 < 3 && x >= 20 && x < 120 + ((row * 37 + k * 11) % 60)) return ink;
      const box = y >= 240 && y < 272 && x >= 100 && x < 184;
      const edge = box && (y < 242 || y >= 270 || x < 102 || x >= 182);
      if (edge) return ink;
      if (box && y >= 252 && y < 260 && x >= 112 && x < 170) return [40, 40, 48];
      return paper;
    }),
  );

  const register = async (
    values: Partial<TransactionDocumentValues> &
      Pick<TransactionDocumentValues, 'customer_id' | 'document_type' | 'transaction_date' | 'amount'>,
    file: Upload | Promise<Upload>,
  ) => {
    const d = await createDocument({
      ctx: actx,
      input: {
        taxes: [],
        registration_number: null,
        payment_method: 1,
        due_date: null,
        status: 0,
        memo: null,
        account_id: null,
        // distinct documents by construction: two cash 領収書 of one day may have the same amount
        confirm_duplicate: true,
        ...values,
      },
    });
    await addDocumentFiles({ ctx: actx, input: { id: d.id, uploads: [await file] } });
    return d;
  };
  const upload = (buffer: Buffer, filename: string, kind: 'pdf' | 'png'): Upload => ({
    buffer,
    filename,
    kind,
    mime: kind === 'pdf' ? 'application/pdf' : 'image/png',
  });
  /** The PDF asked for now (drawn while the document is registered), its upload awaited when stored. */
  const pdf = (args: SupplierPdfArgs, filename: string): Promise<Upload> => {
    const drawn = files.pdf(args).then((bytes) => upload(bytes, filename, 'pdf'));
    drawn.catch(() => {}); // awaited by register; not an unhandled rejection meanwhile
    return drawn;
  };
  const endOfNextMonth = (date: string) => {
    const [y, m] = date.split('-').map(Number);
    return new Date(Date.UTC(y, m + 1, 0)).toISOString().slice(0, 10);
  };
  let n = 0;
  /** The goods suppliers' 請求書 not yet paid: settled by payments (demo-accounting.ts, 支払). */
  const owed: { id: number; customer_id: number; amount: number }[] = [];

  return {
    owed,
    /**
     * A goods supplier's 請求書 of `base` yen before tax on `date` (credit 買掛金, paid next month by a
     * payment: `owed`); about half come with their 納品書. Returns the amount owed (0 when `date` is after today).
     */
    async invoice(date: string, base: number): Promise<number> {
      if (date > today || goods.length === 0) return 0;
      const s = goods[n++ % goods.length];
      const rate = s.food ? 8 : 10;
      const tax = Math.floor((base * rate) / 100);
      const amount = base + tax;
      const ym = date.slice(0, 7).replace('-', '');
      const doc = await register(
        {
          customer_id: s.id,
          document_type: 4,
          transaction_date: date,
          amount,
          taxes: [{ tax_category: s.food ? '8' : '10', base, tax }],
          registration_number: s.registration_number,
          payment_method: 1,
          due_date: endOfNextMonth(date),
          status: 0,
          memo: `${date.slice(5, 7).replace(/^0/, '')}月分 商品仕入`,
        },
        pdf({ supplier: s, type: 4, date, base, tax }, `請求書_${ym}_${n}.pdf`),
      );
      owed.push({ id: doc.id, customer_id: s.id, amount });
      if (rng.next() < 0.35) {
        await register(
          {
            customer_id: s.id,
            document_type: 3,
            transaction_date: date,
            amount,
            taxes: [{ tax_category: s.food ? '8' : '10', base, tax }],
            registration_number: s.registration_number,
            memo: '納品書（請求書と同じ取引）',
          },
          rng.next() < 0.5
            ? upload(scans[n % scans.length], `納品書_${ym}_${n}.png`, 'png')
            : pdf({ supplier: s, type: 3, date, base, tax }, `納品書_${ym}_${n}.pdf`),
        );
      }
      return amount;
    },

    /** The office supplies bought with cash: a 領収書 (消耗品費 / 仮払消費税等 / 現金). */
    async receipt(date: string, base: number): Promise<number> {
      if (date > today) return 0;
      const tax = Math.floor(base / 10);
      await register(
        {
          customer_id: office.id,
          document_type: 5,
          transaction_date: date,
          amount: base + tax,
          taxes: [{ tax_category: '10', base, tax }],
          registration_number: office.registration_number,
          payment_method: 2,
          status: 1,
          memo: '事務用品',
          account_id: supplies?.id ?? null,
        },
        upload(scans[n++ % scans.length], `領収書_${date.replaceAll('-', '')}.png`, 'png'),
      );
      return base + tax;
    },

    /** One 見積書 (no posting). */
    async quote(date: string): Promise<void> {
      if (date > today || goods.length === 0) return;
      const s = goods[(n + 3) % goods.length];
      const base = Math.round(rng.int(200_000, 900_000) / 1000) * 1000;
      const tax = Math.floor((base * (s.food ? 8 : 10)) / 100);
      await register(
        {
          customer_id: s.id,
          document_type: 1,
          transaction_date: date,
          amount: base + tax,
          taxes: [{ tax_category: s.food ? '8' : '10', base, tax }],
          registration_number: s.registration_number,
          memo: '来月分の見積り',
        },
        pdf({ supplier: s, type: 1, date, base, tax }, `見積書_${date.replaceAll('-', '')}.pdf`),
      );
    },
  };
}
