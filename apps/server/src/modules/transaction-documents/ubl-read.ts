import type {
  EInvoiceAllowanceCharge,
  EInvoiceData,
  EInvoiceLine,
  EInvoiceParty,
  EInvoiceTaxSubtotal,
} from '@chobo/core';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * Reads a received UBL 2.1 Invoice (JP PINT) into core's EInvoiceData (ADR 0048). Only what the checker
 * and the 発注取引 need is read; anything absent is null, so the checker can say what is missing.
 * `null` answer: the bytes are not well-formed XML, or not a UBL Invoice.
 */

const UBL_INVOICE_NS = 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2';
const REPEATED = new Set([
  'InvoiceLine',
  'TaxSubtotal',
  'TaxTotal',
  'AllowanceCharge',
  'PartyTaxScheme',
  'PartyIdentification',
]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  // no DOCTYPE entities: a received file must not expand into anything
  isArray: (name) => REPEATED.has(name),
});

type Node = Record<string, unknown>;
const obj = (v: unknown): Node | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Node) : null);
const arr = (v: unknown): Node[] =>
  Array.isArray(v) ? v.map(obj).filter((x): x is Node => x !== null) : obj(v) ? [v as Node] : [];
/** The text of an element (with or without attributes). */
function text(v: unknown): string | null {
  if (v === undefined || v === null) return null;
  if (typeof v === 'string' || typeof v === 'number') return String(v).trim() || null;
  const o = obj(v);
  if (o && '#text' in o) return text(o['#text']);
  return null;
}
const attr = (v: unknown, name: string) => {
  const o = obj(v);
  const a = o?.[`@_${name}`];
  return typeof a === 'string' ? a : null;
};
function num(v: unknown): number | null {
  const t = text(v);
  if (t === null || !/^[-+]?\d+(\.\d+)?$/.test(t)) return null;
  return Number(t);
}
const at = (n: Node | null, ...keys: string[]): unknown => {
  let cur: unknown = n;
  for (const k of keys) {
    const o = Array.isArray(cur) ? obj(cur[0]) : obj(cur);
    if (!o) return undefined;
    cur = o[k];
  }
  return cur;
};

/** The root element is `Invoice` in the UBL 2.1 Invoice namespace (with or without a prefix). */
function isUblInvoiceRoot(xml: string): boolean {
  const m = /<(?![?!])(?:([A-Za-z_][\w.-]*):)?([A-Za-z_][\w.-]*)([^>]*)>/.exec(xml);
  if (m?.[2] !== 'Invoice') return false;
  const decl = m[1] ? `xmlns:${m[1]}` : 'xmlns';
  const ns = new RegExp(`\\s${decl.replace('.', '\\.')}\\s*=\\s*["']([^"']*)["']`).exec(m[3]);
  return ns?.[1] === UBL_INVOICE_NS;
}

function party(p: Node | null): EInvoiceParty | null {
  if (!p) return null;
  const endpoint = at(p, 'EndpointID');
  const taxIds = arr(p.PartyTaxScheme).filter((t) => text(at(t, 'TaxScheme', 'ID'))?.toUpperCase() === 'VAT');
  const legal = at(p, 'PartyLegalEntity', 'CompanyID');
  const endpointId = text(endpoint);
  const corporate =
    (attr(legal, 'schemeID') === '0188' ? text(legal) : null) ??
    (attr(endpoint, 'schemeID') === '0188' ? endpointId : null) ??
    arr(p.PartyIdentification)
      .map((i) => at(i, 'ID'))
      .filter((i) => attr(i, 'schemeID') === '0188')
      .map(text)[0] ??
    null;
  const rn =
    text(at(taxIds[0] ?? null, 'CompanyID'))?.replace(/^>/, '') ??
    (attr(endpoint, 'schemeID') === '0221' ? endpointId : null);
  return {
    name: text(at(p, 'PartyLegalEntity', 'RegistrationName')) ?? text(at(p, 'PartyName', 'Name')),
    registration_number: rn,
    corporate_number: corporate,
    endpoint: endpointId ? { scheme: attr(endpoint, 'schemeID'), id: endpointId } : null,
    country: text(at(p, 'PostalAddress', 'Country', 'IdentificationCode')),
  };
}

function taxCat(n: unknown): { tax_code: string | null; percent: number | null } {
  const o = obj(n);
  return { tax_code: text(o?.ID)?.toUpperCase() ?? null, percent: num(o?.Percent) };
}

export function readUblInvoice(xml: string): EInvoiceData | null {
  if (XMLValidator.validate(xml) !== true) return null;
  let doc: Node;
  try {
    doc = parser.parse(xml) as Node;
  } catch {
    return null;
  }
  const inv = obj(doc.Invoice);
  if (!inv || !isUblInvoiceRoot(xml)) return null;
  const currency = text(inv.DocumentCurrencyCode);
  // the tax total in the document currency (a second one may be in the tax accounting currency)
  const taxTotals = arr(inv.TaxTotal);
  const taxTotal =
    taxTotals.find((t) => attr(t.TaxAmount, 'currencyID') === currency && t.TaxSubtotal !== undefined) ??
    taxTotals.find((t) => attr(t.TaxAmount, 'currencyID') === currency) ??
    taxTotals[0] ??
    null;
  const subtotals: EInvoiceTaxSubtotal[] = arr(taxTotal?.TaxSubtotal).map((s) => ({
    ...taxCat(s.TaxCategory),
    taxable: num(s.TaxableAmount),
    tax: num(s.TaxAmount),
  }));
  const lines: EInvoiceLine[] = arr(inv.InvoiceLine).map((l) => ({
    id: text(l.ID),
    name: text(at(l, 'Item', 'Name')),
    quantity: num(l.InvoicedQuantity),
    unit_code: attr(l.InvoicedQuantity, 'unitCode'),
    price: num(at(l, 'Price', 'PriceAmount')),
    net_amount: num(l.LineExtensionAmount),
    ...taxCat(at(l, 'Item', 'ClassifiedTaxCategory')),
    period_start: text(at(l, 'InvoicePeriod', 'StartDate')),
    period_end: text(at(l, 'InvoicePeriod', 'EndDate')),
    document_ref: text(at(l, 'DocumentReference', 'ID')),
  }));
  const allowances: EInvoiceAllowanceCharge[] = arr(inv.AllowanceCharge).map((a) => ({
    charge: text(a.ChargeIndicator) === 'true',
    amount: num(a.Amount),
    reason: text(a.AllowanceChargeReason),
    ...taxCat(a.TaxCategory),
  }));
  const t = obj(inv.LegalMonetaryTotal);
  const preceding = obj(at(inv, 'BillingReference', 'InvoiceDocumentReference'));
  return {
    customization_id: text(inv.CustomizationID),
    profile_id: text(inv.ProfileID),
    number: text(inv.ID),
    issue_date: text(inv.IssueDate),
    due_date: text(inv.DueDate) ?? text(at(inv, 'PaymentTerms', 'PaymentDueDate')),
    type_code: text(inv.InvoiceTypeCode),
    currency,
    note: text(Array.isArray(inv.Note) ? inv.Note[0] : inv.Note),
    period_start: text(at(inv, 'InvoicePeriod', 'StartDate')),
    period_end: text(at(inv, 'InvoicePeriod', 'EndDate')),
    preceding: preceding ? { number: text(preceding.ID), issue_date: text(preceding.IssueDate) } : null,
    seller: party(obj(at(inv, 'AccountingSupplierParty', 'Party'))),
    buyer: party(obj(at(inv, 'AccountingCustomerParty', 'Party'))),
    lines,
    allowance_charges: allowances,
    tax_total: num(taxTotal?.TaxAmount),
    tax_subtotals: subtotals,
    totals: {
      line_extension: num(t?.LineExtensionAmount),
      tax_exclusive: num(t?.TaxExclusiveAmount),
      tax_inclusive: num(t?.TaxInclusiveAmount),
      allowance_total: num(t?.AllowanceTotalAmount),
      charge_total: num(t?.ChargeTotalAmount),
      prepaid: num(t?.PrepaidAmount),
      rounding: num(t?.PayableRoundingAmount),
      payable: num(t?.PayableAmount),
    },
  };
}
