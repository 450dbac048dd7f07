import {
  CONSUMPTION_TAX_METHOD_LABELS,
  CONSUMPTION_TAX_METHODS,
  type ConsumptionTaxComparison,
  type ConsumptionTaxInputs,
} from '../contracts/consumption-tax.js';
import { computeConsumptionTax } from './compute.js';
import { ConsumptionTaxRefusal } from './refusal.js';

/**
 * 一般課税 / 簡易課税 / 2割特例 side by side on the same figures: each method's ㉖ 合計税額, or the reason the
 * law refuses it; the cheapest allowed one marked. (簡易課税 also needs the 簡易課税制度選択届出書 filed before
 * the period; the comparison says what each would cost.)
 */
export function compareMethods(input: ConsumptionTaxInputs): ConsumptionTaxComparison {
  const rows = CONSUMPTION_TAX_METHODS.map((method) => {
    const label = CONSUMPTION_TAX_METHOD_LABELS[method];
    try {
      const r = computeConsumptionTax({ ...input, method });
      return { method, label, allowed: true, reason: null, total_payable: r.total_payable, cheapest: false };
    } catch (e) {
      if (!(e instanceof ConsumptionTaxRefusal)) throw e;
      return { method, label, allowed: false, reason: e.message, total_payable: null, cheapest: false };
    }
  });
  const allowed = rows.filter((r) => r.total_payable !== null);
  if (allowed.length) {
    const min = Math.min(...allowed.map((r) => r.total_payable as number));
    for (const r of allowed) if (r.total_payable === min) r.cheapest = true;
  }
  return rows;
}
