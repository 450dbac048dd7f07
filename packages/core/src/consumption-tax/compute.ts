import {
  APPORTIONMENT_LABELS,
  CALC_LABELS,
  type ConsumptionTaxExplanation,
  type ConsumptionTaxInputs,
  type ConsumptionTaxLink,
  type ConsumptionTaxRate,
  type ConsumptionTaxRateFigures,
  type ConsumptionTaxResult,
  type DeemedRate,
  type GrossAndTax,
  type PerRate,
} from '../contracts/consumption-tax.js';
import { simplifiedDeduction } from './deemed.js';
import { ConsumptionTaxRefusal } from './refusal.js';
import {
  cutTo,
  FULL_DEDUCTION_RATIO,
  FULL_DEDUCTION_SALES_LIMIT,
  mulDiv,
  NATIONAL_IN_GROSS,
  NATIONAL_ON_BASE,
  overlaps,
  periodMonths,
  perRate,
  RATE_LABEL,
  RATE_PERCENT,
  RATES,
  RULES_FROM,
  SIMPLIFIED_BASE_LIMIT,
  sumRates,
  TRANSITIONAL_WINDOWS,
  TWO_TENTHS_BASE_LIMIT,
  TWO_TENTHS_WINDOW,
  yenText,
} from './rules.js';

const refuse = (path: string, message: string): never => {
  throw new ConsumptionTaxRefusal(path, message);
};

/** 国税 in a tax-inclusive amount of rate r (yen below 1 dropped). */
const taxInGross = (gross: number, r: ConsumptionTaxRate) => mulDiv(gross, ...NATIONAL_IN_GROSS[r]);
/** Tax-exclusive amount of a tax-inclusive one (yen below 1 dropped). */
const exclusive = (gross: number, r: ConsumptionTaxRate) => mulDiv(gross, 100, 100 + RATE_PERCENT[r]);

const pct = (num: number, den: number) => (den === 0 ? '0.00' : (Math.floor((num * 10000) / den) / 100).toFixed(2));

/** The refusals that do not depend on the figures: the method's conditions and the calc combination. */
export function checkMethod(input: ConsumptionTaxInputs): void {
  if (input.period_start < RULES_FROM)
    refuse('period_start', '2023年10月1日より前に始まる課税期間の申告には対応していません');
  if (periodMonths(input.period_start, input.period_end) > 12) refuse('period_end', '課税期間は1年以内にしてください');
  if (input.method === 'general' && input.sales_calc === 'tsumiage' && input.purchase_calc === 'warimodoshi')
    refuse(
      'purchase_calc',
      '売上税額を積上げ計算する場合、仕入税額も積上げ計算にしなければなりません（割戻し計算との組み合わせはできません）',
    );
  if (input.method === 'simplified' && input.base_period_taxable_sales > SIMPLIFIED_BASE_LIMIT)
    refuse(
      'method',
      `基準期間の課税売上高（${yenText(input.base_period_taxable_sales)}）が5,000万円を超えるため、簡易課税は適用できません`,
    );
  if (input.method === 'two_tenths') {
    if (input.base_period_taxable_sales > TWO_TENTHS_BASE_LIMIT)
      refuse(
        'method',
        `基準期間の課税売上高（${yenText(input.base_period_taxable_sales)}）が1,000万円を超えるため、2割特例は適用できません（インボイス登録がなくても課税事業者となる事業者は対象外です）`,
      );
    if (!overlaps(input.period_start, input.period_end, TWO_TENTHS_WINDOW))
      refuse('method', '2割特例は2023年10月1日から2026年9月30日までの日を含む課税期間にだけ適用できます');
  }
  for (const share of ['80', '50'] as const) {
    const amount = sumRates(input.transitional_purchases[share]);
    if (amount > 0 && !overlaps(input.period_start, input.period_end, TRANSITIONAL_WINDOWS[share])) {
      const w = TRANSITIONAL_WINDOWS[share];
      refuse(
        `transitional_purchases.${share}`,
        `経過措置${share}%は${w.from}から${w.to}までの仕入れに適用されます。この課税期間には該当する日がありません`,
      );
    }
  }
}

/**
 * What the company's settings say about the 簡易課税 election (簡易課税制度選択届出書, 消費税法37条1項): without
 * it 簡易課税 cannot be used; with it, a 課税期間 whose 基準期間の課税売上高 is 5,000万円 or less must use
 * 簡易課税 (or the 2割特例, 平成28年改正法附則51条の2), not 一般課税.
 */
export interface ConsumptionTaxElection {
  simplified_elected: boolean;
}

/** The refusal the election makes (none without an election context: the pure compute call). */
export function checkElection(input: ConsumptionTaxInputs, election: ConsumptionTaxElection | undefined): void {
  if (!election) return;
  if (input.method === 'simplified' && !election.simplified_elected)
    refuse(
      'method',
      '簡易課税制度選択届出書を提出していないため（消費税の設定が一般課税）、簡易課税は適用できません（消費税法37条1項）',
    );
  if (
    input.method === 'general' &&
    election.simplified_elected &&
    input.base_period_taxable_sales <= SIMPLIFIED_BASE_LIMIT
  )
    refuse(
      'method',
      `簡易課税制度選択届出書を提出しているため（消費税の設定が簡易課税）、基準期間の課税売上高が5,000万円以下（${yenText(input.base_period_taxable_sales)}）のこの課税期間は一般課税にできません（簡易課税か2割特例）`,
    );
}

const journalLink = (input: ConsumptionTaxInputs, label: string, tax_category: string): ConsumptionTaxLink => ({
  label,
  tax_category,
  query: { tax_category, from: input.period_start, to: input.period_end },
});

interface SalesSide {
  by: PerRate<
    Pick<
      ConsumptionTaxRateFigures,
      'sales_gross' | 'taxable_base' | 'output_tax' | 'returns_tax' | 'bad_debt_tax' | 'recovered_tax'
    >
  >;
  taxableSales: number;
}

function salesSide(input: ConsumptionTaxInputs): SalesSide {
  const by = perRate((r) => {
    const s = input.sales[r];
    const taxable_base = cutTo(exclusive(s.gross, r), 1000);
    const output_tax =
      input.sales_calc === 'tsumiage' ? mulDiv(s.invoice_tax, 78, 100) : mulDiv(taxable_base, ...NATIONAL_ON_BASE[r]);
    return {
      sales_gross: s.gross,
      taxable_base,
      output_tax,
      returns_tax: taxInGross(input.sales_returns[r], r),
      bad_debt_tax: taxInGross(input.bad_debts[r], r),
      recovered_tax: taxInGross(input.bad_debts_recovered[r], r),
    };
  });
  const taxableSales =
    RATES.reduce((sum, r) => sum + exclusive(input.sales[r].gross, r) - exclusive(input.sales_returns[r], r), 0) +
    input.export_sales;
  return { by, taxableSales };
}

/** 課税仕入れに係る消費税額 of one rate: registered (積上げ / 割戻し) and the 経過措置 shares. */
function purchaseTaxOf(input: ConsumptionTaxInputs, p: GrossAndTax, r: ConsumptionTaxRate) {
  return input.purchase_calc === 'tsumiage' ? mulDiv(p.invoice_tax, 78, 100) : taxInGross(p.gross, r);
}
function transitionalTaxOf(input: ConsumptionTaxInputs, r: ConsumptionTaxRate) {
  return (
    mulDiv(taxInGross(input.transitional_purchases['80'][r], r), 80, 100) +
    mulDiv(taxInGross(input.transitional_purchases['50'][r], r), 50, 100)
  );
}

interface GeneralSide {
  purchase: PerRate<number>;
  deductible: PerRate<number>;
  /** 仕入返還 exceeding the purchase tax: line ③. */
  excess: PerRate<number>;
  apportionment: ConsumptionTaxResult['apportionment'];
  text: string;
}

function generalSide(input: ConsumptionTaxInputs, taxableSales: number, ratio: [number, number]): GeneralSide {
  const returnsTax = perRate((r) => taxInGross(input.purchase_returns[r], r));
  const raw = perRate((r) => purchaseTaxOf(input, input.purchases[r], r) + transitionalTaxOf(input, r) - returnsTax[r]);
  const purchase = perRate((r) => Math.max(0, raw[r]));
  const excess = perRate((r) => Math.max(0, -raw[r]));
  const [num, den] = ratio;
  const months = periodMonths(input.period_start, input.period_end);
  const annual = mulDiv(taxableSales, 12, months);
  const fullRatio = den === 0 || num * 100 >= den * FULL_DEDUCTION_RATIO * 100;
  const calc = `仕入税額は${CALC_LABELS[input.purchase_calc]}（${input.purchase_calc === 'tsumiage' ? '受け取った適格請求書の消費税額等 × 78/100' : '税込の課税仕入れ × 7.8/110（8%は 6.24/108）'}）`;
  const transitional = sumRates(input.transitional_purchases['80']) + sumRates(input.transitional_purchases['50']);
  const transText = transitional > 0 ? '、適格請求書発行事業者以外からの仕入れは経過措置（80%・50%）の割合' : '';
  if (fullRatio && annual <= FULL_DEDUCTION_SALES_LIMIT) {
    return {
      purchase,
      deductible: purchase,
      excess,
      apportionment: null,
      text: `${calc}${transText}で計算し、課税売上割合が${den === 0 ? '（売上なし）' : `${pct(num, den)}%`}で95%以上、課税売上高が5億円以下のため全額控除します。`,
    };
  }
  const why =
    annual > FULL_DEDUCTION_SALES_LIMIT
      ? `課税売上高（年換算 ${yenText(annual)}）が5億円を超える`
      : `課税売上割合（${pct(num, den)}%）が95%未満の`;
  if (sumRates(purchase) === 0)
    return {
      purchase,
      deductible: purchase,
      excess,
      apportionment: null,
      text: `${calc}で計算しました（控除する仕入税額はありません）。`,
    };
  if (!input.apportionment) refuse('apportionment', `${why}ため、個別対応方式か一括比例配分方式を選択してください`);
  const method = input.apportionment as 'individual' | 'proportional';
  if (method === 'proportional') {
    return {
      purchase,
      deductible: perRate((r) => mulDiv(purchase[r], num, den)),
      excess,
      apportionment: method,
      text: `${calc}${transText}で計算し、${why}ため一括比例配分方式で課税売上割合 ${pct(num, den)}% を掛けて控除します。`,
    };
  }
  const split =
    input.purchase_split ??
    refuse('purchase_split', '個別対応方式では課税売上対応・共通対応の課税仕入れを区分してください');
  const deductible = perRate((r) => {
    const taxable = purchaseTaxOf(input, split.taxable[r], r);
    const common = purchaseTaxOf(input, split.common[r], r) + transitionalTaxOf(input, r);
    if (split.taxable[r].gross + split.common[r].gross > input.purchases[r].gross)
      refuse(`purchase_split.common.${r}`, `課税売上対応と共通対応の合計（${r}%）が課税仕入れを超えています`);
    return Math.max(0, taxable + mulDiv(common, num, den) - taxInGross(input.purchase_returns[r], r));
  });
  return {
    purchase,
    deductible,
    excess,
    apportionment: method,
    text: `${calc}で計算し、${why}ため個別対応方式で、課税売上対応分は全額、共通対応分（経過措置の仕入れを含む）は課税売上割合 ${pct(num, den)}% を掛けて控除します（非課税売上対応分は控除しません）。`,
  };
}

/**
 * The consumption-tax return of one 課税期間 (第一表 and the 付表 figures), from the compute body. Throws
 * ConsumptionTaxRefusal for a method or combination the law does not allow, with the reason; `election` (the
 * company's settings) adds the 簡易課税 election's refusals.
 */
export function computeConsumptionTax(
  input: ConsumptionTaxInputs,
  election?: ConsumptionTaxElection,
): ConsumptionTaxResult {
  checkMethod(input);
  checkElection(input, election);
  const sales = salesSide(input);
  const ratio: [number, number] = [
    Math.max(0, sales.taxableSales),
    Math.max(0, sales.taxableSales) + input.exempt_sales,
  ];
  const out = sales.by;
  const output_tax = sumRates(perRate((r) => out[r].output_tax));
  const returns_tax = sumRates(perRate((r) => out[r].returns_tax));
  const bad_debt_tax = sumRates(perRate((r) => out[r].bad_debt_tax));
  let adjustment = perRate((r) => out[r].recovered_tax);
  let purchase: PerRate<number> = { '10': 0, '8': 0 };
  let deductible: PerRate<number>;
  let apportionment: ConsumptionTaxResult['apportionment'] = null;
  let deemed: DeemedRate | undefined;
  let deductionText: string;
  const deemedBase = perRate((r) => Math.max(0, out[r].output_tax + out[r].recovered_tax - out[r].returns_tax));
  if (input.method === 'general') {
    const g = generalSide(input, sales.taxableSales, ratio);
    purchase = g.purchase;
    deductible = g.deductible;
    adjustment = perRate((r) => adjustment[r] + g.excess[r]);
    apportionment = g.apportionment;
    deductionText = g.text;
  } else if (input.method === 'two_tenths') {
    deductible = perRate((r) => mulDiv(deemedBase[r], 80, 100));
    deductionText = `2割特例（基準期間の課税売上高が1,000万円以下で、インボイス登録により課税事業者となった期間）: （② 消費税額 + ③ 貸倒回収に係る税額 − ⑤ 返還等対価に係る税額）${yenText(sumRates(deemedBase))} × 80%。`;
  } else {
    const s = simplifiedDeduction(input, deemedBase);
    deductible = s.deductible;
    deemed = s.deemed;
    deductionText = `簡易課税: （② + ③ − ⑤）${yenText(sumRates(deemedBase))} × みなし仕入率。${s.deemed.text}`;
  }
  const adjustment_tax = sumRates(adjustment);
  const deductible_input_tax = sumRates(deductible);
  const taxable_base = sumRates(perRate((r) => out[r].taxable_base));

  // 第一表: ⑦ = ④ + ⑤ + ⑥; ⑧ 控除不足還付税額 or ⑨ 差引税額 (100-yen cut); ⑩ 中間納付 → ⑪ / ⑫
  const l7 = deductible_input_tax + returns_tax + bad_debt_tax;
  const diff = output_tax + adjustment_tax - l7;
  const l8 = diff < 0 ? -diff : 0;
  const l9 = diff > 0 ? cutTo(diff, 100) : 0;
  const l10 = input.interim_national;
  const l11 = Math.max(0, l9 - l10);
  const l12 = Math.max(0, l10 - l9);
  // 地方消費税: ⑰ = ⑧, ⑱ = ⑨; ⑲ 還付額 = ⑰ × 22/78; ⑳ 納税額 = ⑱ × 22/78 (100-yen cut); ㉑ 中間 → ㉒ / ㉓
  const l19 = mulDiv(l8, 22, 78);
  const l20 = cutTo(mulDiv(l9, 22, 78), 100);
  const l21 = input.interim_local;
  const l22 = Math.max(0, l20 - l21);
  const l23 = Math.max(0, l21 - l20);
  const total = l11 + l22 - (l8 + l12 + l19 + l23);

  const by_rate = perRate<ConsumptionTaxRateFigures>((r) => ({
    ...out[r],
    purchase_tax: purchase[r],
    deductible_input_tax: deductible[r],
  }));
  const lines: Record<string, number> = {
    '①': taxable_base,
    '②': output_tax,
    '③': adjustment_tax,
    '④': deductible_input_tax,
    '⑤': returns_tax,
    '⑥': bad_debt_tax,
    '⑦': l7,
    '⑧': l8,
    '⑨': l9,
    '⑩': l10,
    '⑪': l11,
    '⑫': l12,
    '⑮': sales.taxableSales,
    '⑯': ratio[1],
    '⑰': l8,
    '⑱': l9,
    '⑲': l19,
    '⑳': l20,
    '㉑': l21,
    '㉒': l22,
    '㉓': l23,
    '㉖': total,
  };
  const rateText = (f: (r: ConsumptionTaxRate) => string) =>
    RATES.filter((r) => input.sales[r].gross || input.sales[r].invoice_tax || r === '10')
      .map(f)
      .join('、');
  const link = (label: string, cat: string) => journalLink(input, label, cat);
  const salesLinks = [link('課税売上 10%', 'sales_10'), link('課税売上 8%（軽減）', 'sales_8')];
  const explanation: ConsumptionTaxExplanation[] = [
    {
      line: '①',
      key: 'taxable_base',
      label: '課税標準額',
      amount: taxable_base,
      text: `税率ごとの課税売上（税込）を税抜にし（10%は ×100/110、8%は ×100/108、1円未満切捨て）、1,000円未満を切り捨てた額の合計: ${rateText((r) => `${RATE_LABEL[r]} ${yenText(out[r].sales_gross)} → ${yenText(out[r].taxable_base)}`)}。`,
      links: salesLinks,
    },
    {
      line: '②',
      key: 'output_tax',
      label: '消費税額',
      amount: output_tax,
      text:
        input.sales_calc === 'tsumiage'
          ? `積上げ計算: 交付した適格請求書の消費税額等 × 78/100 — ${rateText((r) => `${RATE_LABEL[r]} ${yenText(input.sales[r].invoice_tax)} → ${yenText(out[r].output_tax)}`)}。`
          : `割戻し計算: 課税標準額 × 7.8%（8%は 6.24%） — ${rateText((r) => `${RATE_LABEL[r]} ${yenText(out[r].output_tax)}`)}。`,
      links: salesLinks,
    },
    {
      line: '③',
      key: 'adjustment_tax',
      label: '控除過大調整税額',
      amount: adjustment_tax,
      text:
        adjustment_tax === 0
          ? '貸倒回収・仕入の返還等の超過はありません。'
          : '貸倒れとして処理した売掛金の回収額（税込）× 7.8/110（8%は 6.24/108）と、仕入の返還等が仕入税額を超えた分です。',
    },
    {
      line: '④',
      key: 'deductible_input_tax',
      label: '控除対象仕入税額',
      amount: deductible_input_tax,
      text: deductionText,
      links:
        input.method === 'general'
          ? [link('課税仕入 10%', 'purchase_10'), link('課税仕入 8%（軽減）', 'purchase_8')]
          : salesLinks,
    },
    {
      line: '⑤',
      key: 'returns_tax',
      label: '返還等対価に係る税額',
      amount: returns_tax,
      text: `売上の返品・値引き等（税込）× 7.8/110（8%は 6.24/108）: 10% ${yenText(input.sales_returns['10'])}、8% ${yenText(input.sales_returns['8'])}。`,
    },
    {
      line: '⑥',
      key: 'bad_debt_tax',
      label: '貸倒れに係る税額',
      amount: bad_debt_tax,
      text: `貸倒れとなった課税売上（税込）× 7.8/110（8%は 6.24/108）: 10% ${yenText(input.bad_debts['10'])}、8% ${yenText(input.bad_debts['8'])}。`,
      links: [link('課税売上の貸倒れ 10%', 'bad_debt_10'), link('課税売上の貸倒れ 8%（軽減）', 'bad_debt_8')],
    },
    {
      line: '⑦',
      key: 'deduction_total',
      label: '控除税額小計',
      amount: l7,
      text: '④ + ⑤ + ⑥。',
    },
    diff < 0
      ? {
          line: '⑧',
          key: 'refund_shortfall',
          label: '控除不足還付税額',
          amount: l8,
          text: `⑦ ${yenText(l7)} が ② + ③ ${yenText(output_tax + adjustment_tax)} を超えるため、その差額が還付されます。`,
        }
      : {
          line: '⑨',
          key: 'net_tax',
          label: '差引税額',
          amount: l9,
          text: `② + ③ − ⑦ = ${yenText(diff)} の100円未満を切り捨てた額です。`,
        },
    {
      line: '⑩',
      key: 'interim_national',
      label: '中間納付税額',
      amount: l10,
      text: l10 ? '中間申告で納めた消費税額です。' : '中間納付はありません。',
    },
    l12 > 0
      ? {
          line: '⑫',
          key: 'refund_interim',
          label: '中間納付還付税額',
          amount: l12,
          text: '中間納付税額が差引税額を超えるため、その差額が還付されます。',
        }
      : { line: '⑪', key: 'payable_national', label: '納付税額', amount: l11, text: '⑨ − ⑩。' },
    l19 > 0
      ? {
          line: '⑲',
          key: 'local_refund',
          label: '地方消費税 還付額',
          amount: l19,
          text: `控除不足還付税額 ⑰（= ⑧）${yenText(l8)} × 22/78（1円未満切捨て）。`,
        }
      : {
          line: '⑳',
          key: 'local_tax',
          label: '譲渡割額 納税額',
          amount: l20,
          text: `差引税額 ⑱（= ⑨）${yenText(l9)} × 22/78 の100円未満を切り捨てた額です。`,
        },
    {
      line: '㉑',
      key: 'interim_local',
      label: '中間納付譲渡割額',
      amount: l21,
      text: l21 ? '中間申告で納めた地方消費税額です。' : '中間納付はありません。',
    },
    l23 > 0
      ? {
          line: '㉓',
          key: 'refund_local',
          label: '中間納付還付譲渡割額',
          amount: l23,
          text: '中間納付譲渡割額が譲渡割額を超えるため、その差額が還付されます。',
        }
      : { line: '㉒', key: 'payable_local', label: '納付譲渡割額', amount: l22, text: '⑳ − ㉑。' },
    {
      line: '㉖',
      key: 'total_payable',
      label: '消費税及び地方消費税の合計税額',
      amount: total,
      text:
        total >= 0
          ? `（⑪ + ㉒）−（⑧ + ⑫ + ⑲ + ㉓）= 納付する額 ${yenText(total)}。`
          : `（⑪ + ㉒）−（⑧ + ⑫ + ⑲ + ㉓）= 還付される額 ${yenText(-total)}。`,
    },
  ];
  if (apportionment)
    explanation.push({
      line: '',
      key: 'apportionment',
      label: APPORTIONMENT_LABELS[apportionment],
      amount: deductible_input_tax,
      text: `課税売上割合 = 課税売上高 ${yenText(ratio[0])} ÷ 総売上高 ${yenText(ratio[1])} = ${pct(ratio[0], ratio[1])}%。`,
    });
  return {
    method: input.method,
    taxable_base,
    output_tax,
    adjustment_tax,
    deductible_input_tax,
    returns_tax,
    bad_debt_tax,
    net_tax: l9 - l8,
    interim_national: l10,
    payable_national: l11,
    refund_national: l8 + l12,
    local_tax: l20 - l19,
    interim_local: l21,
    payable_local: l22,
    refund_local: l19 + l23,
    total_payable: total,
    taxable_sales_ratio: ratio[1] === 0 ? 1 : ratio[0] / ratio[1],
    taxable_sales: sales.taxableSales,
    apportionment,
    by_rate,
    ...(deemed ? { deemed_rate: deemed } : {}),
    lines,
    explanation,
  };
}
