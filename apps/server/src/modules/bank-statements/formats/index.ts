import { decodeCsv } from '../../../lib/csv.js';
import { mizuhoParser } from './mizuho-csv.js';
import { mufgParser } from './mufg-csv.js';
import { paypayParser } from './paypay-csv.js';
import { rakutenParser } from './rakuten-csv.js';
import { smbcParser } from './smbc-csv.js';
import type { BankParser, ParseInput } from './types.js';
import { zenginParser } from './zengin.js';

/**
 * The bank statement format suite: one file per format behind ONE interface (`BankParser`, types.ts) —
 * 全銀 入出金取引明細 (zengin.ts, fixed length) and the CSV exports of MUFG, SMBC, みずほ, 楽天, PayPay
 * (`<bank>-csv.ts` on header-csv.ts; FACTS.md §6), plus saved column mappings for any other CSV
 * (mapping.ts) — and the registry of the built-in ones with detection.
 */

export { counterpartyOf, nfkc, normalizeText, parseAmount, parseBankDate, warekiYear } from './fields.js';
export { mappingParser } from './mapping.js';
export type { BankParser, ParsedRow, ParseInput, ParseProblem, ParseResult } from './types.js';
export { mizuhoParser, mufgParser, paypayParser, rakutenParser, smbcParser, zenginParser };

export const BUILTIN_PARSERS: BankParser[] = [
  zenginParser,
  mufgParser,
  smbcParser,
  mizuhoParser,
  rakutenParser,
  paypayParser,
];

export function decodeStatement(bytes: Buffer): ParseInput & { encoding: string } {
  const { text, encoding } = decodeCsv(bytes);
  return { bytes, text, encoding };
}

/** The built-in parser whose detect() is surest, or null. */
export function detectParser(input: ParseInput): BankParser | null {
  let best: BankParser | null = null;
  let bestScore = 0;
  for (const p of BUILTIN_PARSERS) {
    const s = p.detect(input);
    if (s > bestScore) {
      best = p;
      bestScore = s;
    }
  }
  return best;
}
