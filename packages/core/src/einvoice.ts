import type { RateTotal, SalesTaxCategory } from './sales.js';
import { isValidRegistrationNumber } from './validators.js';

/**
 * JP PINT (Peppol BIS Standard Invoice JP PINT 1.1.3, UBL 2.1) as plain data, and the offline checker of
 * what the official rules check that matters for a 適格請求書 (FACTS.md §4: the six items; tax once per
 * document per rate): mandatory parties and dates, the 登録番号, the totals arithmetic, whole yen.
 * No XML here: the server builds and reads the XML (fast-xml-parser) and hands this module the data.
 * Rule ids are the official ones where a rule corresponds (ibr-*, aligned-ibr-jp-*, aligned-ibrp-*);
 * `jp-chobo-*` marks a check the official rules do not make.
 */

export const PINT_JP_CUSTOMIZATION_ID = 'urn:peppol:pint:billing-1@jp-1';
export const PINT_JP_PROFILE_ID = 'urn:peppol:bis:billing';
/** ICD 0221: 適格請求書発行事業者登録番号 (T + 13 digits); ICD 0188: 法人番号 (13 digits). */
export const SCHEME_REGISTRATION_NUMBER = '0221';
export const SCHEME_CORPORATE_NUMBER = '0188';

/** UNCL5305 codes as JP PINT uses them: S 10%, AA 8% (軽減税率), E 非課税, O 対象外 (no rate). */
export type EInvoiceTaxCode = 'S' | 'AA' | 'E' | 'O' | 'Z' | 'G' | 'K';

export const TAX_CODE_OF: Record<SalesTaxCategory, { code: EInvoiceTaxCode; percent: number | null }> = {
  '10': { code: 'S', percent: 10 },
  '8': { code: 'AA', percent: 8 },
  exempt: { code: 'E', percent: 0 },
  out_of_scope: { code: 'O', percent: null },
};

/** A UBL tax category (code and rate) as one of Chobo's tax categories. */
export function taxCategoryOf(code: string, percent: number | null): SalesTaxCategory {
  if (code === 'O') return 'out_of_scope';
  if (code === 'S' || code === 'AA' || code === 'L' || code === 'H') {
    if (percent === 8) return '8';
    if (percent === 10) return '10';
  }
  return percent === 8 ? '8' : percent === 10 ? '10' : 'exempt';
}

export interface EInvoiceParty {
  name: string | null;
  /** PartyTaxScheme CompanyID (VAT): the 登録番号 T + 13 digits. */
  registration_number: string | null;
  /** 法人番号: PartyLegalEntity CompanyID or EndpointID with scheme 0188. */
  corporate_number: string | null;
  endpoint: { scheme: string | null; id: string } | null;
  country: string | null;
}

export interface EInvoiceLine {
  id: string | null;
  name: string | null;
  quantity: number | null;
  unit_code: string | null;
  price: number | null;
  net_amount: number | null;
  tax_code: string | null;
  percent: number | null;
  period_start: string | null;
  period_end: string | null;
  /** Line document reference (納品書番号 etc. of a 合計請求書). */
  document_ref: string | null;
}

export interface EInvoiceAllowanceCharge {
  charge: boolean;
  amount: number | null;
  reason: string | null;
  tax_code: string | null;
  percent: number | null;
}

export interface EInvoiceTaxSubtotal {
  tax_code: string | null;
  percent: number | null;
  taxable: number | null;
  tax: number | null;
}

export interface EInvoiceData {
  customization_id: string | null;
  profile_id: string | null;
  number: string | null;
  issue_date: string | null;
  due_date: string | null;
  type_code: string | null;
  currency: string | null;
  note: string | null;
  period_start: string | null;
  period_end: string | null;
  /** BillingReference: the invoice this one corrects. */
  preceding: { number: string | null; issue_date: string | null } | null;
  seller: EInvoiceParty | null;
  buyer: EInvoiceParty | null;
  lines: EInvoiceLine[];
  allowance_charges: EInvoiceAllowanceCharge[];
  /** TaxTotal in the document currency. */
  tax_total: number | null;
  tax_subtotals: EInvoiceTaxSubtotal[];
  totals: {
    line_extension: number | null;
    tax_exclusive: number | null;
    tax_inclusive: number | null;
    allowance_total: number | null;
    charge_total: number | null;
    prepaid: number | null;
    rounding: number | null;
    payable: number | null;
  };
}

export type FindingSeverity = 'fatal' | 'warning';
export interface EInvoiceFinding {
  rule: string;
  severity: FindingSeverity;
  /** Japanese explanation. */
  message: string;
}

const yen = (v: number) => `${v.toLocaleString('en-US')}円`;
const isDate = (v: string | null) => v !== null && /^\d{4}-\d{2}-\d{2}$/.test(v);
const sum = (xs: (number | null)[]) => xs.reduce<number>((s, x) => s + (x ?? 0), 0);
/** Sums compared in whole sen, so decimal amounts in a foreign document compare without float noise. */
const same = (a: number, b: number) => Math.round(a * 100) === Math.round(b * 100);
const rateKey = (code: string | null, percent: number | null) => `${code ?? ''}|${percent ?? ''}`;
const rateLabel = (code: string | null, percent: number | null) =>
  code === 'O' ? '対象外' : code === 'E' ? '非課税' : `${percent ?? '?'}%`;

/**
 * Checks an e-invoice as received or produced. Returns the findings, most important first; an empty list
 * means the document meets every requirement checked here.
 */
export function checkEInvoice(d: EInvoiceData): EInvoiceFinding[] {
  const out: EInvoiceFinding[] = [];
  const fatal = (rule: string, message: string) => out.push({ rule, severity: 'fatal', message });
  const warn = (rule: string, message: string) => out.push({ rule, severity: 'warning', message });

  // identification
  if (d.customization_id !== PINT_JP_CUSTOMIZATION_ID && d.customization_id !== 'urn:fdc:peppol:jp:billing:3.0') {
    fatal('aligned-ibrp-001-jp', `仕様ID（CustomizationID）が JP PINT（${PINT_JP_CUSTOMIZATION_ID}）ではありません`);
  }
  if (!d.profile_id) fatal('ibr-076', 'ビジネスプロセス（ProfileID）がありません');
  if (!d.number) fatal('ibr-002', '請求書番号がありません');
  if (!d.issue_date) fatal('ibr-003', '請求書の発行日がありません（適格請求書の記載事項: 取引年月日）');
  for (const [v, label] of [
    [d.issue_date, '発行日'],
    [d.due_date, '支払期日'],
    [d.period_start, '請求期間の開始日'],
    [d.period_end, '請求期間の終了日'],
  ] as const) {
    if (v !== null && !isDate(v)) fatal('ibr-073', `${label}「${v}」が YYYY-MM-DD 形式ではありません`);
  }
  if (d.type_code !== '380')
    fatal('aligned-ibrp-cl-02-jp', `請求書の種類コードが380ではありません（${d.type_code ?? 'なし'}）`);
  if (d.currency !== 'JPY') warn('jp-chobo-currency', `通貨が日本円ではありません（${d.currency ?? 'なし'}）`);
  if (!d.period_start && !d.period_end && !d.lines.some((l) => l.period_start || l.period_end)) {
    fatal('aligned-ibrp-052', '取引年月日（請求期間または明細ごとの期間）がありません');
  }
  if (d.period_start && d.period_end && d.period_end < d.period_start) {
    fatal('ibr-029', '請求期間の終了日が開始日より前です');
  }
  if (d.preceding && !d.preceding.number) fatal('ibr-055', '訂正元の請求書番号がありません');

  // parties (適格請求書: 発行事業者の氏名又は名称及び登録番号, 交付を受ける事業者の氏名又は名称)
  const seller = d.seller;
  if (!seller?.name) fatal('ibr-006', '売り手（適格請求書発行事業者）の名称がありません');
  const rn = seller?.registration_number ?? null;
  if (!rn) {
    fatal('aligned-ibr-jp-04', '売り手の登録番号（適格請求書発行事業者登録番号）がありません');
  } else if (!/^T\d{13}$/.test(rn)) {
    fatal('aligned-ibr-jp-01', `売り手の登録番号「${rn}」が「T」と13桁の数字ではありません`);
  } else if (!isValidRegistrationNumber(rn)) {
    warn('jp-chobo-registration-check-digit', `売り手の登録番号「${rn}」のチェックデジットが正しくありません`);
  }
  if (!seller?.endpoint) fatal('ibr-081', '売り手の電子アドレス（EndpointID）がありません');
  else if (!seller.endpoint.scheme) fatal('ibr-062', '売り手の電子アドレスにスキームIDがありません');
  if (seller && !seller.country) fatal('ibr-009', '売り手の住所に国コードがありません');
  const buyer = d.buyer;
  if (!buyer?.name) fatal('ibr-007', '買い手（交付を受ける事業者）の名称がありません');
  if (!buyer?.endpoint) fatal('ibr-080', '買い手の電子アドレス（EndpointID）がありません');
  else if (!buyer.endpoint.scheme) fatal('ibr-063', '買い手の電子アドレスにスキームIDがありません');
  if (buyer && !buyer.country) fatal('ibr-011', '買い手の住所に国コードがありません');

  // lines (取引内容, 税率ごとに区分)
  if (d.lines.length === 0) fatal('ibr-016', '明細が1行もありません');
  d.lines.forEach((l, i) => {
    const no = l.id ?? String(i + 1);
    if (!l.name) fatal('ibr-025', `明細${no}: 品名がありません`);
    if (l.net_amount === null) fatal('ibr-024', `明細${no}: 金額がありません`);
    if (l.quantity === null) fatal('ibr-022', `明細${no}: 数量がありません`);
    if (l.price === null) fatal('ibr-026', `明細${no}: 単価がありません`);
    else if (l.price < 0) fatal('ibr-027', `明細${no}: 単価がマイナスです`);
    if (!l.tax_code) fatal('aligned-ibrp-050-jp', `明細${no}: 税区分がありません`);
    else if (l.tax_code === 'O' && l.percent !== null) {
      fatal('aligned-ibrp-o-05', `明細${no}: 対象外の明細に税率が記載されています`);
    } else if (l.tax_code !== 'O' && l.percent === null) {
      fatal('aligned-ibrp-050-jp', `明細${no}: 税率がありません`);
    }
    if (l.period_start && l.period_end && l.period_end < l.period_start) {
      fatal('ibr-030', `明細${no}: 期間の終了日が開始日より前です`);
    }
  });
  d.allowance_charges.forEach((a, i) => {
    const what = a.charge ? '請求書全体の追加料金' : '請求書全体の値引き';
    if (a.amount === null) fatal(a.charge ? 'ibr-036' : 'ibr-031', `${what}${i + 1}: 金額がありません`);
    if (!a.tax_code || (a.tax_code !== 'O' && a.percent === null)) {
      fatal(a.charge ? 'aligned-ibrp-037-jp' : 'aligned-ibrp-032-jp', `${what}${i + 1}: 税区分・税率がありません`);
    }
  });

  // whole yen
  if (d.currency === 'JPY') {
    const amounts: [string, number | null][] = [
      ['消費税額の合計', d.tax_total],
      ...d.tax_subtotals.flatMap((s): [string, number | null][] => [
        [`${rateLabel(s.tax_code, s.percent)}対象額`, s.taxable],
        [`${rateLabel(s.tax_code, s.percent)}の消費税額`, s.tax],
      ]),
      ['税込合計', d.totals.tax_inclusive],
      ['支払金額', d.totals.payable],
      ...d.lines.map((l, i): [string, number | null] => [`明細${l.id ?? i + 1}の金額`, l.net_amount]),
    ];
    for (const [label, v] of amounts) {
      if (v !== null && !Number.isInteger(v)) fatal('aligned-ibr-jp-06', `${label}（${v}）に円未満の端数があります`);
    }
  }

  // tax per rate: Σ lines − allowances + charges = taxable amount; floor ≤ tax ≤ ceiling of base × rate
  const groups = new Map<string, { code: string | null; percent: number | null; base: number }>();
  const add = (code: string | null, percent: number | null, v: number) => {
    const k = rateKey(code, code === 'O' ? null : percent);
    const g = groups.get(k) ?? { code, percent: code === 'O' ? null : percent, base: 0 };
    g.base += v;
    groups.set(k, g);
  };
  for (const l of d.lines) add(l.tax_code, l.percent, l.net_amount ?? 0);
  for (const a of d.allowance_charges) add(a.tax_code, a.percent, (a.charge ? 1 : -1) * (a.amount ?? 0));
  const seen = new Set<string>();
  for (const s of d.tax_subtotals) {
    const label = rateLabel(s.tax_code, s.percent);
    const k = rateKey(s.tax_code, s.tax_code === 'O' ? null : s.percent);
    if (seen.has(k)) fatal('jp-chobo-rate-once', `${label}の内訳が2回記載されています（税率ごとに1回）`);
    seen.add(k);
    if (s.taxable === null) {
      fatal('aligned-ibrp-045', `${label}の対象額（税率ごとに区分した対価の額）がありません`);
      continue;
    }
    if (s.tax === null) {
      fatal('aligned-ibrp-046', `${label}の消費税額がありません`);
      continue;
    }
    const g = groups.get(k);
    if (!g) fatal('jp-chobo-rate-base', `${label}の内訳に対応する明細がありません`);
    else if (!same(g.base, s.taxable)) {
      fatal(
        'jp-chobo-rate-base',
        `${label}の対象額 ${yen(s.taxable)} が明細の合計 ${yen(g.base)} と一致しません（税率ごとの対価の額）`,
      );
    }
    const rate = s.tax_code === 'O' ? 0 : (s.percent ?? 0);
    if (rate === 0) {
      if (s.tax !== 0) {
        const rule =
          s.tax_code === 'O' ? 'aligned-ibrp-o-09' : s.tax_code === 'E' ? 'aligned-ibrp-e-09' : 'aligned-ibrp-051-jp';
        fatal(rule, `${label}の消費税額は0円です（記載: ${yen(s.tax)}）`);
      }
    } else {
      const exact = (s.taxable * rate) / 100;
      const lo = Math.floor(exact + 1e-9);
      const hi = Math.ceil(exact - 1e-9);
      if (s.tax < lo || s.tax > hi) {
        const range = lo === hi ? yen(lo) : `${yen(lo)}〜${yen(hi)}`;
        fatal(
          'aligned-ibrp-051-jp',
          `${label}の消費税額 ${yen(s.tax)} が対象額 ${yen(s.taxable)} × ${rate}% の端数処理の範囲（${range}）にありません`,
        );
      }
    }
  }
  for (const [k, g] of groups) {
    if (!seen.has(k))
      fatal('jp-chobo-rate-missing', `${rateLabel(g.code, g.percent)}の明細がありますが、税率ごとの内訳がありません`);
  }

  // document totals
  const t = d.totals;
  const lineSum = sum(d.lines.map((l) => l.net_amount));
  const allowances = sum(d.allowance_charges.filter((a) => !a.charge).map((a) => a.amount));
  const charges = sum(d.allowance_charges.filter((a) => a.charge).map((a) => a.amount));
  if (t.line_extension === null) fatal('ibr-012', '明細金額の合計がありません');
  else if (!same(t.line_extension, lineSum)) {
    fatal('ibr-co-10', `明細金額の合計 ${yen(t.line_extension)} が明細の合計 ${yen(lineSum)} と一致しません`);
  }
  if (t.allowance_total !== null && !same(t.allowance_total, allowances)) {
    fatal('ibr-co-11', `値引きの合計 ${yen(t.allowance_total)} が値引きの合計 ${yen(allowances)} と一致しません`);
  }
  if (t.charge_total !== null && !same(t.charge_total, charges)) {
    fatal('ibr-co-12', `追加料金の合計 ${yen(t.charge_total)} が追加料金の合計 ${yen(charges)} と一致しません`);
  }
  if (t.tax_exclusive === null) fatal('ibr-013', '税抜合計がありません');
  else if (!same(t.tax_exclusive, lineSum - allowances + charges)) {
    fatal(
      'ibr-co-13',
      `税抜合計 ${yen(t.tax_exclusive)} が 明細 − 値引き + 追加料金（${yen(lineSum - allowances + charges)}）と一致しません`,
    );
  }
  const taxSum = sum(d.tax_subtotals.map((s) => s.tax));
  if (d.tax_total === null) fatal('jp-chobo-tax-total', '消費税額の合計がありません');
  else if (!same(d.tax_total, taxSum)) {
    fatal('ibr-co-14', `消費税額の合計 ${yen(d.tax_total)} が税率ごとの消費税額の合計 ${yen(taxSum)} と一致しません`);
  }
  if (t.tax_inclusive === null) fatal('ibr-014', '税込合計がありません');
  else if (t.tax_exclusive !== null && d.tax_total !== null && !same(t.tax_inclusive, t.tax_exclusive + d.tax_total)) {
    fatal(
      'ibr-co-15',
      `税込合計 ${yen(t.tax_inclusive)} が 税抜合計 + 消費税額（${yen(t.tax_exclusive + d.tax_total)}）と一致しません`,
    );
  }
  if (t.payable === null) fatal('ibr-015', '支払金額がありません');
  else if (t.tax_inclusive !== null) {
    const due = t.tax_inclusive - (t.prepaid ?? 0) + (t.rounding ?? 0);
    if (!same(t.payable, due)) {
      fatal('ibr-co-16', `支払金額 ${yen(t.payable)} が 税込合計 − 支払済額 + 端数調整（${yen(due)}）と一致しません`);
    }
  }
  return out;
}

/**
 * 税率ごとの対価の額と消費税額 of an e-invoice as a 発注取引's `taxes` (one row per Chobo category; rates
 * Chobo does not keep — export 0% etc. — are counted as 非課税).
 */
export function einvoiceTaxes(d: EInvoiceData): RateTotal[] {
  const by = new Map<SalesTaxCategory, RateTotal>();
  for (const s of d.tax_subtotals) {
    const cat = taxCategoryOf(s.tax_code ?? '', s.percent);
    const r = by.get(cat) ?? { tax_category: cat, base: 0, tax: 0 };
    r.base += Math.round(s.taxable ?? 0);
    r.tax += Math.round(s.tax ?? 0);
    by.set(cat, r);
  }
  const order: SalesTaxCategory[] = ['10', '8', 'exempt', 'out_of_scope'];
  return order.flatMap((c) => (by.has(c) ? [by.get(c) as RateTotal] : []));
}

/** Whether any finding is fatal (the document is then marked 要確認). */
export const hasFatalFinding = (findings: readonly EInvoiceFinding[]) => findings.some((f) => f.severity === 'fatal');
