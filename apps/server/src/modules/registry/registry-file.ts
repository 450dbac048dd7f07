import { readFileSync } from 'node:fs';
import { REGISTRY_COLUMNS } from '@chobo/core';
import { unzipSync } from 'fflate';
import * as openpgp from 'openpgp';

/**
 * The published files as they arrive (docs/adr/0046): a 全件データ / 差分データ CSV (UTF-8, no header row,
 * 24 columns) or the ZIP it comes in (every .csv inside, in name order), its detached OpenPGP signature
 * checked against the 国税庁's key when one is configured, and the CSV cut into chunks at line ends for the
 * bulk copy. A file that cannot be read is a RegistryFileError with the Japanese reason shown on the screen.
 */

export class RegistryFileError extends Error {}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const EMPTY_ZIP = [0x50, 0x4b, 0x05, 0x06];

export function isZip(bytes: Uint8Array): boolean {
  return ZIP_MAGIC.every((b, i) => bytes[i] === b) || EMPTY_ZIP.every((b, i) => bytes[i] === b);
}

/** The CSV bytes of an uploaded file: itself, or the .csv entries of its ZIP joined; a leading BOM removed. */
export function registryCsv(bytes: Buffer): Buffer {
  let csv = bytes;
  if (isZip(bytes)) {
    let entries: Record<string, Uint8Array>;
    try {
      entries = unzipSync(bytes, { filter: (f) => /\.csv$/i.test(f.name) });
    } catch {
      throw new RegistryFileError('ZIPファイルが壊れているため読み込めません。ダウンロードし直してください');
    }
    const names = Object.keys(entries).sort();
    if (names.length === 0) throw new RegistryFileError('ZIPファイルにCSVファイルが含まれていません');
    const parts: Buffer[] = [];
    for (const n of names) {
      const part = Buffer.from(entries[n].buffer, entries[n].byteOffset, entries[n].byteLength);
      parts.push(stripBom(part));
      if (part.length > 0 && part[part.length - 1] !== 0x0a) parts.push(Buffer.from('\n'));
    }
    csv = Buffer.concat(parts);
  } else {
    csv = stripBom(bytes);
  }
  if (csv.subarray(0, 8192).includes(0)) {
    throw new RegistryFileError('CSVファイル（UTF-8）またはそのZIPファイルを選択してください');
  }
  return csv;
}

function stripBom(b: Buffer): Buffer {
  return b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf ? b.subarray(3) : b;
}

export interface CsvChunk {
  /** The chunk's bytes: whole lines. */
  bytes: Buffer;
  /** Line number (1-based) of its first line in the file. */
  firstLine: number;
  /** Lines in it. */
  lines: number;
}

/**
 * The CSV cut into chunks of about `size` bytes, each ending at a line end outside quotes (a quoted field may
 * hold a line break), so each chunk is a whole CSV of its own.
 */
export function* csvChunks(csv: Buffer, size: number): Generator<CsvChunk> {
  let start = 0;
  let line = 1;
  while (start < csv.length) {
    let end = Math.min(csv.length, start + size);
    if (end < csv.length) {
      let nl = csv.indexOf(0x0a, end);
      // move on while the cut is inside quotes (an odd number of '"' since the chunk's start)
      while (nl !== -1 && quoteCount(csv, start, nl) % 2 === 1) nl = csv.indexOf(0x0a, nl + 1);
      end = nl === -1 ? csv.length : nl + 1;
    }
    const bytes = csv.subarray(start, end);
    let lines = 0;
    for (let i = bytes.indexOf(0x0a); i !== -1; i = bytes.indexOf(0x0a, i + 1)) lines++;
    if (bytes.length > 0 && bytes[bytes.length - 1] !== 0x0a) lines++;
    yield { bytes, firstLine: line, lines };
    line += lines;
    start = end;
  }
}

function quoteCount(b: Buffer, from: number, to: number): number {
  let n = 0;
  for (let i = b.indexOf(0x22, from); i !== -1 && i < to; i = b.indexOf(0x22, i + 1)) n++;
  return n;
}

/** What the check of a file found: its rows, those a 全件 import leaves out, and the data's date. */
export interface RegistryRowsCheck {
  rows: number;
  /** Rows that are not the newest history (最新履歴 0) or are 99 削除: not kept by a 全件 import. */
  skipped: number;
  /** The newest 更新年月日 (else 登録年月日) of the rows, YYYY-MM-DD. */
  dataDate: string | null;
}

/** The 24 columns' names as the リソース定義書 gives them, in the file's order (REGISTRY_COLUMNS). */
export const COLUMN_NAMES = [
  '一連番号',
  '登録番号',
  '事業者処理区分',
  '訂正区分',
  '人格区分',
  '国内外区分',
  '最新履歴',
  '登録年月日',
  '更新年月日',
  '取消年月日',
  '失効年月日',
  '本店又は主たる事務所の所在地',
  '本店所在地の都道府県コード',
  '本店所在地の市区町村コード',
  '公表申出所在地',
  '公表申出所在地の都道府県コード',
  '公表申出所在地の市区町村コード',
  '氏名又は名称（カナ）',
  '氏名又は名称',
  '国内の事業所の所在地',
  '国内の事業所の都道府県コード',
  '国内の事業所の市区町村コード',
  '主たる屋号',
  '通称・旧姓',
];
const NAME_COLUMN = REGISTRY_COLUMNS.indexOf('name');
const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * The strict check of a CSV in the published layout, one pass over its bytes before anything is copied
 * (docs/adr/0046, 0054): 24 columns on every line, 一連番号 digits, 登録番号 T + 13 digits with a valid check
 * digit (FACTS §4), 事業者処理区分 01/02/03/04/99, 訂正区分 0/1, 最新履歴 0/1, dates YYYY-MM-DD of a real day or
 * empty, 氏名又は名称 not empty. The first fault is a RegistryFileError naming the file's line and the
 * column. Quoted fields may hold commas, doubled quotes and line breaks (RFC 4180); empty lines are skipped.
 */
export function checkRegistryRows(b: Uint8Array, firstLine = 1): RegistryRowsCheck {
  const r = checkRegistryPart(b, 0, b.length, firstLine);
  return { rows: r.rows, skipped: r.skipped, dataDate: dateOfNumber(r.maxDate) };
}

/** yyyymmdd (a number, 0 for none) as YYYY-MM-DD. */
export function dateOfNumber(d: number): string | null {
  const ds = String(d);
  return d ? `${ds.slice(0, 4)}-${ds.slice(4, 6)}-${ds.slice(6, 8)}` : null;
}

/** What checkRegistryPart found in its part of the file. */
export interface RegistryPartCheck {
  /** Byte offset just after the part's last line (a line end outside quotes, or the file's end). */
  end: number;
  /** The file's line number (1-based) of the first line after the part. */
  line: number;
  rows: number;
  skipped: number;
  /** The newest 更新年月日 (else 登録年月日) as yyyymmdd, 0 when none. */
  maxDate: number;
}

/**
 * checkRegistryRows over one part of the file: the lines starting at byte `start` (a line start; its file
 * line number `firstLine`) up to the first line end at or after `minEnd`, so that a file is checked — and cut
 * into whole-line chunks for the COPY — in one pass (docs/adr/0060). The faults and their messages are
 * checkRegistryRows'. No object is allocated per row.
 */
export function checkRegistryPart(b: Uint8Array, start: number, minEnd: number, firstLine: number): RegistryPartCheck {
  const n = b.length;
  const starts = new Int32Array(REGISTRY_COLUMNS.length + 1);
  const ends = new Int32Array(REGISTRY_COLUMNS.length + 1);
  let i = start;
  let line = firstLine;
  let rows = 0;
  let skipped = 0;
  let maxDate = 0;
  const fail = (at: number, column: number | null, what: string): never => {
    const label = column === null ? '' : `${COLUMN_NAMES[column]}（${column + 1}列目）`;
    throw new RegistryFileError(`${at}行目: ${label}${what}`);
  };
  const text = (f: number) => Buffer.from(b.buffer, b.byteOffset + starts[f], ends[f] - starts[f]).toString('utf8');
  /** The date in field f as yyyymmdd, 0 when empty; a fault when it is not a real day. */
  const date = (f: number, at: number): number => {
    const s = starts[f];
    const len = ends[f] - s;
    if (len === 0) return 0;
    let ok = len === 10 && b[s + 4] === 0x2d && b[s + 7] === 0x2d;
    let y = 0;
    let m = 0;
    let d = 0;
    for (let k = 0; ok && k < 10; k++) {
      if (k === 4 || k === 7) continue;
      const c = b[s + k] - 0x30;
      if (c < 0 || c > 9) ok = false;
      else if (k < 4) y = y * 10 + c;
      else if (k < 7) m = m * 10 + c;
      else d = d * 10 + c;
    }
    if (ok) ok = m >= 1 && m <= 12 && d >= 1 && (d <= DAYS[m - 1] || false);
    if (ok && m === 2 && d === 29) ok = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
    if (!ok) fail(at, f, `の形式が正しくありません（「${text(f)}」。YYYY-MM-DD の日付か空欄です）`);
    return y * 10000 + m * 100 + d;
  };
  while (i < n && i < minEnd) {
    const c0 = b[i];
    if (c0 === 0x0a) {
      i++;
      line++;
      continue;
    }
    if (c0 === 0x0d && b[i + 1] === 0x0a) {
      i += 2;
      line++;
      continue;
    }
    const at = line;
    let field = 0;
    for (;;) {
      let s: number;
      let e: number;
      if (b[i] === 0x22) {
        s = i + 1;
        let q = b.indexOf(0x22, s);
        while (q !== -1 && b[q + 1] === 0x22) q = b.indexOf(0x22, q + 2);
        if (q === -1) fail(at, field, 'の引用符（"）が閉じていません');
        e = q;
        for (let k = b.indexOf(0x0a, s); k !== -1 && k < e; k = b.indexOf(0x0a, k + 1)) line++;
        i = q + 1;
      } else {
        s = i;
        while (i < n) {
          const c = b[i];
          if (c === 0x2c || c === 0x0a || c === 0x0d) break;
          if (c === 0x22) fail(at, field, 'の途中に引用符（"）があります');
          i++;
        }
        e = i;
      }
      if (field <= REGISTRY_COLUMNS.length) {
        starts[field] = s;
        ends[field] = e;
      }
      field++;
      const c = b[i];
      if (c === 0x2c) {
        i++;
        continue;
      }
      if (c === 0x0a) i++;
      else if (c === 0x0d && b[i + 1] === 0x0a) i += 2;
      else if (i < n) fail(at, field - 1, 'の引用符（"）の後に区切りのカンマがありません');
      break;
    }
    line++;
    if (field !== REGISTRY_COLUMNS.length) {
      fail(
        at,
        null,
        `列の数が${field}です。公表データのCSVは${REGISTRY_COLUMNS.length}列です（ファイルの種類を確認してください）`,
      );
    }
    rows++;
    // 一連番号
    let s = starts[0];
    if (ends[0] === s || ends[0] - s > 18) fail(at, 0, 'が数字ではありません');
    for (; s < ends[0]; s++) if (b[s] < 0x30 || b[s] > 0x39) fail(at, 0, `が数字ではありません（「${text(0)}」）`);
    // 登録番号: T + 13 digits, the first a check digit of the other 12
    s = starts[1];
    let ok = ends[1] - s === 14 && b[s] === 0x54;
    let sum = 0;
    for (let k = 1; ok && k < 14; k++) {
      const c = b[s + k] - 0x30;
      if (c < 0 || c > 9) ok = false;
      else if (k > 1) sum += c * ((14 - k) % 2 === 1 ? 1 : 2);
    }
    if (!ok) fail(at, 1, `が「T」と13桁の数字ではありません（「${text(1)}」）`);
    if (9 - (sum % 9) !== b[s + 1] - 0x30) fail(at, 1, `「${text(1)}」のチェックデジットが正しくありません`);
    // 事業者処理区分 01 02 03 04 99
    s = starts[2];
    const p0 = b[s];
    const p1 = b[s + 1];
    const process = ends[2] - s === 2 && ((p0 === 0x30 && p1 >= 0x31 && p1 <= 0x34) || (p0 === 0x39 && p1 === 0x39));
    if (!process) fail(at, 2, `が 01・02・03・04・99 のどれでもありません（「${text(2)}」）`);
    // 訂正区分 0/1, 最新履歴 0/1
    for (let f = 3; f <= 6; f += 3) {
      if (ends[f] - starts[f] !== 1 || (b[starts[f]] !== 0x30 && b[starts[f]] !== 0x31)) {
        fail(at, f, `が 0 か 1 ではありません（「${text(f)}」）`);
      }
    }
    if (ends[4] === starts[4]) fail(at, 4, 'が空です');
    if (ends[5] === starts[5]) fail(at, 5, 'が空です');
    const registered = date(7, at);
    const updated = date(8, at);
    date(9, at);
    date(10, at);
    if (ends[NAME_COLUMN] === starts[NAME_COLUMN]) fail(at, NAME_COLUMN, 'が空です');
    const d = updated || registered;
    if (d > maxDate) maxDate = d;
    if (b[starts[6]] !== 0x31 || p0 === 0x39) skipped++;
  }
  return { end: i, line, rows, skipped, maxDate };
}

/** The file's line count (line ends, and a last line without one): the progress's total before the check. */
export function lineCount(b: Buffer): number {
  let lines = 0;
  for (let i = b.indexOf(0x0a); i !== -1; i = b.indexOf(0x0a, i + 1)) lines++;
  if (b.length > 0 && b[b.length - 1] !== 0x0a) lines++;
  return lines;
}

/** The configured key (REGISTRY_PGP_KEY: an armored public key file), read once per path. */
const keys = new Map<string, Promise<openpgp.PublicKey>>();
export function registryKey(file: string): Promise<openpgp.PublicKey> {
  let key = keys.get(file);
  if (!key) {
    key = openpgp.readKey({ armoredKey: readFileSync(file, 'utf8') });
    key.catch(() => keys.delete(file));
    keys.set(file, key);
  }
  return key;
}

/**
 * Checks the detached signature (armored .asc or binary .sig) of `bytes` — the file as uploaded, before it is
 * unzipped — against `key`. Refuses (RegistryFileError) a missing, unreadable or non-matching signature.
 */
export async function verifyRegistrySignature(
  bytes: Uint8Array,
  signature: Uint8Array | null,
  key: openpgp.PublicKey,
): Promise<void> {
  if (!signature || signature.length === 0) {
    throw new RegistryFileError('署名ファイルがありません。公開されている署名ファイルも選択してください');
  }
  let sig: openpgp.Signature;
  try {
    const text = Buffer.from(signature).toString('latin1');
    sig = text.includes('-----BEGIN PGP SIGNATURE-----')
      ? await openpgp.readSignature({ armoredSignature: text })
      : await openpgp.readSignature({ binarySignature: signature });
  } catch {
    throw new RegistryFileError('署名ファイルを読み込めません。OpenPGPの署名ファイルを選択してください');
  }
  try {
    const message = await openpgp.createMessage({ binary: bytes });
    const { signatures } = await openpgp.verify({ message, signature: sig, verificationKeys: key });
    if (signatures.length === 0) throw new Error('no signature');
    await signatures[0].verified;
  } catch {
    throw new RegistryFileError(
      '署名を確認できませんでした。ファイルが改ざんされているか、署名ファイルが対応していません',
    );
  }
}
