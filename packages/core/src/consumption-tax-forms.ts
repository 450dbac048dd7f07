import { mulDiv } from './consumption-tax/rules.js';
import {
  BUSINESS_TYPE_LABELS,
  BUSINESS_TYPES,
  type BusinessType,
  type ConsumptionTaxDraftInputs,
  type ConsumptionTaxRate,
  type ConsumptionTaxRateFigures,
  type ConsumptionTaxResult,
} from './contracts/consumption-tax.js';

/**
 * The printed forms of the consumption-tax return (issue 27) as rows of figures, from a computed answer and
 * its inputs: 第一表 (一般用 or 簡易課税用), 第二表, and the 付表 of the method — 付表1-3 and 2-3 (一般課税),
 * 4-3 and 5-3 (簡易課税), 付表1-3 and 6 (2割特例). Pure: the PDF (server) and the preview (web) print the same
 * rows. Columns of a 付表 are 税率6.24%適用分 A (軽減 8%), 税率7.8%適用分 B (標準 10%) and 合計 C. The
 * figures are the answer's own (by_rate and the 第一表 totals); what a form shows beside them (the tax-exclusive
 * 対価の額, the 課税売上割合) is derived here from the inputs with the law's 1-yen cut.
 */

/** A cell: an amount (yen), a text (a ratio, a rate), or null (left blank, as on paper). */
export type CtaxFormValue = number | string | null;

export interface CtaxFormRow {
  /** The line's number as printed ('①', '①-1', '⑳' …). */
  no: string;
  label: string;
  /** One value per column of the sheet (第一表, 第二表: one). */
  values: CtaxFormValue[];
  /** A total or the line carried to 第一表 (printed bold). */
  strong?: boolean;
}

export interface CtaxFormSection {
  heading?: string;
  rows: CtaxFormRow[];
}

export interface CtaxFormSheet {
  /** '第一表', '第二表', '付表1-3' … */
  code: string;
  title: string;
  /** The column headings; a sheet with one column prints its amounts in digit boxes. */
  columns: string[];
  sections: CtaxFormSection[];
  notes: string[];
}

const RATE_COLUMNS = ['税率6.24%適用分 A', '税率7.8%適用分 B', '合計 C（A＋B）'];
/** The column order of the 付表: A is 6.24% (the 8% rate), B is 7.8% (the 10% rate). */
const RATE_ORDER: ConsumptionTaxRate[] = ['8', '10'];

/** `gross` × 100 / (100 + rate), yen below 1 dropped (exact in integers). */
export function taxExclusive(gross: number, rate: ConsumptionTaxRate): number {
  return mulDiv(Math.trunc(gross), 100, rate === '10' ? 110 : 108);
}

/** The national tax of a tax-exclusive amount (7.8% or 6.24%), yen below 1 dropped. */
function nationalTaxOf(exclusive: number, rate: ConsumptionTaxRate): number {
  return rate === '10' ? mulDiv(exclusive, 78, 1000) : mulDiv(exclusive, 624, 10000);
}

/** The national tax inside a tax-inclusive amount (× 7.8/110 or 6.24/108), yen below 1 dropped. */
function nationalTaxInGross(gross: number, rate: ConsumptionTaxRate): number {
  return rate === '10' ? mulDiv(gross, 78, 1100) : mulDiv(gross, 624, 10800);
}

type Figures = ConsumptionTaxRateFigures;
/** A row of A, B and C from one figure of each rate. */
function rated(no: string, label: string, pick: (f: Figures, rate: ConsumptionTaxRate) => number, strong = false) {
  return (by: ConsumptionTaxResult['by_rate']): CtaxFormRow => {
    const [a, b] = RATE_ORDER.map((r) => pick(by[r], r));
    return { no, label, values: [a, b, a + b], strong };
  };
}
/** A row with only the 合計 C column. */
const totalOnly = (no: string, label: string, value: CtaxFormValue, strong = false): CtaxFormRow => ({
  no,
  label,
  values: [null, null, value],
  strong,
});
const one = (no: string, label: string, value: CtaxFormValue, strong = false): CtaxFormRow => ({
  no,
  label,
  values: [value],
  strong,
});

const positive = (n: number) => Math.max(n, 0);
const subtotal = (f: Figures) => f.deductible_input_tax + f.returns_tax + f.bad_debt_tax;

/** The 第一表 figures derived from the answer: ⑧ and ⑨, ⑫, ⑲ and ⑳, ㉓. */
export function firstSheetFigures(r: ConsumptionTaxResult) {
  const shortfall = positive(-r.net_tax); // ⑧ 控除不足還付税額
  const net = positive(r.net_tax); // ⑨ 差引税額
  const localRefund = positive(-r.local_tax); // ⑲ 還付額
  const local = positive(r.local_tax); // ⑳ 納税額
  return {
    shortfall,
    net,
    interimRefund: positive(r.refund_national - shortfall), // ⑫ 中間納付還付税額
    localRefund,
    local,
    interimLocalRefund: positive(r.refund_local - localRefund), // ㉓ 中間納付還付譲渡割額
    subtotal: r.deductible_input_tax + r.returns_tax + r.bad_debt_tax, // ⑦ 控除税額小計
  };
}

/** 課税売上額（税抜き, after returns), 免税売上額, 非課税売上額 and the 課税売上割合 of the inputs. */
export function salesRatioFigures(inputs: ConsumptionTaxDraftInputs) {
  const taxable = Object.fromEntries(
    RATE_ORDER.map((r) => [r, taxExclusive(inputs.sales[r].gross, r) - taxExclusive(inputs.sales_returns[r], r)]),
  ) as Record<ConsumptionTaxRate, number>;
  const taxableTotal = taxable['8'] + taxable['10'] + inputs.export_sales;
  const all = taxableTotal + inputs.exempt_sales;
  return { taxable, taxableTotal, all, ratio: all > 0 ? taxableTotal / all : 1 };
}

/** A ratio as the form writes it: percent with two decimals, cut (not rounded). */
export function formatRatio(ratio: number): string {
  return `${(Math.floor(ratio * 10000 + 1e-9) / 100).toFixed(2)}%`;
}

function firstSheet(inputs: ConsumptionTaxDraftInputs, r: ConsumptionTaxResult): CtaxFormSheet {
  const f = firstSheetFigures(r);
  const s = salesRatioFigures(inputs);
  const simplified = r.method === 'simplified';
  const tail = simplified
    ? [
        one('⑮', 'この課税期間の課税売上高', s.taxableTotal),
        one('⑯', '基準期間の課税売上高', inputs.base_period_taxable_sales),
      ]
    : [one('⑮', '課税売上割合 課税資産の譲渡等の対価の額', s.taxableTotal), one('⑯', '資産の譲渡等の対価の額', s.all)];
  return {
    code: '第一表',
    title: `消費税及び地方消費税の申告書（${simplified ? '簡易課税用' : '一般用'}）`,
    columns: ['金額'],
    sections: [
      {
        heading: 'この申告書による消費税の税額の計算',
        rows: [
          one('①', '課税標準額', r.taxable_base, true),
          one('②', '消費税額', r.output_tax),
          one('③', '控除過大調整税額', r.adjustment_tax),
          one('④', '控除対象仕入税額', r.deductible_input_tax),
          one('⑤', '返還等対価に係る税額', r.returns_tax),
          one('⑥', '貸倒れに係る税額', r.bad_debt_tax),
          one('⑦', '控除税額小計（④＋⑤＋⑥）', f.subtotal),
          one('⑧', '控除不足還付税額（⑦－②－③）', f.shortfall),
          one('⑨', '差引税額（②＋③－⑦）', f.net, true),
          one('⑩', '中間納付税額', r.interim_national),
          one('⑪', '納付税額（⑨－⑩）', r.payable_national, true),
          one('⑫', '中間納付還付税額（⑩－⑨）', f.interimRefund),
          one('⑬', '既確定税額（修正申告の場合）', null),
          one('⑭', '差引納付税額（修正申告の場合）', null),
          ...tail,
        ],
      },
      {
        heading: 'この申告書による地方消費税の税額の計算',
        rows: [
          one('⑰', '地方消費税の課税標準となる消費税額 控除不足還付税額', f.shortfall),
          one('⑱', '地方消費税の課税標準となる消費税額 差引税額', f.net),
          one('⑲', '譲渡割額 還付額', f.localRefund),
          one('⑳', '譲渡割額 納税額', f.local, true),
          one('㉑', '中間納付譲渡割額', r.interim_local),
          one('㉒', '納付譲渡割額（⑳－㉑）', r.payable_local, true),
          one('㉓', '中間納付還付譲渡割額（㉑－⑳）', f.interimLocalRefund),
          one('㉔', '既確定譲渡割額（修正申告の場合）', null),
          one('㉕', '差引納付譲渡割額（修正申告の場合）', null),
          one('㉖', '消費税及び地方消費税の合計（納付又は還付）税額', r.total_payable, true),
        ],
      },
    ],
    notes: firstSheetNotes(inputs, r),
  };
}

function firstSheetNotes(inputs: ConsumptionTaxDraftInputs, r: ConsumptionTaxResult): string[] {
  const notes = [
    `売上税額の計算：${inputs.sales_calc === 'tsumiage' ? '積上げ計算' : '割戻し計算'}`,
    r.method === 'general'
      ? `仕入税額の計算：${inputs.purchase_calc === 'tsumiage' ? '積上げ計算' : '割戻し計算'}`
      : '',
    r.method === 'two_tenths' ? '税額控除に係る経過措置の適用（2割特例）：有' : '',
    r.method === 'simplified' && r.deemed_rate ? `みなし仕入率：${r.deemed_rate.text}` : '',
    r.apportionment
      ? `控除税額の計算方法：${r.apportionment === 'individual' ? '個別対応方式' : '一括比例配分方式'}`
      : '',
    '㉖ が負の金額は還付（－で表示）。',
  ];
  return notes.filter(Boolean);
}

function secondSheet(inputs: ConsumptionTaxDraftInputs, r: ConsumptionTaxResult): CtaxFormSheet {
  const ex8 = taxExclusive(inputs.sales['8'].gross, '8');
  const ex10 = taxExclusive(inputs.sales['10'].gross, '10');
  const f = firstSheetFigures(r);
  return {
    code: '第二表',
    title: '課税標準額等の内訳書',
    columns: ['金額'],
    sections: [
      {
        rows: [one('①', '課税標準額', r.taxable_base, true)],
      },
      {
        heading: '課税資産の譲渡等の対価の額の合計額',
        rows: [
          one('②', '3%適用分', null),
          one('③', '4%適用分', null),
          one('④', '6.3%適用分', null),
          one('⑤', '6.24%適用分', ex8),
          one('⑥', '7.8%適用分', ex10),
          one('⑦', '計（②〜⑥）', ex8 + ex10, true),
        ],
      },
      {
        heading: '消費税額',
        rows: [
          one('⑪', '消費税額', r.output_tax, true),
          one('⑮', '6.24%適用分', r.by_rate['8'].output_tax),
          one('⑯', '7.8%適用分', r.by_rate['10'].output_tax),
        ],
      },
      {
        heading: '返還等対価に係る税額',
        rows: [
          one('⑰', '返還等対価に係る税額', r.returns_tax),
          one('⑱', '売上げの返還等対価に係る税額', r.returns_tax),
        ],
      },
      {
        heading: '地方消費税の課税標準となる消費税額',
        rows: [
          one('⑳', '地方消費税の課税標準となる消費税額', f.net - f.shortfall, true),
          one('㉓', '6.24%及び7.8%適用分', f.net - f.shortfall),
        ],
      },
    ],
    notes: ['②〜⑦は税抜きの対価の額（1円未満切捨て）、①はその税率ごとの合計を千円未満切捨てした額です。'],
  };
}

/** 付表1-3 (一般) and 付表4-3 (簡易): the tax per rate and the base of the local tax. */
function rateSheet(inputs: ConsumptionTaxDraftInputs, r: ConsumptionTaxResult, simplified: boolean): CtaxFormSheet {
  const by = r.by_rate;
  const f = firstSheetFigures(r);
  const over = (x: Figures) => positive(subtotal(x) - x.output_tax - x.recovered_tax);
  const under = (x: Figures) => positive(x.output_tax + x.recovered_tax - subtotal(x));
  const source = r.method === 'two_tenths' ? '付表6の⑤' : simplified ? '付表5-3の㊲' : '付表2-3の㉖';
  return {
    code: simplified ? '付表4-3' : '付表1-3',
    title: `税率別消費税額計算表 兼 地方消費税の課税標準となる消費税額計算表（${simplified ? '簡易課税用' : '一般用'}）`,
    columns: RATE_COLUMNS,
    sections: [
      {
        rows: [
          rated('①', '課税標準額（千円未満切捨て）', (x) => x.taxable_base, true)(by),
          rated('①-1', '課税資産の譲渡等の対価の額', (x, rate) => taxExclusive(x.sales_gross, rate))(by),
          rated('②', '消費税額', (x) => x.output_tax)(by),
          rated('③', simplified ? '貸倒回収に係る消費税額' : '控除過大調整税額', (x) => x.recovered_tax)(by),
        ],
      },
      {
        heading: '控除税額',
        rows: [
          rated('④', `控除対象仕入税額（${source}）`, (x) => x.deductible_input_tax)(by),
          rated('⑤', '返還等対価に係る税額', (x) => x.returns_tax)(by),
          rated('⑤-1', '売上げの返還等対価に係る税額', (x) => x.returns_tax)(by),
          rated('⑥', '貸倒れに係る税額', (x) => x.bad_debt_tax)(by),
          rated('⑦', '控除税額小計（④＋⑤＋⑥）', subtotal)(by),
          rated('⑧', '控除不足還付税額（⑦－②－③）', over)(by),
          rated('⑨', '差引税額（②＋③－⑦）', under)(by),
          totalOnly('⑩', '合計差引税額（⑨－⑧、百円未満切捨て）', r.net_tax, true),
        ],
      },
      {
        heading: '地方消費税の課税標準となる消費税額',
        rows: [
          totalOnly('⑪', '控除不足還付税額', f.shortfall),
          totalOnly('⑫', '差引税額', f.net),
          totalOnly('⑬', '合計差引地方消費税の課税標準となる消費税額', r.net_tax),
        ],
      },
      {
        heading: '譲渡割額',
        rows: [
          totalOnly('⑭', '還付額（⑪×22/78）', f.localRefund),
          totalOnly('⑮', '納税額（⑫×22/78）', f.local),
          totalOnly('⑯', '合計差引譲渡割額（百円未満切捨て）', r.local_tax, true),
        ],
      },
    ],
    notes: [
      `課税期間の売上税額は${inputs.sales_calc === 'tsumiage' ? '積上げ計算（適格請求書の消費税額等×78/100）' : '割戻し計算（課税標準額×7.8%・6.24%）'}です。`,
      '⑩・⑬・⑯ の負の金額は還付です。',
    ],
  };
}

/** The registered suppliers' purchase tax of one rate (⑩ of 付表2-3), before the 経過措置 purchases. */
function registeredPurchaseTax(inputs: ConsumptionTaxDraftInputs, rate: ConsumptionTaxRate): number {
  const p = inputs.purchases[rate];
  const tax =
    inputs.purchase_calc === 'tsumiage' ? Math.floor((p.invoice_tax * 78) / 100) : nationalTaxInGross(p.gross, rate);
  const returns = nationalTaxInGross(inputs.purchase_returns[rate], rate);
  return tax - returns;
}

/** The purchase tax of a part of the purchases (⑲ / ⑳ of 付表2-3): 積上げ or 割戻し as the purchases are computed. */
function partPurchaseTax(
  inputs: ConsumptionTaxDraftInputs,
  part: { gross: number; invoice_tax: number },
  rate: ConsumptionTaxRate,
) {
  return inputs.purchase_calc === 'tsumiage'
    ? Math.floor((part.invoice_tax * 78) / 100)
    : nationalTaxInGross(part.gross, rate);
}

/** The 経過措置 purchases' tax of one rate (80% and 50% of what a registered supplier would give). */
function transitionalPurchaseTax(inputs: ConsumptionTaxDraftInputs, rate: ConsumptionTaxRate) {
  const t = inputs.transitional_purchases;
  return (
    mulDiv(nationalTaxInGross(t['80'][rate], rate), 80, 100) + mulDiv(nationalTaxInGross(t['50'][rate], rate), 50, 100)
  );
}

/** 付表2-3: 課税売上割合 and 控除対象仕入税額 (一般課税). */
function purchaseSheet(inputs: ConsumptionTaxDraftInputs, r: ConsumptionTaxResult): CtaxFormSheet {
  const s = salesRatioFigures(inputs);
  const by = r.by_rate;
  const registered = (x: Figures, rate: ConsumptionTaxRate) =>
    Math.min(registeredPurchaseTax(inputs, rate), x.purchase_tax);
  const transitional = (rate: ConsumptionTaxRate) =>
    inputs.transitional_purchases['80'][rate] + inputs.transitional_purchases['50'][rate];
  const full = r.apportionment === null;
  const individual = r.apportionment === 'individual' ? (inputs.purchase_split ?? null) : null;
  return {
    code: '付表2-3',
    title: '課税売上割合・控除対象仕入税額等の計算表（一般用）',
    columns: RATE_COLUMNS,
    sections: [
      {
        heading: '課税売上割合の計算',
        rows: [
          {
            no: '①',
            label: '課税売上額（税抜き）',
            values: [s.taxable['8'], s.taxable['10'], s.taxable['8'] + s.taxable['10']],
          },
          totalOnly('②', '免税売上額', inputs.export_sales),
          totalOnly('③', '非課税資産の輸出等の金額、海外支店等へ移送した資産の価額', null),
          totalOnly('④', '課税資産の譲渡等の対価の額（①＋②＋③）', s.taxableTotal),
          totalOnly('⑤', '課税資産の譲渡等の対価の額（④の金額）', s.taxableTotal),
          totalOnly('⑥', '非課税売上額', inputs.exempt_sales),
          totalOnly('⑦', '資産の譲渡等の対価の額（⑤＋⑥）', s.all),
          totalOnly('⑧', '課税売上割合（④／⑦）', formatRatio(s.ratio), true),
        ],
      },
      {
        heading: '課税仕入れ等の税額の計算',
        rows: [
          rated('⑨', '課税仕入れに係る支払対価の額（税込み）', (_x, rate) => inputs.purchases[rate].gross)(by),
          rated('⑩', '課税仕入れに係る消費税額', registered)(by),
          rated(
            '⑪',
            '経過措置の適用を受ける課税仕入れ（適格請求書発行事業者以外から）の支払対価の額（税込み）',
            (_x, rate) => transitional(rate),
          )(by),
          rated('⑫', '⑪に係る消費税額（経過措置 80%・50%）', (x, rate) => x.purchase_tax - registered(x, rate))(by),
          rated('⑰', '課税仕入れ等の税額の合計額', (x) => x.purchase_tax, true)(by),
          rated('⑱', '課税売上高5億円以下かつ課税売上割合95%以上の場合（⑰の金額）', (x) => (full ? x.purchase_tax : 0))(
            by,
          ),
          // 個別対応方式 (消費税法30条2項1号): ⑰ split by use; the 経過措置 purchases count as 共通 as the compute does
          rated('⑲', '⑰のうち、課税売上げにのみ要するもの', (_x, rate) =>
            individual ? partPurchaseTax(inputs, individual.taxable[rate], rate) : 0,
          )(by),
          rated('⑳', '⑰のうち、課税売上げと非課税売上げに共通して要するもの', (_x, rate) =>
            individual
              ? partPurchaseTax(inputs, individual.common[rate], rate) + transitionalPurchaseTax(inputs, rate)
              : 0,
          )(by),
          rated('㉑', '個別対応方式により控除する課税仕入れ等の税額', (x) =>
            r.apportionment === 'individual' ? x.deductible_input_tax : 0,
          )(by),
          rated('㉒', '一括比例配分方式により控除する課税仕入れ等の税額（⑰×④／⑦）', (x) =>
            r.apportionment === 'proportional' ? x.deductible_input_tax : 0,
          )(by),
          rated('㉖', '控除対象仕入税額', (x) => x.deductible_input_tax, true)(by),
          rated('㉘', '貸倒回収に係る消費税額', (x) => x.recovered_tax)(by),
        ],
      },
    ],
    notes: [
      `仕入税額の計算：${inputs.purchase_calc === 'tsumiage' ? '積上げ計算（受領した適格請求書の消費税額等×78/100）' : '割戻し計算（支払対価の額×7.8/110・6.24/108）'}。`,
      '⑩は仕入れに係る対価の返還等の税額を差し引いた額です。㉖は付表1-3の④へ。',
    ],
  };
}

/** The 事業区分 sales (tax-exclusive, per rate) of 付表5-3: the inputs' types, else all of the main type. */
function businessSales(inputs: ConsumptionTaxDraftInputs) {
  const types = inputs.business_types.length
    ? inputs.business_types
    : [
        {
          type: inputs.main_business_type ?? 1,
          sales: { '10': inputs.sales['10'].gross, '8': inputs.sales['8'].gross },
        },
      ];
  return BUSINESS_TYPES.map((t) => {
    const rows = types.filter((b) => b.type === t);
    const ex = (rate: ConsumptionTaxRate) => rows.reduce((s, b) => s + taxExclusive(b.sales[rate], rate), 0);
    return { type: t as BusinessType, ex: { '8': ex('8'), '10': ex('10') } as Record<ConsumptionTaxRate, number> };
  });
}

const sum = (rows: CtaxFormRow[], i: number) => rows.reduce((s, r) => s + Number(r.values[i] ?? 0), 0);
const CIRCLED = '⑦⑧⑨⑩⑪⑫⑭⑮⑯⑰⑱⑲';

/** The deduction base of 付表5-3 ④ / 付表6 ④: ① + ② − ③ of each rate. */
const deductionBaseRows = (by: ConsumptionTaxResult['by_rate']) => [
  rated('①', '課税標準額に対する消費税額', (x) => x.output_tax)(by),
  rated('②', '貸倒回収に係る消費税額', (x) => x.recovered_tax)(by),
  rated('③', '売上対価の返還等に係る消費税額', (x) => x.returns_tax)(by),
  rated(
    '④',
    '控除対象仕入税額の計算の基礎となる消費税額（①＋②－③）',
    (x) => x.output_tax + x.recovered_tax - x.returns_tax,
    true,
  )(by),
];

/** 付表5-3: 控除対象仕入税額 of the 簡易課税 (みなし仕入率, 事業区分, the 75% rules). */
function deemedSheet(inputs: ConsumptionTaxDraftInputs, r: ConsumptionTaxResult): CtaxFormSheet {
  const by = r.by_rate;
  const types = businessSales(inputs);
  const total = types.reduce((s, t) => s + t.ex['8'] + t.ex['10'], 0);
  const share = (n: number) => (total > 0 ? formatRatio(n / total) : '');
  const deemed = r.deemed_rate;
  const single = deemed?.rule === 'single';
  const salesRows: CtaxFormRow[] = types.map((t, i) => ({
    no: CIRCLED[i],
    label:
      t.ex['8'] + t.ex['10'] > 0
        ? `${BUSINESS_TYPE_LABELS[t.type]}（売上割合 ${share(t.ex['8'] + t.ex['10'])}）`
        : BUSINESS_TYPE_LABELS[t.type],
    values: [t.ex['8'], t.ex['10'], t.ex['8'] + t.ex['10']],
  }));
  const taxRows: CtaxFormRow[] = types.map((t, i) => {
    const [a, b] = RATE_ORDER.map((rate) => nationalTaxOf(t.ex[rate], rate));
    return { no: CIRCLED[6 + i], label: BUSINESS_TYPE_LABELS[t.type], values: [a, b, a + b] };
  });
  const candidates = (deemed?.candidates ?? []).map((c, i) =>
    totalOnly(`(${i + 1})`, `${c.label}${c.chosen ? '（選択）' : ''}`, c.deduction, c.chosen),
  );
  return {
    code: '付表5-3',
    title: '控除対象仕入税額等の計算表（簡易課税用）',
    columns: RATE_COLUMNS,
    sections: [
      { heading: 'Ⅰ 控除対象仕入税額の計算の基礎となる消費税額', rows: deductionBaseRows(by) },
      {
        heading: 'Ⅱ 1種類の事業の専業者の場合の控除対象仕入税額',
        rows: [rated('⑤', '④×みなし仕入率', (x) => (single ? x.deductible_input_tax : 0))(by)],
      },
      {
        heading: 'Ⅲ 2種類以上の事業を営む事業者の場合の控除対象仕入税額',
        rows: [
          rated('⑥', '事業区分別の課税売上高（税抜き）の合計額', (_x, rate) =>
            types.reduce((s, t) => s + t.ex[rate], 0),
          )(by),
          ...salesRows,
          {
            no: '⑬',
            label: '事業区分別の課税売上高に係る消費税額の合計額',
            values: [sum(taxRows, 0), sum(taxRows, 1), sum(taxRows, 2)],
          },
          ...taxRows,
          ...candidates,
        ],
      },
      {
        heading: '控除対象仕入税額',
        rows: [rated('㊲', '選択可能な計算式区分の内から選択した金額', (x) => x.deductible_input_tax, true)(by)],
      },
    ],
    notes: [
      deemed ? `みなし仕入率：${deemed.text}` : '',
      '事業区分別の消費税額は税抜きの課税売上高×7.8%・6.24%（1円未満切捨て）。㊲は付表4-3の④へ。',
    ].filter(Boolean),
  };
}

/** 付表6: the 2割特例 (特別控除税額 = ④ × 80%). */
function twoTenthsSheet(r: ConsumptionTaxResult): CtaxFormSheet {
  const by = r.by_rate;
  return {
    code: '付表6',
    title: '税率別消費税額計算表〔小規模事業者に係る税額控除に関する経過措置を適用する課税期間用〕',
    columns: RATE_COLUMNS,
    sections: [
      { heading: 'Ⅰ 控除対象仕入税額の計算の基礎となる消費税額', rows: deductionBaseRows(by) },
      {
        heading: 'Ⅱ 特別控除税額',
        rows: [rated('⑤', '特別控除税額（④×80%）', (x) => x.deductible_input_tax, true)(by)],
      },
      { heading: 'Ⅲ 貸倒れに係る税額', rows: [rated('⑥', '貸倒れに係る税額', (x) => x.bad_debt_tax)(by)] },
    ],
    notes: ['⑤は付表1-3の④へ、⑥は付表1-3の⑥へ。'],
  };
}

/** The sheets of the return, in the order they are filed, for the method of the answer. */
export function consumptionTaxForms(inputs: ConsumptionTaxDraftInputs, result: ConsumptionTaxResult): CtaxFormSheet[] {
  const base = [firstSheet(inputs, result), secondSheet(inputs, result)];
  if (result.method === 'simplified') return [...base, rateSheet(inputs, result, true), deemedSheet(inputs, result)];
  if (result.method === 'two_tenths') return [...base, rateSheet(inputs, result, false), twoTenthsSheet(result)];
  return [...base, rateSheet(inputs, result, false), purchaseSheet(inputs, result)];
}
