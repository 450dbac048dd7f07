import { readFileSync } from 'node:fs';
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
  if (countRows(csv) === 0) throw new RegistryFileError('ファイルにデータの行がありません');
  return csv;
}

function stripBom(b: Buffer): Buffer {
  return b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf ? b.subarray(3) : b;
}

/** Lines of the CSV that hold something (the last line may lack its line end; empty lines are not rows). */
export function countRows(csv: Buffer): number {
  let n = 0;
  let start = 0;
  for (;;) {
    const nl = csv.indexOf(0x0a, start);
    const end = nl === -1 ? csv.length : nl;
    if (end - start > (csv[end - 1] === 0x0d ? 1 : 0)) n++;
    if (nl === -1) return n;
    start = nl + 1;
  }
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
