import {
  CONSUMPTION_TAX_METHOD_LABELS,
  CONSUMPTION_TAX_METHODS,
  type ConsumptionTaxComparison,
  type ConsumptionTaxInputs,
} from '../contracts/consumption-tax.js';
import { type ConsumptionTaxElection, computeConsumptionTax } from './compute.js';
import { ConsumptionTaxRefusal } from './refusal.js';

/**
 * 一般課税 / 簡易課税 / 2割特例 side by side on the same figures: each method's ㉖ 合計税額, or the reason the
 * law refuses it; the cheapest allowed one marked. (簡易課税 also needs the 簡易課税制度選択届出書 filed before
 * the period.) With the company's `election`, a method refused only by it (簡易課税 not elected, 一般課税 while
 * elected) keeps what it would cost (`total_payable`, for deciding the next election) but is not allowed.
 */
export function compareMethods(
  input: ConsumptionTaxInputs,
  election?: ConsumptionTaxElection,
): ConsumptionTaxComparison {
  const total = (method: (typeof CONSUMPTION_TAX_METHODS)[number], e?: ConsumptionTaxElection) => {
    try {
      return { total: computeConsumptionTax({ ...input, method }, e).total_payable, reason: null };
    } catch (err) {
      if (!(err instanceof ConsumptionTaxRefusal)) throw err;
      return { total: null, reason: err.message };
    }
  };
  const rows = CONSUMPTION_TAX_METHODS.map((method) => {
    const label = CONSUMPTION_TAX_METHOD_LABELS[method];
    const r = total(method, election);
    if (r.reason === null)
      return { method, label, allowed: true, reason: null, total_payable: r.total, cheapest: false };
    const lawOnly = election ? total(method) : r;
    return { method, label, allowed: false, reason: r.reason, total_payable: lawOnly.total, cheapest: false };
  });
  const allowed = rows.filter((r) => r.allowed && r.total_payable !== null);
  if (allowed.length) {
    const min = Math.min(...allowed.map((r) => r.total_payable as number));
    for (const r of allowed) if (r.total_payable === min) r.cheapest = true;
  }
  return rows;
}
