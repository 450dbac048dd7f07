import type { FilterSpec, ListQueryParams } from './types';

/** The query-string keys a filter spec owns. */
export function filterKeys(spec: FilterSpec): readonly string[] {
  switch (spec.type) {
    case 'dateRange':
      return [spec.from, spec.to];
    case 'amountRange':
      return [spec.min, spec.max];
    case 'custom':
      return spec.keys;
    default:
      return [spec.key];
  }
}

export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
export const DIGITS = /^\d+$/;

/** The default check of a spec's values: dates must be ISO dates, amounts and customers digits. */
function defaultValid(spec: FilterSpec): ((value: string) => boolean) | undefined {
  if (spec.type === 'dateRange') return (v) => ISO_DATE.test(v);
  if (spec.type === 'amountRange' || spec.type === 'customer') return (v) => DIGITS.test(v);
  return undefined;
}

/** The URL's filter values with what a spec refuses dropped (null). */
export function validFilters(specs: readonly FilterSpec[], raw: Record<string, string | null>) {
  const out: Record<string, string | null> = {};
  for (const spec of specs) {
    const valid = spec.valid ?? defaultValid(spec);
    for (const key of filterKeys(spec)) {
      const value = raw[key] ?? null;
      out[key] = value !== null && valid && !valid(value) ? null : value;
    }
  }
  return out;
}

/** A filter's value in a data hook's params, as the string the URL had (null when absent). */
export function filterParam(params: ListQueryParams, key: string): string | null {
  const value = params[key];
  return value === null || value === undefined ? null : String(value);
}
