import { CSV_FORMULA_START } from '@chobo/core';
import iconv from 'iconv-lite';

/**
 * CSV helpers (RFC 4180) shared by every CSV download and upload (products, journal, statements): the writer
 * here (formula guard, UTF-8 BOM or CP932 through iconv-lite); the reader is @chobo/core's (csv.ts).
 */

const UTF8_BOM = '\uFEFF';

/**
 * The reader, from @chobo/core: `decodeCsv(buf)` (UTF-8 with or without BOM, else Shift_JIS), `parseCsv(text)`
 * (rows of cells, blank lines left out, csvField's formula guard undone), `csvRecords` (the same with each
 * record's line number), `unguard` (undoes csvField's guard of one cell).
 */
export {
  type CsvEncoding,
  csvRecords,
  decodeCsvBytes as decodeCsv,
  parseCsv,
  unguardCsvCell as unguard,
} from '@chobo/core';

/**
 * One CSV field: quoted when it holds a comma, quote, CR/LF or leading/trailing space. A string starting
 * with = + - @ tab or CR is prefixed with a single quote so spreadsheets show it as text instead of running
 * it; numbers (negative amounts such as -1200) are written as they are.
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const s = typeof value === 'string' && CSV_FORMULA_START.test(value) ? `'${value}` : String(value);
  return /[",\r\n]|^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvLine(fields: readonly (string | number | null | undefined)[], eol: string): string {
  return fields.map(csvField).join(',') + eol;
}

/** How a download is written: UTF-8 with BOM and LF (Excel reads it), or CP932 with CRLF. */
export function csvWriter(encoding: 'utf8' | 'sjis') {
  if (encoding === 'sjis') {
    return { eol: '\r\n', bom: Buffer.alloc(0), encode: (text: string) => iconv.encode(text, 'cp932') };
  }
  return { eol: '\r\n', bom: Buffer.from(UTF8_BOM, 'utf8'), encode: (text: string) => Buffer.from(text, 'utf8') };
}
