/**
 * The 全銀協 総合振込 file (種別コード 21; 11 給与振込 and 12 賞与振込 from the same records), FACTS.md §10:
 * fixed 120-byte records, each followed by CRLF — header (1), one data record (2) per transfer, trailer
 * (8) with the count and the total, end (9). N fields right-justified zero-filled, C fields left-justified
 * space-filled; optional fields left unused are spaces; dummies are spaces.
 *
 * Every character written is one of `ZENGIN_PERMITTED` (JIS X 0201: ASCII and half-width katakana), so the
 * Shift_JIS bytes are that set's single bytes — ASCII as is, U+FF61–U+FF9F as 0xA1–0xDF (the test checks them
 * against iconv-lite's Shift_JIS).
 */
import { toZenginKana, ZenginCharError } from './kana.js';

export const ZENGIN_RECORD_LENGTH = 120;

/** 21 総合振込, 11 給与振込, 12 賞与振込. */
export type ZenginKind = 21 | 11 | 12;
/** 預金種目: 1 普通, 2 当座, 4 貯蓄, 9 その他. */
export type ZenginAccountType = 1 | 2 | 4 | 9;

export interface ZenginRequester {
  /** 振込依頼人コード (給与: 会社コード), up to 10 digits. */
  code: string;
  /** 振込依頼人名, converted by toZenginKana, at most 40 characters after. */
  name_kana: string;
  bank_code: string;
  bank_name_kana: string;
  branch_code: string;
  branch_name_kana: string;
  account_type: ZenginAccountType;
  account_number: string;
}

export interface ZenginTransfer {
  bank_code: string;
  /** 被仕向銀行名: converted, cut to 15 characters (the banks route by code; the name is for reading). */
  bank_name_kana: string;
  branch_code: string;
  branch_name_kana: string;
  account_type: ZenginAccountType;
  account_number: string;
  /** 受取人名: converted by toZenginKana, at most 30 characters after. */
  holder_kana: string;
  /** whole yen, 1 … 9,999,999,999 */
  amount: number;
  /** 顧客コード1 (給与: 社員番号), up to 10 digits; unused → spaces. */
  customer_code?: string | null;
  /** 振込指定区分: 7 電信, 8 文書; unused → a space. Not written for 給与・賞与 (a dummy there). */
  method?: 7 | 8 | null;
}

export interface ZenginTransferFileInput {
  kind: ZenginKind;
  requester: ZenginRequester;
  /** 取組日 (the payment date), YYYY-MM-DD: written MMDD. */
  transfer_date: string;
  transfers: readonly ZenginTransfer[];
}

/**
 * What cannot be written: `path` names the field (`transfers.3.holder_kana`), `transferIndex` the transfer
 * (when it is one), `char` the character that has no bank form (when that is the reason).
 */
export class ZenginFileError extends Error {
  readonly path: string;
  readonly transferIndex: number | null;
  readonly char: string | null;
  constructor(path: string, message: string, char: string | null = null) {
    super(message);
    this.name = 'ZenginFileError';
    this.path = path;
    const m = /^transfers\.(\d+)\./.exec(path);
    this.transferIndex = m ? Number(m[1]) : null;
    this.char = char;
  }
}

const MAX_AMOUNT = 9_999_999_999;

const DIGITS = /^\d+$/;

function digits(path: string, value: string, length: number, label: string, exact = true): string {
  const ok = DIGITS.test(value) && (exact ? value.length === length : value.length <= length);
  if (!ok) {
    throw new ZenginFileError(path, `${label}は${length}桁${exact ? '' : '以内'}の数字で入力してください`);
  }
  return value.padStart(length, '0');
}

function num(value: number, length: number): string {
  return String(value).padStart(length, '0');
}

/** A name in the banks' characters: cut to `length` (bank and branch names), or refused past it. */
function name(path: string, value: string, length: number, label: string, cut: boolean): string {
  let converted: string;
  try {
    converted = toZenginKana(value);
  } catch (e) {
    if (e instanceof ZenginCharError) {
      throw new ZenginFileError(path, `${label}の「${e.char}」は振込データに使えない文字です`, e.char);
    }
    throw e;
  }
  if (converted.length > length) {
    if (!cut) throw new ZenginFileError(path, `${label}は半角${length}文字以内にしてください（${converted}）`);
    converted = converted.slice(0, length);
  }
  return converted.padEnd(length, ' ');
}

function accountType(path: string, value: number, allowed: readonly number[]): string {
  if (!allowed.includes(value)) throw new ZenginFileError(path, '預金種目が正しくありません');
  return String(value);
}

/** 'YYYY-MM-DD' → 'MMDD'. */
function mmdd(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
  if (!m || !date || date.getUTCDate() !== Number(m[3]) || date.getUTCMonth() !== Number(m[2]) - 1) {
    throw new ZenginFileError('transfer_date', '取組日が正しくありません');
  }
  return `${m[2]}${m[3]}`;
}

function headerRecord(input: ZenginTransferFileInput): string {
  const r = input.requester;
  return [
    '1',
    String(input.kind),
    '0', // コード区分: 0 JIS (Shift_JIS half-width)
    digits('requester.code', r.code, 10, '振込依頼人コード', false),
    name('requester.name_kana', r.name_kana, 40, '振込依頼人名', false),
    mmdd(input.transfer_date),
    digits('requester.bank_code', r.bank_code, 4, '仕向銀行番号'),
    name('requester.bank_name_kana', r.bank_name_kana, 15, '仕向銀行名', true),
    digits('requester.branch_code', r.branch_code, 3, '仕向支店番号'),
    name('requester.branch_name_kana', r.branch_name_kana, 15, '仕向支店名', true),
    accountType('requester.account_type', r.account_type, [1, 2, 9]),
    digits('requester.account_number', r.account_number, 7, '口座番号'),
    ' '.repeat(17),
  ].join('');
}

function dataRecord(kind: ZenginKind, t: ZenginTransfer, i: number): string {
  const p = `transfers.${i}.`;
  if (!Number.isSafeInteger(t.amount) || t.amount < 1 || t.amount > MAX_AMOUNT) {
    throw new ZenginFileError(`${p}amount`, '振込金額は1円以上9,999,999,999円以下の整数にしてください');
  }
  const code =
    t.customer_code == null || t.customer_code === ''
      ? ' '.repeat(10)
      : digits(`${p}customer_code`, t.customer_code, 10, kind === 21 ? '顧客コード' : '社員番号', false);
  const method = kind === 21 && t.method != null ? String(t.method) : ' ';
  return [
    '2',
    digits(`${p}bank_code`, t.bank_code, 4, '銀行コード'),
    name(`${p}bank_name_kana`, t.bank_name_kana, 15, '銀行名', true),
    digits(`${p}branch_code`, t.branch_code, 3, '支店コード'),
    name(`${p}branch_name_kana`, t.branch_name_kana, 15, '支店名', true),
    ' '.repeat(4), // 手形交換所番号 (unused)
    accountType(`${p}account_type`, t.account_type, [1, 2, 4, 9]),
    digits(`${p}account_number`, t.account_number, 7, '口座番号'),
    name(`${p}holder_kana`, t.holder_kana, 30, '受取人名', false),
    num(t.amount, 10),
    '0', // 新規コード: 0 その他
    code, // 顧客コード1 (給与・賞与: 社員番号)
    ' '.repeat(10), // 顧客コード2 (給与・賞与: 所属コード)
    method, // 振込指定区分
    ' ', // 識別表示 (not "Y": no EDI情報)
    ' '.repeat(7),
  ].join('');
}

/** The records as text (one string of 120 characters each), in order; throws ZenginFileError. */
export function zenginTransferRecords(input: ZenginTransferFileInput): string[] {
  if (![21, 11, 12].includes(input.kind)) throw new ZenginFileError('kind', '種別コードが正しくありません');
  if (input.transfers.length === 0) throw new ZenginFileError('transfers', '振込が1件もありません');
  if (input.transfers.length > 999_999) throw new ZenginFileError('transfers', '振込は999,999件までです');
  const records = [headerRecord(input)];
  let total = 0;
  input.transfers.forEach((t, i) => {
    records.push(dataRecord(input.kind, t, i));
    total += t.amount;
  });
  records.push(`8${num(input.transfers.length, 6)}${num(total, 12)}${' '.repeat(101)}`);
  records.push(`9${' '.repeat(119)}`);
  return records;
}

/** Shift_JIS of text already in the banks' characters (JIS X 0201: one byte each). */
export function zenginBytes(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x20 && c <= 0x7e) out[i] = c;
    else if (c === 0x0d || c === 0x0a) out[i] = c;
    else if (c >= 0xff61 && c <= 0xff9f) out[i] = c - 0xff61 + 0xa1;
    else throw new ZenginFileError('', `「${text[i]}」は振込データに使えない文字です`, text[i] ?? null);
  }
  return out;
}

/**
 * The 全銀 file the bank takes: Shift_JIS bytes, every record 120 bytes and CRLF. Throws ZenginFileError
 * (with the field's path, the transfer's index and the character) for what cannot be written.
 */
export function zenginTransferFile(input: ZenginTransferFileInput): Uint8Array {
  const records = zenginTransferRecords(input);
  for (const r of records) {
    if (r.length !== ZENGIN_RECORD_LENGTH) throw new Error(`全銀レコードの長さが${r.length}です`);
  }
  return zenginBytes(`${records.join('\r\n')}\r\n`);
}

/** The file's name as the banks' software expects none in particular: e.g. `zengin-21-20261130.txt`. */
export function zenginFileName(kind: ZenginKind, transferDate: string): string {
  return `zengin-${kind}-${transferDate.replaceAll('-', '')}.txt`;
}
