import {
  BUSINESS_TYPE_LABELS,
  type BusinessType,
  type ConsumptionTaxInputs,
  type ConsumptionTaxRate,
  DEEMED_PURCHASE_RATES,
  type DeemedRate,
  type DeemedRateRule,
  type PerRate,
} from '../contracts/consumption-tax.js';
import { ConsumptionTaxRefusal } from './refusal.js';
import { mulDiv, NATIONAL_IN_GROSS, perRate, RATE_PERCENT, RATES, sumRates } from './rules.js';

interface TypeFigures {
  type: BusinessType;
  rate: number;
  /** 事業区分ごとの消費税額 per rate (the weights). */
  tax: PerRate<number>;
  /** 課税売上高 (tax-exclusive) of the type, both rates (the 75% test). */
  sales: number;
}

interface Candidate {
  rule: DeemedRateRule;
  label: string;
  deductible: PerRate<number>;
}

const name = (t: BusinessType) => BUSINESS_TYPE_LABELS[t];

/** The 事業区分 of the sales: `business_types`, or every sale of the main type. Checked against the sales. */
function typesOf(input: ConsumptionTaxInputs): TypeFigures[] {
  let rows = input.business_types.filter((b) => b.sales['10'] > 0 || b.sales['8'] > 0);
  if (input.business_types.length === 0) {
    if (!input.main_business_type)
      throw new ConsumptionTaxRefusal('main_business_type', '簡易課税では事業区分（第1種〜第6種）を指定してください');
    rows = [{ type: input.main_business_type, sales: { '10': input.sales['10'].gross, '8': input.sales['8'].gross } }];
  } else {
    const seen = new Set<number>();
    for (const b of input.business_types) {
      if (seen.has(b.type))
        throw new ConsumptionTaxRefusal('business_types', `${name(b.type as BusinessType)}が重複しています`);
      seen.add(b.type);
    }
    for (const r of RATES) {
      const sum = input.business_types.reduce((s, b) => s + b.sales[r], 0);
      if (sum !== input.sales[r].gross)
        throw new ConsumptionTaxRefusal(
          'business_types',
          `事業区分ごとの課税売上（${r}%）の合計 ${sum.toLocaleString('en-US')}円が課税売上 ${input.sales[r].gross.toLocaleString('en-US')}円と一致しません`,
        );
    }
  }
  return rows.map((b) => ({
    type: b.type as BusinessType,
    rate: DEEMED_PURCHASE_RATES[b.type as BusinessType],
    tax: perRate((r) => mulDiv(b.sales[r], ...NATIONAL_IN_GROSS[r])),
    sales: RATES.reduce((s, r) => s + mulDiv(b.sales[r], 100, 100 + RATE_PERCENT[r]), 0),
  }));
}

/** base × Σ(weight_i × rate_i) / (Σ weight_i × 100), per rate; `rateOf` gives each type's rate under the rule. */
function weighted(base: PerRate<number>, types: TypeFigures[], rateOf: (t: TypeFigures) => number): PerRate<number> {
  return perRate((r: ConsumptionTaxRate) => {
    const total = types.reduce((s, t) => s + t.tax[r], 0);
    if (total === 0) {
      // no sales of this rate by type (only returns or recoveries): the lowest rate of the types
      return mulDiv(base[r], Math.min(...types.map(rateOf)), 100);
    }
    const num = types.reduce((s, t) => s + t.tax[r] * rateOf(t), 0);
    return mulDiv(base[r], num, total * 100);
  });
}

/**
 * 簡易課税の控除対象仕入税額: (② + ③ − ⑤) × みなし仕入率. One 事業区分: its rate. Several: the rate weighted by
 * each type's tax, and the 75% special rules where they apply (one type ≥ 75% of 課税売上高 → its rate on all;
 * two types together ≥ 75% → the higher rate for the higher type, the lower for the rest). Every allowed method
 * is computed and the most favourable taken (消費税法施行令57条3項).
 */
export function simplifiedDeduction(
  input: ConsumptionTaxInputs,
  base: PerRate<number>,
): { deductible: PerRate<number>; deemed: DeemedRate } {
  const types = typesOf(input);
  const pct = (d: PerRate<number>) => {
    const b = sumRates(base);
    return b === 0 ? 0 : Math.floor((sumRates(d) * 10000) / b) / 100;
  };
  if (types.length <= 1) {
    const type = (types[0]?.type ?? input.main_business_type ?? 1) as BusinessType;
    const t = { type, rate: DEEMED_PURCHASE_RATES[type] };
    const deductible = perRate((r) => mulDiv(base[r], t.rate, 100));
    return {
      deductible,
      deemed: {
        rule: 'single',
        percent: t.rate,
        text: `${name(t.type)}のみなし仕入率 ${t.rate}% を適用しました。`,
        candidates: [
          { rule: 'single', label: `${name(t.type)} ${t.rate}%`, deduction: sumRates(deductible), chosen: true },
        ],
      },
    };
  }
  const totalSales = types.reduce((s, t) => s + t.sales, 0);
  const candidates: Candidate[] = [
    {
      rule: 'weighted',
      label: `原則計算（${types.map((t) => `第${t.type}種`).join('・')}の消費税額による加重平均）`,
      deductible: weighted(base, types, (t) => t.rate),
    },
  ];
  for (const t of types) {
    if (t.sales * 100 >= totalSales * 75)
      candidates.push({
        rule: 'special_75_single',
        label: `特例（${name(t.type)}が課税売上高の75%以上 → 全体に${t.rate}%）`,
        deductible: weighted(base, types, () => t.rate),
      });
  }
  for (const hi of types)
    for (const lo of types) {
      if (hi.rate <= lo.rate || (hi.sales + lo.sales) * 100 < totalSales * 75) continue;
      candidates.push({
        rule: 'special_75_pair',
        label: `特例（第${hi.type}種と第${lo.type}種で75%以上 → 第${hi.type}種に${hi.rate}%、その他に${lo.rate}%）`,
        deductible: weighted(base, types, (t) => (t.type === hi.type ? hi.rate : lo.rate)),
      });
    }
  let best = candidates[0];
  for (const c of candidates) if (sumRates(c.deductible) > sumRates(best.deductible)) best = c;
  const applicable75 = candidates.length > 1;
  return {
    deductible: best.deductible,
    deemed: {
      rule: best.rule,
      percent: pct(best.deductible),
      text: `事業区分が複数あるため、${applicable75 ? '原則計算と75%特例のうち' : '原則計算（75%特例の要件を満たす事業区分はありません）で'}${applicable75 ? `最も有利な「${best.label}」を適用しました（控除額 ${sumRates(best.deductible).toLocaleString('en-US')}円）。` : `「${best.label}」により計算しました。`}`,
      candidates: candidates.map((c) => ({
        rule: c.rule,
        label: c.label,
        deduction: sumRates(c.deductible),
        chosen: c === best,
      })),
    },
  };
}
