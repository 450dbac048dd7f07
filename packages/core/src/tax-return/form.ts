/** What the printed form needs besides the amounts: digit boxes and 和暦 (FACTS §8). */

// ───────────────────────── digit boxes ─────────────────────────

/**
 * Splits an amount into `boxes` digit boxes, right-aligned ('' for an empty box). A negative amount
 * (欠損金額) is written with △ in the box left of its digits. 0 gives one '0' in the last box;
 * `null` gives all boxes empty. More digits than boxes → RangeError.
 */
export function digitBoxes(value: number | null | undefined, boxes = 11): string[] {
  const out: string[] = Array.from({ length: boxes }, () => '');
  if (value === null || value === undefined || !Number.isFinite(value)) return out;
  const v = Math.trunc(value);
  const chars = [...(v < 0 ? `△${String(-v)}` : String(v))];
  if (chars.length > boxes) throw new RangeError(`${value} does not fit in ${boxes} boxes`);
  for (let i = 0; i < chars.length; i++) out[boxes - chars.length + i] = chars[i];
  return out;
}

/** A digit string (法人番号, 13 digits) into boxes, left-aligned; anything but digits is dropped. */
export function digitStringBoxes(text: string | null | undefined, boxes = 13): string[] {
  const digits = [...(text ?? '').replace(/\D/g, '')].slice(0, boxes);
  return Array.from({ length: boxes }, (_, i) => digits[i] ?? '');
}

// ───────────────────────── 和暦 ─────────────────────────

export interface Wareki {
  era: string;
  year: number;
  /** 元 for the first year of an era, otherwise the number. */
  year_text: string;
  month: number;
  day: number;
  /** 令和元年5月1日 */
  text: string;
}

const warekiFormat = new Intl.DateTimeFormat('ja-JP-u-ca-japanese', {
  era: 'long',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  timeZone: 'UTC',
});

/** An ISO date (YYYY-MM-DD) in 和暦 (FACTS §8: 令和 from 2019-05-01, 平成 1989-01-08 to 2019-04-30). */
export function toWareki(date: string): Wareki {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new RangeError(`not an ISO date: ${date}`);
  const parts = warekiFormat.formatToParts(new Date(`${date}T00:00:00Z`));
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  const era = get('era');
  const year = Number(get('year'));
  const month = Number(get('month'));
  const day = Number(get('day'));
  const year_text = year === 1 ? '元' : String(year);
  return { era, year, year_text, month, day, text: `${era}${year_text}年${month}月${day}日` };
}
