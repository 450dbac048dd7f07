import iconv from 'iconv-lite';

/** CSV helpers (RFC 4180) shared by every CSV download and upload (products, journal, statements). */

const UTF8_BOM = '\uFEFF';

export type CsvEncoding = 'utf-8' | 'shift_jis';

/** A text cell Excel/LibreOffice would read as a formula (CWE-1236, "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV field: quoted when it holds a comma, quote, CR/LF or leading/trailing space. A string starting
 * with = + - @ tab or CR is prefixed with a single quote so spreadsheets show it as text instead of running
 * it; numbers (negative amounts such as -1200) are written as they are.
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const s = typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : String(value);
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

/**
 * Decodes an uploaded CSV: a UTF-8 BOM or valid UTF-8 is UTF-8; anything else is read as Shift_JIS
 * (CP932, with the NEC/IBM extensions such as ①㈱髙﨑).
 */
export function decodeCsv(buf: Buffer): { text: string; encoding: CsvEncoding } {
  if (buf.length >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) {
    return { text: new TextDecoder('utf-8').decode(buf.subarray(3)), encoding: 'utf-8' };
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(buf), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('shift_jis').decode(buf), encoding: 'shift_jis' };
  }
}

/** Undoes csvField's formula guard, so an exported file imports back unchanged. */
export function unguard(field: string): string {
  return field.startsWith("'") && FORMULA_START.test(field.slice(1)) ? field.slice(1) : field;
}

/**
 * Parses CSV text into rows of fields (quoted fields may hold commas, quotes and line breaks). A field
 * written with csvField's formula guard ('=…, '-…) comes back without the quote.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        continue;
      }
      field += c;
      i++;
      continue;
    }
    if (c === '"' && field === '') {
      quoted = true;
      i++;
    } else if (c === ',') {
      row.push(unguard(field));
      field = '';
      i++;
    } else if (c === '\r' || c === '\n') {
      row.push(unguard(field));
      rows.push(row);
      row = [];
      field = '';
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else {
      field += c;
      i++;
    }
  }
  if (field !== '' || row.length > 0) {
    row.push(unguard(field));
    rows.push(row);
  }
  // blank lines (e.g. a trailing one) are not rows
  return rows.filter((r) => !(r.length === 1 && r[0].trim() === ''));
}
