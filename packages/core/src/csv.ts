/**
 * THE CSV reader (RFC 4180) of the server and the browser: quoted fields may hold commas, "" and line breaks
 * (a quote opens a field only at its start; what follows the closing quote up to the separator belongs to the
 * field), records end at CRLF, LF or CR. `decodeCsvBytes` reads UTF-8 (BOM or not) or Shift_JIS (CP932).
 * The server's writer (and its Shift_JIS encoder) is apps/server/src/lib/csv.ts.
 */

export type CsvEncoding = 'utf-8' | 'shift_jis';

/** A text cell Excel/LibreOffice would read as a formula (CWE-1236, "CSV injection"). */
export const CSV_FORMULA_START = /^[=+\-@\t\r]/;

/** Undoes the writer's formula guard ('=… → =…), so an exported file imports back unchanged. */
export function unguardCsvCell(field: string): string {
  return field.startsWith("'") && CSV_FORMULA_START.test(field.slice(1)) ? field.slice(1) : field;
}

export interface CsvRecord {
  cells: string[];
  /** The 1-based line of the text the record starts on (line breaks inside quoted fields counted). */
  line_no: number;
}

export interface CsvReadOptions {
  /** Undo the formula guard of every cell (unguardCsvCell). Default true. */
  unguard?: boolean;
  /** Leave out blank lines (a record of one blank cell). Default true. */
  skipBlank?: boolean;
  /** Stop after this many records. */
  limit?: number;
}

const QUOTE = 34;
const COMMA = 44;
const LF = 10;
const CR = 13;
const APOSTROPHE = 39;

/** The end of an unquoted run: the next comma, LF or CR at or after `from` (or the text's end). */
function runEnd(text: string, from: number): number {
  let k = from;
  while (k < text.length) {
    const c = text.charCodeAt(k);
    if (c === COMMA || c === LF || c === CR) break;
    k++;
  }
  return k;
}

/** How many line breaks a quoted field's text holds (CRLF once; a lone CR counts only without any LF). */
function breaksIn(s: string): number {
  let n = 0;
  for (let k = s.indexOf('\n'); k !== -1; k = s.indexOf('\n', k + 1)) n++;
  if (n === 0) for (let k = s.indexOf('\r'); k !== -1; k = s.indexOf('\r', k + 1)) n++;
  return n;
}

/** A quoted field starting at `i` (its opening quote): its text, then what follows it up to the separator. */
function quotedField(text: string, i: number): { field: string; end: number; breaks: number } {
  let buf = '';
  let j = i + 1;
  for (;;) {
    const q = text.indexOf('"', j);
    if (q === -1) {
      buf += text.slice(j);
      j = text.length;
      break;
    }
    buf += text.slice(j, q);
    if (text.charCodeAt(q + 1) === QUOTE) {
      buf += '"';
      j = q + 2;
    } else {
      j = q + 1;
      break;
    }
  }
  const end = runEnd(text, j);
  return { field: buf + text.slice(j, end), end, breaks: breaksIn(buf) };
}

/** The records of a CSV text with the line each starts on, in one pass. */
export function csvRecords(text: string, options: CsvReadOptions = {}): CsvRecord[] {
  const { unguard = true, skipBlank = true, limit = Number.POSITIVE_INFINITY } = options;
  const out: CsvRecord[] = [];
  const n = text.length;
  let i = 0;
  let line = 1;
  while (i < n && out.length < limit) {
    const startLine = line;
    const cells: string[] = [];
    let atEnd = false;
    for (;;) {
      let field: string;
      if (text.charCodeAt(i) === QUOTE) {
        const q = quotedField(text, i);
        field = q.field;
        line += q.breaks;
        i = q.end;
      } else {
        const end = runEnd(text, i);
        field = text.slice(i, end);
        i = end;
      }
      cells.push(unguard && field.length && field.charCodeAt(0) === APOSTROPHE ? unguardCsvCell(field) : field);
      const c = text.charCodeAt(i);
      if (c === COMMA) {
        i++;
        continue;
      }
      if (c === CR) i += text.charCodeAt(i + 1) === LF ? 2 : 1;
      else if (c === LF) i++;
      else atEnd = true;
      line++;
      break;
    }
    const single = cells.length === 1;
    // a blank line is no record (skipBlank); nor is a last line whose one field is empty ("" at the end)
    if (single && ((skipBlank && cells[0].trim() === '') || (atEnd && cells[0] === ''))) continue;
    out.push({ cells, line_no: startLine });
  }
  return out;
}

/** The rows of a CSV text as arrays of cells (csvRecords without the line numbers). */
export function parseCsv(text: string, options: CsvReadOptions = {}): string[][] {
  return csvRecords(text, options).map((r) => r.cells);
}

const hasUtf8Bom = (b: Uint8Array) => b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf;

/**
 * Decodes CSV bytes: a UTF-8 BOM or valid UTF-8 is UTF-8; anything else is read as Shift_JIS (CP932, with
 * the NEC/IBM extensions such as ①㈱髙﨑). `head`: the bytes are only the start of a file (a character cut
 * at the end is not an error; a BOM counts only when the bytes are valid UTF-8).
 */
export function decodeCsvBytes(
  bytes: Uint8Array,
  options: { head?: boolean } = {},
): { text: string; encoding: CsvEncoding } {
  const head = options.head === true;
  if (!head && hasUtf8Bom(bytes)) {
    return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8' };
  }
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes, head ? { stream: true } : undefined);
    return { text: head ? text.replace(/^\uFEFF/, '') : text, encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('shift_jis').decode(bytes), encoding: 'shift_jis' };
  }
}
