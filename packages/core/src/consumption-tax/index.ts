export { compareMethods } from './compare.js';
export { checkMethod, computeConsumptionTax } from './compute.js';
export { simplifiedDeduction } from './deemed.js';
export { ConsumptionTaxRefusal } from './refusal.js';
export { mulDiv, periodMonths, TRANSITIONAL_WINDOWS } from './rules.js';
