import crypto from 'node:crypto';
import { nfkc, type ParsedRow } from './formats/index.js';

/** Fingerprints of statement rows (duplicates across overlapping files) and the NFKC forms of their descriptions. */

/** The description as compared for duplicates: NFKC (ﾌﾘｺﾐ = フリコミ), no spaces, upper case. */
export const descriptionKey = (s: string) => nfkc(s).replace(/\s+/g, '').toUpperCase();

/** One-shot SHA-256 (crypto.hash, Node ≥ 20.12) with the Hash object as the fallback; same digest either way. */
const oneShot = (crypto as unknown as { hash?: (alg: string, data: string, enc: string) => string }).hash;
const sha256url = oneShot
  ? (s: string) => oneShot('sha256', s, 'base64url')
  : (s: string) => crypto.createHash('sha256').update(s).digest('base64url');

/** What storing needs per distinct description, computed once per file (statements repeat descriptions). */
export interface DescriptionForms {
  /** Compared for duplicates (descriptionKey). */
  key: string;
  /** Stored in description_search (normalizeText): half-width kana searchable in both widths. */
  search: string;
  /** `search` upper-cased, as rules compare it. */
  upper: string;
}

export function descriptionForms(cache: Map<string, DescriptionForms>, description: string): DescriptionForms {
  let f = cache.get(description);
  if (!f) {
    const n = nfkc(description);
    const search = n.replace(/\s+/g, ' ').trim().slice(0, 255);
    f = { key: n.replace(/\s+/g, '').toUpperCase(), search, upper: search.toUpperCase() };
    cache.set(description, f);
  }
  return f;
}

/**
 * Stable fingerprints: date + direction + amount + normalised description + the occurrence of that same
 * combination within the file (0, 1, …). Two identical transfers on one day get #0 and #1 and are both
 * kept; the same day re-imported in an overlapping file yields the same #0 and #1 and is skipped.
 */
export function fingerprints(rows: readonly ParsedRow[], cache = new Map<string, DescriptionForms>()): string[] {
  const seen = new Map<string, number>();
  return rows.map((r) => {
    const key = `${r.date}|${r.direction}|${r.amount}|${descriptionForms(cache, r.description).key}`;
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    return sha256url(`${key}|${n}`).slice(0, 32);
  });
}
