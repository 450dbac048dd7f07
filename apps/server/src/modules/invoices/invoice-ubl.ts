import {
  type Invoice,
  type InvoiceParty,
  PINT_JP_CUSTOMIZATION_ID,
  PINT_JP_PROFILE_ID,
  SCHEME_CORPORATE_NUMBER,
  SCHEME_REGISTRATION_NUMBER,
  TAX_CODE_OF,
} from '@chobo/core';
import { and, eq, inArray } from 'drizzle-orm';
import { XMLBuilder } from 'fast-xml-parser';
import { companies, customers, invoices, salesTransactions } from '../../db/schema/index.js';
import type { Tenant } from '../../lib/context.js';
import { unprocessable } from '../../lib/http-errors.js';
import { invoiceParties } from './invoice-parties.js';

/**
 * The 適格請求書 as a JP PINT e-invoice (Peppol BIS Standard Invoice JP PINT 1.1.3, UBL 2.1 `Invoice`), ADR 0048.
 * The figures are the invoice's own (lines, per-rate totals as stored by writeDraft — the PDF's), never
 * recomputed. Elements follow the UBL 2.1 sequence. The forms the JP specification prescribes:
 * - a correction is an Invoice (type 380: JP PINT knows no credit note) with a BillingReference to the
 *   invoice it replaces (IBG-03);
 * - a 合計請求書 is the "summarised invoice": each delivery's line has its date as its line period (IBG-26)
 *   and the sale's number as its line document reference (IBT-188); the invoice period spans them;
 * - tax-inclusive prices: the lines carry the gross amounts and one document allowance per rate takes the
 *   tax contained out again, so each rate's taxable amount is the stored 対象額 (税抜) exactly.
 */

const NS = {
  '@_xmlns': 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  '@_xmlns:cac': 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  '@_xmlns:cbc': 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
};

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, indentBy: '  ' });

const jpy = (v: number) => ({ '#text': String(v), '@_currencyID': 'JPY' });
const VAT = { 'cbc:ID': 'VAT' };

/** UNECE Rec 20 unit codes for the units people type; anything else is a piece (H87). */
const UNIT_CODES: Record<string, string> = {
  kg: 'KGM',
  ｋｇ: 'KGM',
  g: 'GRM',
  L: 'LTR',
  l: 'LTR',
  ℓ: 'LTR',
  m: 'MTR',
  時間: 'HUR',
  h: 'HUR',
  日: 'DAY',
  月: 'MON',
  ヶ月: 'MON',
  か月: 'MON',
  式: 'LS',
  セット: 'SET',
};
export const unitCode = (unit: string | null) => (unit ? (UNIT_CODES[unit.trim()] ?? 'H87') : 'H87');

function taxCategory(cat: keyof typeof TAX_CODE_OF, tag: 'cac:TaxCategory' | 'cac:ClassifiedTaxCategory') {
  const { code, percent } = TAX_CODE_OF[cat];
  return {
    [tag]: {
      'cbc:ID': code,
      ...(percent === null ? {} : { 'cbc:Percent': percent }),
      'cac:TaxScheme': VAT,
    },
  };
}

function postalAddress(p: InvoiceParty) {
  return {
    'cbc:StreetName': p.address || undefined,
    'cbc:PostalZone': p.postal_code || undefined,
    'cac:Country': { 'cbc:IdentificationCode': 'JP' },
  };
}

/** The seller: 登録番号 as endpoint (0221) and tax id, 法人番号 (0188) as legal id where known. */
function sellerParty(p: InvoiceParty, corporateNumber: string | null) {
  const rn = p.registration_number ?? null;
  const endpoint = rn
    ? { '#text': rn, '@_schemeID': SCHEME_REGISTRATION_NUMBER }
    : corporateNumber
      ? { '#text': corporateNumber, '@_schemeID': SCHEME_CORPORATE_NUMBER }
      : null;
  if (!endpoint || !rn) {
    throw unprocessable(
      { registration_number: ['自社の登録番号（適格請求書発行事業者登録番号）を設定してください'] },
      '自社の登録番号が未設定のため、電子インボイス（適格請求書）を作成できません',
    );
  }
  return {
    'cac:Party': {
      'cbc:EndpointID': endpoint,
      'cac:PartyName': { 'cbc:Name': p.name },
      'cac:PostalAddress': postalAddress(p),
      'cac:PartyTaxScheme': { 'cbc:CompanyID': rn, 'cac:TaxScheme': VAT },
      'cac:PartyLegalEntity': {
        'cbc:RegistrationName': p.name,
        ...(corporateNumber
          ? { 'cbc:CompanyID': { '#text': corporateNumber, '@_schemeID': SCHEME_CORPORATE_NUMBER } }
          : {}),
      },
      ...(p.tel ? { 'cac:Contact': { 'cbc:Telephone': p.tel } } : {}),
    },
  };
}

/** The buyer: its Peppol address is its 登録番号 (0221); without one there is nowhere to send the invoice. */
function buyerParty(p: InvoiceParty) {
  const rn = p.registration_number ?? null;
  if (!rn) {
    throw unprocessable(
      { customer_id: ['請求先の登録番号を取引先に登録してください'] },
      '請求先の登録番号（Peppolの宛先）が未登録のため、電子インボイスを作成できません',
    );
  }
  return {
    'cac:Party': {
      'cbc:EndpointID': { '#text': rn, '@_schemeID': SCHEME_REGISTRATION_NUMBER },
      'cac:PartyName': { 'cbc:Name': p.name },
      'cac:PostalAddress': postalAddress(p),
      'cac:PartyTaxScheme': { 'cbc:CompanyID': rn, 'cac:TaxScheme': VAT },
      'cac:PartyLegalEntity': { 'cbc:RegistrationName': p.name },
    },
  };
}

/** What the document needs besides the invoice: parties, 法人番号, the corrected invoice, the sales' numbers. */
async function context(tenant: Tenant, invoice: Invoice) {
  const parties =
    invoice.issuer && invoice.recipient
      ? { issuer: invoice.issuer, recipient: invoice.recipient }
      : await invoiceParties(tenant, invoice.customer_id);
  const [company] = await tenant.db
    .select({ corporate_number: companies.corporate_number })
    .from(companies)
    .where(eq(companies.id, tenant.companyId));
  const [corrected] = invoice.corrects_id
    ? await tenant.db
        .select({ number: invoices.number, issue_date: invoices.issue_date })
        .from(invoices)
        .where(and(eq(invoices.id, invoice.corrects_id), eq(invoices.company_id, tenant.companyId)))
    : [];
  const saleIds = [...new Set(invoice.lines.flatMap((l) => (l.transaction_id ? [l.transaction_id] : [])))];
  const sales = saleIds.length
    ? await tenant.db
        .select({ id: salesTransactions.id, number: salesTransactions.number })
        .from(salesTransactions)
        .where(and(eq(salesTransactions.company_id, tenant.companyId), inArray(salesTransactions.id, saleIds)))
    : [];
  // a draft's recipient is read live; an issued one's snapshot may predate a 登録番号 added since
  if (!parties.recipient.registration_number) {
    const [c] = await tenant.db
      .select({ rn: customers.registration_number })
      .from(customers)
      .where(and(eq(customers.id, invoice.customer_id), eq(customers.company_id, tenant.companyId)));
    parties.recipient = { ...parties.recipient, registration_number: c?.rn ?? null };
  }
  return {
    ...parties,
    corporateNumber: company?.corporate_number || null,
    corrected: corrected ?? null,
    saleNumber: new Map(sales.map((s) => [s.id, s.number])),
  };
}

export async function invoiceUbl(tenant: Tenant, invoice: Invoice): Promise<string> {
  return buildInvoiceUbl(invoice, await context(tenant, invoice));
}

/** What the document needs besides the invoice itself (read from the database by invoiceUbl). */
export interface UblContext {
  issuer: InvoiceParty;
  recipient: InvoiceParty;
  /** The seller's 法人番号 (scheme 0188), when known. */
  corporateNumber: string | null;
  /** The invoice a correction replaces. */
  corrected: { number: number | string; issue_date: string } | null;
  /** Sale id → its number, for each delivery line's document reference. */
  saleNumber: Map<number, number | string>;
}

/** The XML of an invoice and its context: pure (the demo builds its suppliers' e-invoices with it). */
export function buildInvoiceUbl(
  invoice: Pick<Invoice, 'number' | 'issue_date' | 'due_date' | 'notes' | 'tax_mode' | 'totals' | 'lines'>,
  c: UblContext,
): string {
  const dates = invoice.lines.flatMap((l) => (l.date ? [l.date] : [])).sort();
  const start = dates[0] ?? invoice.issue_date;
  const end = dates.at(-1) ?? invoice.issue_date;
  const inclusive = invoice.tax_mode === 'inclusive';
  const taxed = invoice.totals.by_rate.filter((r) => r.tax !== 0);
  const lineSum = invoice.lines.reduce((s, l) => s + l.amount, 0);
  const allowance = inclusive ? taxed.reduce((s, r) => s + r.tax, 0) : 0;

  const doc = {
    Invoice: {
      ...NS,
      'cbc:CustomizationID': PINT_JP_CUSTOMIZATION_ID,
      'cbc:ProfileID': PINT_JP_PROFILE_ID,
      'cbc:ID': String(invoice.number),
      'cbc:IssueDate': invoice.issue_date,
      'cbc:DueDate': invoice.due_date ?? undefined,
      'cbc:InvoiceTypeCode': '380',
      'cbc:Note': invoice.notes || undefined,
      'cbc:DocumentCurrencyCode': 'JPY',
      'cac:InvoicePeriod': { 'cbc:StartDate': start, 'cbc:EndDate': end },
      ...(c.corrected
        ? {
            'cac:BillingReference': {
              'cac:InvoiceDocumentReference': {
                'cbc:ID': String(c.corrected.number),
                'cbc:IssueDate': c.corrected.issue_date,
              },
            },
          }
        : {}),
      'cac:AccountingSupplierParty': sellerParty(c.issuer, c.corporateNumber),
      'cac:AccountingCustomerParty': buyerParty(c.recipient),
      ...(inclusive && taxed.length
        ? {
            'cac:AllowanceCharge': taxed.map((r) => ({
              'cbc:ChargeIndicator': 'false',
              'cbc:AllowanceChargeReason': `税込価格に含まれる消費税（${r.tax_category}%）`,
              'cbc:Amount': jpy(r.tax),
              ...taxCategory(r.tax_category, 'cac:TaxCategory'),
            })),
          }
        : {}),
      'cac:TaxTotal': {
        'cbc:TaxAmount': jpy(invoice.totals.tax),
        'cac:TaxSubtotal': invoice.totals.by_rate.map((r) => ({
          'cbc:TaxableAmount': jpy(r.base),
          'cbc:TaxAmount': jpy(r.tax),
          ...taxCategory(r.tax_category, 'cac:TaxCategory'),
        })),
      },
      'cac:LegalMonetaryTotal': {
        'cbc:LineExtensionAmount': jpy(lineSum),
        'cbc:TaxExclusiveAmount': jpy(invoice.totals.subtotal),
        'cbc:TaxInclusiveAmount': jpy(invoice.totals.total),
        'cbc:AllowanceTotalAmount': jpy(allowance),
        'cbc:ChargeTotalAmount': jpy(0),
        'cbc:PrepaidAmount': jpy(0),
        'cbc:PayableAmount': jpy(invoice.totals.total),
      },
      'cac:InvoiceLine': invoice.lines.map((l) => {
        // a negative price (値引き) is a negative quantity at a positive price: prices are never negative
        const negative = l.unit_price < 0;
        const unit = unitCode(l.unit);
        const sale = l.transaction_id ? c.saleNumber.get(l.transaction_id) : undefined;
        return {
          'cbc:ID': String(l.line_no),
          'cbc:InvoicedQuantity': { '#text': String(negative ? -l.quantity : l.quantity), '@_unitCode': unit },
          'cbc:LineExtensionAmount': jpy(l.amount),
          ...(l.date ? { 'cac:InvoicePeriod': { 'cbc:StartDate': l.date, 'cbc:EndDate': l.date } } : {}),
          ...(sale !== undefined ? { 'cac:DocumentReference': { 'cbc:ID': `受注${sale}` } } : {}),
          'cac:Item': {
            'cbc:Name': l.description,
            ...taxCategory(l.tax_category, 'cac:ClassifiedTaxCategory'),
          },
          'cac:Price': {
            'cbc:PriceAmount': jpy(Math.abs(l.unit_price)),
            'cbc:BaseQuantity': { '#text': '1', '@_unitCode': unit },
          },
        };
      }),
    },
  };
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build(doc)}`;
}
