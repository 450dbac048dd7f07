/**
 * 法人税 確定申告書 別表一 (docs/product/FACTS.md §3): lines 1–44 computed to the yen by ONE pure function,
 * the form's digit boxes, 和暦 (FACTS §8), and the 法人住民税 / 事業税 estimates for the 未払法人税等 entry.
 * The web form, the server (POST /api/company/tax-returns/compute, fill, PDF) and any other tool use this code.
 */

export { cut100, cut1000 } from './tax-return/amounts.js';
export * from './tax-return/compute.js';
export * from './tax-return/form.js';
export * from './tax-return/lines.js';
export * from './tax-return/local-taxes.js';
