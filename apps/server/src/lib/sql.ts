import { type AnyColumn, and, type SQL, sql } from 'drizzle-orm';

/** Escapes LIKE/ILIKE wildcards in user text (the value is still sent as a bound parameter). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * What one keyword word may match: a column or SQL expression (`ilike '%word%'`), or a function building
 * its own condition from the word and its escaped `%word%` pattern (undefined = no condition for this word).
 */
export type KeywordMatch = AnyColumn | SQL | ((word: string, like: string) => SQL | undefined);

/**
 * Keyword search: the text is split on ASCII/ideographic whitespace (at most 5 words) and every word must
 * match at least one of `columns`. No words → undefined (no filter).
 */
export function keywordFilter(keyword: string, columns: KeywordMatch[]): SQL | undefined {
  const words = keyword
    .split(/[\s\u3000]+/)
    .filter(Boolean)
    .slice(0, 5);
  if (words.length === 0) return undefined;
  return and(
    ...words.map((word) => {
      const like = `%${escapeLike(word)}%`;
      const conditions = columns
        .map((c) => (typeof c === 'function' ? c(word, like) : sql`${c} ilike ${like}`))
        .filter((c): c is SQL => c !== undefined);
      return sql`(${sql.join(conditions, sql` or `)})`;
    }),
  );
}

/** A PostgreSQL array literal of text/number values (NULL for null), passed as ONE parameter. */
export function arrayLiteral(values: readonly (string | number | null)[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (i) out += ',';
    if (v === null) out += 'NULL';
    else if (typeof v === 'number') out += String(v);
    else out += `"${v.includes('"') || v.includes('\\') ? v.replace(/["\\]/g, (c) => `\\${c}`) : v}"`;
  }
  return `${out}}`;
}
