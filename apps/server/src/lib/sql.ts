/** Escapes LIKE/ILIKE wildcards in user text (the value is still sent as a bound parameter). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
