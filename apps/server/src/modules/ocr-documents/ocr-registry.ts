import {
  isValidRegistrationNumber,
  type OcrField,
  type OcrFieldValues,
  registrationNumberCorrections,
} from '@chobo/core';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { sqlRows } from '../accounting/sql-rows.js';
import { lookupRegistration, lookupRegistrations, todayInJapan } from '../registry/registry.queries.js';

/**
 * The OCR result checked against the offline registry (issue 29, docs/adr/0046): run on the extracted fields
 * before they are stored — the reading rules themselves are core's (ocr-layout / ocr-extract).
 *
 * - A 登録番号 whose check digit fails is repaired by the registry: among the valid numbers one digit away that
 *   it holds, the one whose registered name reads like the issuer's name on the page (repairedRegistrationNumber;
 *   with no name read, only a single held candidate). The read value is kept in `read_value`, a 要確認 warning
 *   says so; with no such number the read value stays, flagged 要確認.
 * - A 登録番号 the registry holds gives the issuer: its 氏名又は名称 replaces the read name (`source:
 *   'registry'`, the read name kept in `read_value` as the cross-check); when they differ the issuer field is
 *   flagged 要確認.
 * - A number the registry shows not valid on the transaction date (取消・失効・登録前), or does not hold, is
 *   flagged 要確認 on the 登録番号 field.
 *
 * With no registry imported nothing is checked (the fields are returned as read).
 */

export type RegistryOcrField = OcrField<string> & { read_value?: string | null; source?: 'registry' };

const STATUS_LABEL = { cancelled: '取消', expired: '失効', not_yet: '登録前' } as const;

/** A name made comparable: NFKC, no spaces, the short legal forms written out. */
export function comparableName(name: string): string {
  return name
    .normalize('NFKC')
    .replace(/\s+/g, '')
    .replace(/\(株\)|㈱/g, '株式会社')
    .replace(/\(有\)|㈲/g, '有限会社')
    .replace(/\(同\)/g, '合同会社');
}

const LEGAL_WORDS =
  /株式会社|有限会社|合同会社|合資会社|合名会社|一般社団法人|一般財団法人|公益社団法人|公益財団法人|特定非営利活動法人|医療法人|学校法人|社会福祉法人/g;

/** What tells two names apart: the comparable name without its legal-entity word and punctuation. */
export function nameCore(name: string): string {
  return comparableName(name)
    .replace(LEGAL_WORDS, '')
    .replace(/[()（）「」『』.,、。:：;'"`|/\\-]/g, '');
}

const bigrams = (s: string): string[] => {
  const chars = [...s];
  if (chars.length < 2) return chars;
  return chars.slice(1).map((c, i) => chars[i] + c);
};

/**
 * How alike two company names read, 0–1: the Dice coefficient of their cores' character bigrams (legal-entity
 * word left out: 株式会社 is in half the registry). One misread kana of a 6-character name still scores ≈ 0.6;
 * another company sharing a word (青葉印刷 for 青葉システム) ≈ 0.25.
 */
export function nameSimilarity(a: string, b: string): number {
  const x = bigrams(nameCore(a));
  const y = bigrams(nameCore(b));
  if (x.length === 0 || y.length === 0) return 0;
  const pool = new Map<string, number>();
  for (const g of y) pool.set(g, (pool.get(g) ?? 0) + 1);
  let common = 0;
  for (const g of x) {
    const n = pool.get(g) ?? 0;
    if (n > 0) {
      common++;
      pool.set(g, n - 1);
    }
  }
  return (2 * common) / (x.length + y.length);
}

/** A registered name must read at least this alike the read issuer to repair a misread number by it. */
export const NAME_MATCH = 0.5;
/** …and this much more alike than the next candidate held in the registry. */
export const NAME_MARGIN = 0.2;

/** The valid numbers a reading may have been: one digit changed (13 read), one or two digits put back (12, 11). */
export function registrationCandidates(read: string): string[] {
  const digits = read.replace(/^T/, '');
  if (!/^\d{11,13}$/.test(digits)) return [];
  if (digits.length === 13) return registrationNumberCorrections(`T${digits}`);
  const out = new Set<string>();
  const insert = (s: string) => {
    const r: string[] = [];
    for (let i = 0; i <= s.length; i++) for (let d = 0; d <= 9; d++) r.push(s.slice(0, i) + d + s.slice(i));
    return r;
  };
  const grown = digits.length === 12 ? insert(digits) : insert(digits).flatMap(insert);
  for (const g of grown) if (isValidRegistrationNumber(`T${g}`)) out.add(`T${g}`);
  return [...out];
}

/** The share of `name`'s core bigrams found in the page's text (when no issuer name was read). */
function foundInText(name: string, text: string): number {
  const x = bigrams(nameCore(name));
  if (x.length < 3) return 0;
  const page = new Set(bigrams(comparableName(text)));
  return x.filter((g) => page.has(g)).length / x.length;
}

/**
 * The number a misread 登録番号 most likely was: among the valid numbers one digit away (any digit: which
 * digits tesseract confuses depends on the font) — or with the digits a short reading lost put back — those
 * the registry holds, the one whose registered name reads like the issuer's name read on the page
 * (nameSimilarity ≥ NAME_MATCH and NAME_MARGIN ahead of the next); with no name read, like the page's text
 * (its bigrams found there). Null: none fits well enough (left as read).
 */
export async function repairedRegistrationNumber(
  db: DbOrTx,
  readings: readonly string[],
  readName: string | null,
  pageText = '',
): Promise<{ number: string; name: string; similarity: number | null } | null> {
  const candidates = [...new Set(readings.flatMap(registrationCandidates))];
  if (candidates.length === 0) return null;
  const held = [...(await lookupRegistrations(db, candidates)).entries()];
  if (held.length === 0) return null;
  const named = readName && nameCore(readName).length >= 2 ? readName : null;
  if (!named && !pageText) {
    return held.length === 1 && /^T\d{13}$/.test(readings[0])
      ? { number: held[0][0], name: held[0][1].name, similarity: null }
      : null;
  }
  const ranked = held
    .map(([number, e]) => ({
      number,
      name: e.name,
      similarity: named ? nameSimilarity(named, e.name) : foundInText(e.name, pageText),
    }))
    .sort((a, b) => b.similarity - a.similarity);
  const [best, next] = ranked;
  if (best.similarity < NAME_MATCH) return null;
  if (next && best.similarity - next.similarity < NAME_MARGIN) return null;
  return best;
}

/**
 * `pageText`: what was read on the page, to match a registered name against when the issuer's name was not
 * read.
 */
export async function checkOcrAgainstRegistry(
  db: DbOrTx,
  fields: OcrFieldValues,
  pageText = '',
): Promise<OcrFieldValues> {
  const read = fields.registration_number.value;
  if (!read) return fields;
  const [{ any }] = await sqlRows<{ any: boolean }>(db, sql`select exists (select 1 from registry_entries) as any`);
  if (!any) return fields;
  const out: OcrFieldValues = { ...fields };
  let number = read;
  const readings = [read, ...(fields.registration_number.alternatives ?? [])];
  const readName = fields.issuer_name.value;
  // another reading of the page (the T read as a digit…) valid and held under the name read: that one
  // (with no name read: the only other reading the registry holds)
  const held =
    readings.length > 1 && !(isValidRegistrationNumber(read) && (await lookupRegistrations(db, [read])).size > 0)
      ? [...(await lookupRegistrations(db, readings.slice(1).filter(isValidRegistrationNumber))).entries()]
      : [];
  const other = readName
    ? held.find(([, e]) => nameSimilarity(readName, e.name) >= NAME_MATCH)
    : held.length === 1
      ? held[0]
      : undefined;
  if (other) {
    number = other[0];
    out.registration_number = {
      ...fields.registration_number,
      value: number,
      confidence: Math.max(fields.registration_number.confidence, 0.8),
      read_value: read,
      warning: `要確認: 「${read}」とも読めますが、登録簿に${readName ? '名称の合う' : 'ある'}「${number}」にしました`,
    } as RegistryOcrField;
  } else if (!isValidRegistrationNumber(read) || (await lookupRegistrations(db, [read])).size === 0) {
    const invalid = !isValidRegistrationNumber(read);
    const repaired = await repairedRegistrationNumber(db, readings, readName, pageText);
    if (!repaired) {
      if (!invalid) {
        // valid but not held: looked up below (flagged there)
      } else {
        // no registered number one digit away reads like the issuer: kept as read, 要確認
        out.registration_number = {
          ...fields.registration_number,
          warning: `要確認: 読み取った「${read}」は登録番号として正しくなく、1桁違いで登録簿にあり名称の合う番号もありません`,
        };
        return out;
      }
    } else {
      number = repaired.number;
      out.registration_number = {
        ...fields.registration_number,
        value: number,
        confidence: Math.max(fields.registration_number.confidence, 0.8),
        read_value: read,
        warning: `要確認: 読み取った「${read}」は${invalid ? (read.length < 14 ? '桁が足りない' : 'チェックデジットが一致しない') : '登録簿にない'}ため、${read.length < 14 ? '桁を補って' : '1桁違いで'}登録簿にある「${number}」に直しました${repaired.similarity === null ? '' : '（名称が一致する番号）'}`,
      } as RegistryOcrField;
    }
  }
  const date = fields.transaction_date.value ?? todayInJapan();
  const entry = await lookupRegistration(db, number, date);
  if (!entry) {
    out.registration_number = {
      ...out.registration_number,
      warning: '要確認: この登録番号は登録簿（国税庁の公表データ）にありません',
    };
    return out;
  }
  if (!entry.valid_on_date) {
    const status = STATUS_LABEL[entry.status as keyof typeof STATUS_LABEL] ?? entry.status;
    const when = fields.transaction_date.value ? `取引日（${date}）` : `今日（${date}）`;
    out.registration_number = {
      ...out.registration_number,
      warning: `要確認: この登録番号は${when}に有効ではありません（${status}）`,
    };
  }
  const issuer: RegistryOcrField = {
    ...fields.issuer_name,
    value: entry.name,
    confidence: 1,
    source: 'registry',
    read_value: readName,
  };
  delete issuer.warning;
  if (readName && comparableName(readName) !== comparableName(entry.name)) {
    issuer.warning = `要確認: 読み取った名称「${readName}」が登録簿の名称と違います（登録簿の名称にしました）`;
  }
  out.issuer_name = issuer;
  return out;
}
