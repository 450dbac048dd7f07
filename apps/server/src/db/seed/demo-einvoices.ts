/**
 * Demo 電子インボイス received (issue 30, ADR 0048): two suppliers send their 請求書 as JP PINT XML, and the
 * demo imports them through the same action as the purchases list's drop zone (importEInvoices): each becomes a
 * 発注取引 posted to the books, with its XML kept as version 1 of its files.
 * - A food supplier's clean one (10% and 軽減税率 8%): no findings.
 * - The office supplier's broken one, as real senders get it wrong: no 登録番号, the 10% tax one yen off and
 *   no buyer. It is stored all the same and marked 要確認, its findings shown on the document.
 * The XML is built by the invoice export's own builder (buildInvoiceUbl) with the supplier as the seller.
 */
import { type DocumentTotals, documentTotals, type InvoiceLine, lineAmount, type SalesTaxCategory } from '@chobo/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { CompanyCtx } from '../../lib/context.js';
import type { AppDeps } from '../../lib/deps.js';
import type { FileStorage } from '../../lib/storage.js';
import { invoiceParties } from '../../modules/invoices/invoice-parties.js';
import { buildInvoiceUbl } from '../../modules/invoices/invoice-ubl.js';
import { importEInvoices, parseEInvoices } from '../../modules/transaction-documents/einvoice-import.js';
import { customers } from '../schema/index.js';

const CLEAN_SUPPLIER = '株式会社しずおか茶園';
const BROKEN_SUPPLIER = '広島オフィス用品株式会社';

type Line = { description: string; quantity: number; unit: string; unit_price: number; tax_category: SalesTaxCategory };

function supplierXml(args: {
  ctxParties: Awaited<ReturnType<typeof invoiceParties>>;
  number: string;
  date: string;
  due: string;
  lines: Line[];
  notes: string;
  edit?: (totals: DocumentTotals) => DocumentTotals;
}): string {
  const lines: InvoiceLine[] = args.lines.map((l, i) => ({
    ...l,
    line_no: i + 1,
    transaction_id: null,
    date: args.date,
    amount: lineAmount(l.quantity, l.unit_price),
  }));
  const exact = documentTotals(lines, 'exclusive', 'floor');
  const totals = args.edit ? args.edit(exact) : exact;
  const rn = args.ctxParties.recipient.registration_number ?? null;
  return buildInvoiceUbl(
    {
      number: Number(args.number),
      issue_date: args.date,
      due_date: args.due,
      notes: args.notes,
      tax_mode: 'exclusive',
      totals,
      lines,
    },
    {
      // the supplier is the seller here, the demo company the buyer
      // (a seller without a 登録番号 is given a stand-in, taken out again by the broken document's edit)
      issuer: { ...args.ctxParties.recipient, honorific: undefined, registration_number: rn ?? 'T1000000000000' },
      recipient: args.ctxParties.issuer,
      corporateNumber: rn ? rn.slice(1) : null,
      corrected: null,
      saleNumber: new Map(),
    },
  );
}

const endOfNextMonth = (date: string) => {
  const [y, m] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m + 1, 0)).toISOString().slice(0, 10);
};

/** Imports the two received e-invoices dated `date` (the demo's last days). */
export async function demoReceivedEInvoices(ctx: CompanyCtx, storage: FileStorage, date: string): Promise<void> {
  const rows = await ctx.db
    .select({ id: customers.id, name: customers.name, rn: customers.registration_number })
    .from(customers)
    .where(
      and(
        eq(customers.company_id, ctx.companyId),
        inArray(customers.name, [CLEAN_SUPPLIER, BROKEN_SUPPLIER]),
        inArray(customers.used_for, [2, 3]),
      ),
    );
  const clean = rows.find((r) => r.name === CLEAN_SUPPLIER && r.rn);
  const broken = rows.find((r) => r.name === BROKEN_SUPPLIER);
  if (!clean || !broken) return;
  const actx: CompanyCtx = { ...ctx, deps: { ...ctx.deps, storage } as AppDeps };
  const due = endOfNextMonth(date);
  const good = supplierXml({
    ctxParties: await invoiceParties(ctx, clean.id),
    number: '240118',
    date,
    due,
    notes: '毎度ありがとうございます。',
    lines: [
      { description: '深蒸し煎茶 100g', quantity: 120, unit: '袋', unit_price: 864, tax_category: '8' },
      { description: '抹茶 業務用 500g', quantity: 12, unit: '袋', unit_price: 6_480, tax_category: '8' },
      { description: 'ギフト箱（化粧箱）', quantity: 60, unit: '個', unit_price: 220, tax_category: '10' },
    ],
  });
  const badSource = supplierXml({
    ctxParties: await invoiceParties(ctx, broken.id),
    number: '8817',
    date,
    due,
    notes: '',
    lines: [
      { description: 'コピー用紙 A4 5,000枚', quantity: 8, unit: '箱', unit_price: 3_280, tax_category: '10' },
      { description: 'トナーカートリッジ', quantity: 2, unit: '個', unit_price: 12_800, tax_category: '10' },
      { description: 'ボールペン（黒・10本）', quantity: 5, unit: '箱', unit_price: 1_150, tax_category: '10' },
    ],
    // the sender's own arithmetic: the 10% tax rounded up a yen too far
    edit: (t) => ({
      ...t,
      by_rate: t.by_rate.map((r) => (r.tax_category === '10' ? { ...r, tax: r.tax + 1 } : r)),
      tax: t.tax + 1,
      total: t.total + 1,
    }),
  });
  const bad = badSource
    // no 登録番号: the seller's endpoint and tax scheme id left out
    .replace(/<cbc:EndpointID schemeID="0221">T\d{13}<\/cbc:EndpointID>\s*/, '')
    .replace(/<cac:PartyTaxScheme>\s*<cbc:CompanyID>T\d{13}<\/cbc:CompanyID>[\s\S]*?<\/cac:PartyTaxScheme>\s*/, '')
    // no buyer
    .replace(/<cac:AccountingCustomerParty>[\s\S]*?<\/cac:AccountingCustomerParty>\s*/, '');
  const files = parseEInvoices([
    { buffer: Buffer.from(good), filename: `請求書_240118_しずおか茶園.xml` },
    { buffer: Buffer.from(bad), filename: `invoice_8817.xml` },
  ]);
  await importEInvoices({ ctx: actx, input: { files } });
}
