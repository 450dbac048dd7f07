export { compareMethods } from './compare.js';
export { type ConsumptionTaxElection, checkElection, checkMethod, computeConsumptionTax } from './compute.js';
export { simplifiedDeduction } from './deemed.js';
export { ConsumptionTaxRefusal } from './refusal.js';
export {
  mulDiv,
  periodMonths,
  SIMPLIFIED_BASE_LIMIT,
  TRANSITIONAL_WINDOWS,
  TWO_TENTHS_BASE_LIMIT,
} from './rules.js';
