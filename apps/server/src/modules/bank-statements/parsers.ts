import { BANK_FORMATS, type BankCsvMappingValues, type BankFormatId } from '@chobo/core';
import { csvRecords, decodeCsv } from '../../lib/csv.js';

/**
 * Bank statement parsers behind ONE adapter interface (`BankParser`): 全銀 入出金取引明細 (fixed length) and
 * the CSV exports of MUFG, SMBC, みずほ, 楽天, PayPay (FACTS.md §6), plus saved column mappings for any
 * other CSV. A parser never throws on a bad row: it reports it as a problem with its line number, and the
 * caller refuses the whole file when there is any (all or nothing).
 */

export interface ParsedRow {
  /** 1-based line (CSV) or record (全銀) number in the file. */
  line_no: number;
  date: string;
  direction: 'in' | 'out';
  /** Positive yen. */
  amount: number;
  description: string;
  counterparty_name: string | null;
  balance: number | null;
}

export interface ParseProblem {
  line_no: number;
  message: string;
}

export interface ParseResult {
  rows: ParsedRow[];
  problems: ParseProblem[];
  opening_balance: number | null;
  closing_balance: number | null;
}

export interface ParseInput {
  /** The raw bytes (全銀 is read by byte position). */
  bytes: Buffer;
  /** The decoded text (Shift_JIS or UTF-8, BOM removed). */
  text: string;
  /** The bank account number the import is for (a 全銀 file may hold several accounts). */
  accountNumber?: string | null;
}

export interface BankParser {
  id: string;
  label: string;
  /** How sure this parser is that the file is its format: 0 (no) … 100 (certain). */
  detect(input: ParseInput): number;
  parse(input: ParseInput): ParseResult;
}

/* ---------------------------------------------------------------- shared field readers */

/** NFKC (half-width kana → full-width, full-width digits → ASCII) with spaces collapsed. */
export function normalizeText(s: string): string {
  return nfkc(s).replace(/\s+/g, ' ').trim();
}

/** Printable ASCII only: NFKC leaves it as it is (the common case of dates and amounts). */
const ASCII = /^[\x20-\x7e]*$/;

/** NFKC, skipped for plain ASCII. */
export const nfkc = (s: string) => (ASCII.test(s) ? s : s.normalize('NFKC'));

const ERA_START: Record<string, number> = { R: 2018, 令和: 2018, H: 1988, 平成: 1988, S: 1925, 昭和: 1925 };

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function validDate(y: number, m: number, d: number): string | null {
  if (!(y >= 1900 && y <= 2100 && m >= 1 && m <= 12 && d >= 1 && d <= 31)) return null;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  if (d > (m === 2 && leap ? 29 : DAYS_IN_MONTH[m - 1])) return null;
  return `${y}-${m < 10 ? '0' : ''}${m}-${d < 10 ? '0' : ''}${d}`;
}

/** 和暦 two-digit year (全銀 YYMMDD): 令和 unless it cannot be (平成31 = 2019 and before). */
export function warekiYear(yy: number): number {
  return yy >= 31 ? 1988 + yy : 2018 + yy;
}

/**
 * A date as banks write it: 2026/04/01, 2026-4-1, 20260401, 2026年4月1日, R8.4.1, 令和8年4月1日, H31/4/30.
 * Answers an ISO date or null.
 */
export function parseBankDate(raw: string): string | null {
  let m = /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})$/.exec(raw);
  if (m) return validDate(+m[1], +m[2], +m[3]);
  const s = nfkc(raw).trim().replace(/\s+/g, '');
  m = /^(\d{4})(\d{2})(\d{2})$/.exec(s);
  if (m) return validDate(+m[1], +m[2], +m[3]);
  m = /^(\d{4})[/.\-年](\d{1,2})[/.\-月](\d{1,2})日?$/.exec(s);
  if (m) return validDate(+m[1], +m[2], +m[3]);
  m = /^(R|H|S|令和|平成|昭和)(\d{1,2}|元)[/.\-年](\d{1,2})[/.\-月](\d{1,2})日?$/.exec(s);
  if (m) {
    const yy = m[2] === '元' ? 1 : +m[2];
    return validDate(ERA_START[m[1]] + yy, +m[3], +m[4]);
  }
  return null;
}

/** 1,234,567 or 1234567 as most files write it (no sign, no currency mark). */
const PLAIN_AMOUNT = /^(?:\d{1,13}|\d{1,3}(?:,\d{3}){1,3})$/;

/**
 * An amount cell: commas, ￥/¥/\, 円, full-width digits, a leading sign (- △ ▲) or parentheses. '' → null;
 * anything else unreadable → NaN.
 */
export function parseAmount(raw: string | undefined): number | null {
  if (raw === undefined) return null;
  if (raw === '') return null;
  if (PLAIN_AMOUNT.test(raw)) return Number(raw.length > 3 ? raw.replace(/,/g, '') : raw);
  let s = nfkc(raw)
    .trim()
    .replace(/[,\s¥\\円]/g, '')
    .replace(/^[￥]/, '');
  if (s === '' || s === '-') return null;
  let sign = 1;
  if (/^[△▲-]/.test(s)) {
    sign = -1;
    s = s.slice(1);
  } else if (/^\+/.test(s)) s = s.slice(1);
  else if (/^\(.*\)$/.test(s)) {
    sign = -1;
    s = s.slice(1, -1);
  }
  if (!/^\d{1,13}$/.test(s)) return Number.NaN;
  return sign * Number(s);
}

const MAX_AMOUNT = 999_999_999_999;
const TRANSFER_PREFIX = /^(?:振込(?:入金|資金)?|ﾌﾘｺﾐ|フリコミ|振込\d|ﾌﾘｺﾐ\d)\s*/;

/** The payer / payee of a transfer written in the description (振込 ﾔﾏﾀﾞｼﾖｳｼﾞ(ｶ → ﾔﾏﾀﾞｼﾖｳｼﾞ(ｶ). */
export function counterpartyOf(description: string): string | null {
  const m = TRANSFER_PREFIX.exec(description.trim());
  if (!m) return null;
  const rest = description.trim().slice(m[0].length).trim();
  return rest || null;
}

/** Builds a row from in/out (or signed) amounts, reporting problems instead of throwing. */
function makeRow(
  problems: ParseProblem[],
  line_no: number,
  fields: {
    date: string;
    inAmount?: string;
    outAmount?: string;
    signed?: string;
    description: string;
    counterparty?: string | null;
    balance?: string;
  },
): ParsedRow | null {
  const date = parseBankDate(fields.date);
  if (!date) {
    problems.push({ line_no, message: `${line_no}行目: 日付「${fields.date}」を読み取れません` });
    return null;
  }
  let amount: number | null;
  let direction: 'in' | 'out';
  if (fields.signed !== undefined) {
    const v = parseAmount(fields.signed);
    if (v === null || Number.isNaN(v) || v === 0) {
      problems.push({ line_no, message: `${line_no}行目: 金額「${fields.signed}」を読み取れません` });
      return null;
    }
    direction = v > 0 ? 'in' : 'out';
    amount = Math.abs(v);
  } else {
    const i = parseAmount(fields.inAmount);
    const o = parseAmount(fields.outAmount);
    if (Number.isNaN(i) || Number.isNaN(o)) {
      const bad = Number.isNaN(i) ? fields.inAmount : fields.outAmount;
      problems.push({ line_no, message: `${line_no}行目: 金額「${bad}」を読み取れません` });
      return null;
    }
    const hasIn = i !== null && i !== 0;
    const hasOut = o !== null && o !== 0;
    if (hasIn === hasOut) {
      problems.push({
        line_no,
        message: `${line_no}行目: 入金額と出金額のどちらか一方に金額が必要です`,
      });
      return null;
    }
    direction = hasIn ? 'in' : 'out';
    amount = Math.abs((hasIn ? i : o) as number);
  }
  if (amount > MAX_AMOUNT) {
    problems.push({ line_no, message: `${line_no}行目: 金額が大きすぎます` });
    return null;
  }
  let balance: number | null = null;
  if (fields.balance !== undefined) {
    const b = parseAmount(fields.balance);
    if (Number.isNaN(b)) {
      problems.push({ line_no, message: `${line_no}行目: 残高「${fields.balance}」を読み取れません` });
      return null;
    }
    balance = b;
  }
  const description = fields.description.replace(/\s+/g, ' ').trim().slice(0, 255);
  const counterparty = fields.counterparty?.trim() || counterpartyOf(description);
  return {
    line_no,
    date,
    direction,
    amount,
    description,
    counterparty_name: counterparty ? counterparty.slice(0, 255) : null,
    balance,
  };
}

function balancesOf(rows: ParsedRow[]): { opening_balance: number | null; closing_balance: number | null } {
  const first = rows[0];
  const last = rows[rows.length - 1];
  if (!first || first.balance === null || !last || last.balance === null) {
    return { opening_balance: null, closing_balance: null };
  }
  return {
    opening_balance: first.balance - (first.direction === 'in' ? first.amount : -first.amount),
    closing_balance: last.balance,
  };
}

/* ---------------------------------------------------------------- CSV formats with a header row */

interface HeaderLayout {
  id: BankFormatId;
  /** Header names (NFKC, spaces removed) that identify the layout. */
  headers: string[];
  row(cell: (name: string) => string, line_no: number, problems: ParseProblem[]): ParsedRow | null;
}

const key = (s: string) => nfkc(s).replace(/\s+/g, '').replace(/^"|"$/g, '');

function allBlank(cells: string[]): boolean {
  for (let i = 0; i < cells.length; i++) if (cells[i].trim() !== '') return false;
  return true;
}

function headerParser(layout: HeaderLayout): BankParser {
  const findHeader = (records: { cells: string[] }[]) => {
    for (let i = 0; i < Math.min(records.length, 40); i++) {
      const keys = records[i].cells.map(key);
      if (layout.headers.every((h) => keys.includes(h))) return { index: i, keys };
    }
    return null;
  };
  return {
    id: layout.id,
    label: BANK_FORMATS[layout.id],
    detect({ text }) {
      const head = text
        .split(/\r\n|\n|\r/)
        .slice(0, 40)
        .join('\n');
      return findHeader(csvRecords(head)) ? 90 : 0;
    },
    parse({ text }) {
      const records = csvRecords(text);
      const problems: ParseProblem[] = [];
      const header = findHeader(records);
      if (!header) {
        return {
          rows: [],
          problems: [{ line_no: 1, message: `${BANK_FORMATS[layout.id]}の見出し行が見つかりません` }],
          opening_balance: null,
          closing_balance: null,
        };
      }
      const col = new Map(header.keys.map((k, i) => [k, i]));
      const rows: ParsedRow[] = [];
      // one cell reader for the whole file (no closure per row)
      let cells: string[] = [];
      const cell = (name: string) => cells[col.get(name) ?? -1] ?? '';
      for (let r = header.index + 1; r < records.length; r++) {
        cells = records[r].cells;
        if (allBlank(cells)) continue;
        const row = layout.row(cell, records[r].line_no, problems);
        if (row) rows.push(row);
      }
      return { rows, problems, ...balancesOf(rows) };
    },
  };
}

const joinText = (...parts: string[]) =>
  parts
    .map((p) => p.trim())
    .filter(Boolean)
    .join(' ');

export const mufgParser = headerParser({
  id: 'mufg',
  headers: ['日付', '摘要', '摘要内容', '支払い金額', '預かり金額', '差引残高'],
  row: (c, line_no, problems) =>
    makeRow(problems, line_no, {
      date: c('日付'),
      outAmount: c('支払い金額'),
      inAmount: c('預かり金額'),
      description: joinText(c('摘要'), c('摘要内容')),
      counterparty: /振込|ﾌﾘｺﾐ|振替/.test(c('摘要')) ? c('摘要内容') || null : null,
      balance: c('差引残高'),
    }),
});

export const smbcParser = headerParser({
  id: 'smbc',
  headers: ['年月日', 'お引出し', 'お預入れ', 'お取り扱い内容', '残高'],
  row: (c, line_no, problems) =>
    makeRow(problems, line_no, {
      date: c('年月日'),
      outAmount: c('お引出し'),
      inAmount: c('お預入れ'),
      description: c('お取り扱い内容'),
      balance: c('残高'),
    }),
});

export const mizuhoParser = headerParser({
  id: 'mizuho',
  headers: ['日付', 'お引出金額', 'お預入金額', 'お取引内容', '残高'],
  row: (c, line_no, problems) =>
    makeRow(problems, line_no, {
      date: c('日付'),
      outAmount: c('お引出金額'),
      inAmount: c('お預入金額'),
      description: c('お取引内容'),
      balance: c('残高'),
    }),
});

export const rakutenParser = headerParser({
  id: 'rakuten',
  headers: ['取引日', '入出金(円)', '取引後残高(円)', '入出金内容'],
  row: (c, line_no, problems) =>
    makeRow(problems, line_no, {
      date: c('取引日'),
      signed: c('入出金(円)'),
      description: c('入出金内容'),
      balance: c('取引後残高(円)'),
    }),
});

export const paypayParser = headerParser({
  id: 'paypay',
  headers: ['操作日(年)', '操作日(月)', '操作日(日)', '摘要', 'お支払金額', 'お預り金額', '残高'],
  row: (c, line_no, problems) =>
    makeRow(problems, line_no, {
      date: `${c('操作日(年)').trim()}/${c('操作日(月)').trim()}/${c('操作日(日)').trim()}`,
      outAmount: c('お支払金額'),
      inAmount: c('お預り金額'),
      description: c('摘要'),
      balance: c('残高'),
    }),
});

/* ---------------------------------------------------------------- 全銀 入出金取引明細 */

const RECORD = 200;
const sjis = new TextDecoder('shift_jis');

/** The 200-byte records of a 全銀 file: fixed length with or without CR/LF, an optional EOF (0x1A). */
function zenginRecords(bytes: Buffer): Buffer[] | null {
  let end = bytes.length;
  while (end > 0 && (bytes[end - 1] === 0x1a || bytes[end - 1] === 0x0a || bytes[end - 1] === 0x0d)) end--;
  const body = bytes.subarray(0, end);
  const out: Buffer[] = [];
  if (body.includes(0x0a) || body.includes(0x0d)) {
    let start = 0;
    for (let i = 0; i <= body.length; i++) {
      if (i === body.length || body[i] === 0x0a || body[i] === 0x0d) {
        if (i > start) out.push(body.subarray(start, i));
        if (body[i] === 0x0d && body[i + 1] === 0x0a) i++;
        start = i + 1;
      }
    }
  } else {
    if (body.length % RECORD !== 0) return null;
    for (let i = 0; i < body.length; i += RECORD) out.push(body.subarray(i, i + RECORD));
  }
  return out;
}

/** Reads fields of a record by byte length, in order. */
function fields(rec: Buffer, lengths: number[]): string[] {
  const out: string[] = [];
  let p = 0;
  for (const n of lengths) {
    out.push(sjis.decode(rec.subarray(p, p + n)));
    p += n;
  }
  return out;
}

const HEADER = [1, 2, 1, 6, 6, 6, 4, 15, 3, 15, 3, 1, 10, 40, 1, 1, 14, 71];
const DATA = [1, 8, 6, 6, 1, 2, 12, 12, 6, 6, 1, 7, 3, 10, 48, 15, 15, 20, 20, 1];
const TRAILER = [1, 6, 13, 6, 13, 1, 14, 7, 139];
const END = [1, 10, 5, 184];

const num = (s: string) => (/^\d+$/.test(s.trim()) ? Number(s.trim()) : Number.NaN);
const yen = (n: number) => `${n.toLocaleString('en-US')}円`;

function zenginDate(s: string): string | null {
  if (!/^\d{6}$/.test(s)) return null;
  return validDate(warekiYear(+s.slice(0, 2)), +s.slice(2, 4), +s.slice(4, 6));
}

interface ZenginAccount {
  accountNumber: string;
  rows: ParsedRow[];
  opening: number;
  closing: number | null;
}

export const zenginParser: BankParser = {
  id: 'zengin',
  label: BANK_FORMATS.zengin,
  detect({ bytes }) {
    // the first record: 200 bytes followed by CR/LF, the next record, or the end
    if (bytes.length < RECORD || bytes[0] !== 0x31 || bytes.subarray(1, 3).toString('latin1') !== '03') return 0;
    const after = bytes[RECORD];
    return after === undefined || after === 0x0d || after === 0x0a || after === 0x32 || after === 0x38 ? 100 : 0;
  },
  parse({ bytes, accountNumber }) {
    const problems: ParseProblem[] = [];
    const empty = { rows: [], problems, opening_balance: null, closing_balance: null };
    const recs = zenginRecords(bytes);
    if (!recs || recs.length === 0) {
      problems.push({ line_no: 1, message: '全銀形式のレコード長（200バイト）になっていません' });
      return empty;
    }
    const accounts: ZenginAccount[] = [];
    let current: (ZenginAccount & { inCount: number; inSum: number; outCount: number; outSum: number }) | null = null;
    let dataCount = 0;
    let sawEnd = false;
    recs.forEach((rec, i) => {
      const line_no = i + 1;
      if (rec.length !== RECORD) {
        problems.push({
          line_no,
          message: `${line_no}行目: レコード長が${rec.length}バイトです（200バイトが必要です）`,
        });
        return;
      }
      const kind = String.fromCharCode(rec[0]);
      if (kind === '1') {
        const f = fields(rec, HEADER);
        if (f[1] !== '03')
          problems.push({ line_no, message: `${line_no}行目: 種別コードが03（入出金取引明細）ではありません` });
        const opening = num(f[16]) * (f[14] === '2' ? -1 : 1);
        if (Number.isNaN(opening)) problems.push({ line_no, message: `${line_no}行目: 取引前残高を読み取れません` });
        current = {
          accountNumber: f[12].trim().replace(/^0+/, ''),
          rows: [],
          opening: Number.isNaN(opening) ? 0 : opening,
          closing: null,
          inCount: 0,
          inSum: 0,
          outCount: 0,
          outSum: 0,
        };
        dataCount = 0;
      } else if (kind === '2') {
        if (!current) {
          problems.push({ line_no, message: `${line_no}行目: ヘッダー・レコードより前にデータ・レコードがあります` });
          return;
        }
        const f = fields(rec, DATA);
        dataCount++;
        const date = zenginDate(f[2]);
        const amount = num(f[6]);
        if (!date) {
          problems.push({ line_no, message: `${line_no}行目: 勘定日「${f[2]}」を読み取れません` });
          return;
        }
        if (f[4] !== '1' && f[4] !== '2') {
          problems.push({
            line_no,
            message: `${line_no}行目: 入払区分「${f[4]}」は1（入金）か2（出金）にしてください`,
          });
          return;
        }
        if (Number.isNaN(amount) || amount <= 0) {
          problems.push({ line_no, message: `${line_no}行目: 取引金額「${f[6].trim()}」を読み取れません` });
          return;
        }
        const direction = f[4] === '1' ? 'in' : 'out';
        if (direction === 'in') {
          current.inCount++;
          current.inSum += amount;
        } else {
          current.outCount++;
          current.outSum += amount;
        }
        const payer = f[14].trim();
        const memo = f[17].trim();
        const description = (joinText(TRANSFER_KINDS[f[5]] ?? '', payer || memo) || memo || '（摘要なし）').slice(
          0,
          255,
        );
        current.rows.push({
          line_no,
          date,
          direction,
          amount,
          description,
          counterparty_name: payer || null,
          balance: null,
        });
      } else if (kind === '8') {
        if (!current) {
          problems.push({
            line_no,
            message: `${line_no}行目: ヘッダー・レコードより前にトレーラー・レコードがあります`,
          });
          return;
        }
        const f = fields(rec, TRAILER);
        const [inCount, inSum, outCount, outSum, after, count] = [f[1], f[2], f[3], f[4], f[6], f[7]].map(num);
        const closing = after * (f[5] === '2' ? -1 : 1);
        const checks: [boolean, string][] = [
          [inCount === current.inCount, `入金件数（トレーラー ${inCount}件、明細 ${current.inCount}件）`],
          [inSum === current.inSum, `入金額合計（トレーラー ${yen(inSum)}、明細 ${yen(current.inSum)}）`],
          [outCount === current.outCount, `出金件数（トレーラー ${outCount}件、明細 ${current.outCount}件）`],
          [outSum === current.outSum, `出金額合計（トレーラー ${yen(outSum)}、明細 ${yen(current.outSum)}）`],
          [count === dataCount, `データ・レコード件数（トレーラー ${count}件、明細 ${dataCount}件）`],
          [
            closing === current.opening + current.inSum - current.outSum,
            `取引後残高（トレーラー ${yen(closing)}、取引前残高＋入金−出金 ${yen(current.opening + current.inSum - current.outSum)}）`,
          ],
        ];
        for (const [ok, what] of checks) {
          if (!ok) problems.push({ line_no, message: `${line_no}行目: トレーラーの${what}が一致しません` });
        }
        // running balances of the rows
        let bal = current.opening;
        for (const r of current.rows) {
          bal += r.direction === 'in' ? r.amount : -r.amount;
          r.balance = bal;
        }
        current.closing = closing;
        accounts.push(current);
        current = null;
      } else if (kind === '9') {
        sawEnd = true;
        const f = fields(rec, END);
        if (num(f[1]) !== recs.length) {
          problems.push({
            line_no,
            message: `${line_no}行目: エンド・レコードのレコード総件数（${num(f[1])}件）がファイルの${recs.length}件と一致しません`,
          });
        }
        if (num(f[2]) !== accounts.length) {
          problems.push({
            line_no,
            message: `${line_no}行目: エンド・レコードの口座数（${num(f[2])}）が${accounts.length}口座と一致しません`,
          });
        }
      } else {
        problems.push({
          line_no,
          message: `${line_no}行目: データ区分「${kind}」は1・2・8・9のいずれかにしてください`,
        });
      }
    });
    if (current) problems.push({ line_no: recs.length, message: 'トレーラー・レコードがありません' });
    if (!sawEnd) problems.push({ line_no: recs.length, message: 'エンド・レコードがありません' });
    if (problems.length) return { ...empty, rows: accounts.flatMap((a) => a.rows) };
    let chosen = accounts[0];
    if (accounts.length > 1) {
      const wanted = (accountNumber ?? '').replace(/^0+/, '');
      const match = accounts.find((a) => a.accountNumber === wanted);
      if (!match) {
        problems.push({
          line_no: 1,
          message: `このファイルには${accounts.length}口座（${accounts.map((a) => a.accountNumber).join('・')}）の明細があり、選択した口座の番号と一致するものがありません`,
        });
        return empty;
      }
      chosen = match;
    }
    if (!chosen) return empty;
    return { rows: chosen.rows, problems, opening_balance: chosen.opening, closing_balance: chosen.closing };
  },
};

const TRANSFER_KINDS: Record<string, string> = {
  '10': '現金',
  '11': '振込',
  '12': '他店券入金',
  '13': '交換',
  '14': '振替',
  '18': 'その他',
  '19': '訂正',
};

/* ---------------------------------------------------------------- saved column mappings */

export function mappingParser(id: number, m: BankCsvMappingValues): BankParser {
  return {
    id: `mapping:${id}`,
    label: `列の対応付け「${m.name}」`,
    detect: () => 0,
    parse({ text }) {
      const records = csvRecords(text);
      const problems: ParseProblem[] = [];
      const rows: ParsedRow[] = [];
      const start = m.skip_rows + (m.has_header ? 1 : 0);
      const at = (cells: string[], col: number | null) => (col === null ? undefined : (cells[col - 1] ?? ''));
      for (let r = 0; r < records.length; r++) {
        const { cells, line_no } = records[r];
        if (line_no <= start || allBlank(cells)) continue;
        const row = makeRow(problems, line_no, {
          date: at(cells, m.date_column) ?? '',
          ...(m.amount_column !== null
            ? { signed: at(cells, m.amount_column) }
            : { inAmount: at(cells, m.in_column), outAmount: at(cells, m.out_column) }),
          description: at(cells, m.description_column) ?? '',
          counterparty: at(cells, m.counterparty_column) ?? null,
          ...(m.balance_column !== null ? { balance: at(cells, m.balance_column) } : {}),
        });
        if (row) rows.push(row);
      }
      return { rows, problems, ...balancesOf(rows) };
    },
  };
}

/* ---------------------------------------------------------------- registry and detection */

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
