import { BANK_FORMATS } from '@chobo/core';
import { joinText, validDate, warekiYear } from './fields.js';
import type { BankParser, ParsedRow, ParseProblem } from './types.js';

/** 全銀協 入出金取引明細: 200-byte records (Shift_JIS) read by byte position, trailer and end record verified. */

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

const TRANSFER_KINDS: Record<string, string> = {
  '10': '現金',
  '11': '振込',
  '12': '他店券入金',
  '13': '交換',
  '14': '振替',
  '18': 'その他',
  '19': '訂正',
};

/* ---------------------------------------------------------------- the parse, one handler per record kind */

interface ZenginAccount {
  accountNumber: string;
  rows: ParsedRow[];
  opening: number;
  closing: number | null;
}

/** The running account (between its header and trailer) with the sums its trailer is checked against. */
type OpenAccount = ZenginAccount & { inCount: number; inSum: number; outCount: number; outSum: number };

interface ZenginState {
  recordCount: number;
  problems: ParseProblem[];
  accounts: ZenginAccount[];
  current: OpenAccount | null;
  dataCount: number;
  sawEnd: boolean;
}

/** ヘッダー・レコード (1): opens an account with its 取引前残高. */
function headerRecord(st: ZenginState, rec: Buffer, line_no: number) {
  const f = fields(rec, HEADER);
  if (f[1] !== '03')
    st.problems.push({ line_no, message: `${line_no}行目: 種別コードが03（入出金取引明細）ではありません` });
  const opening = num(f[16]) * (f[14] === '2' ? -1 : 1);
  if (Number.isNaN(opening)) st.problems.push({ line_no, message: `${line_no}行目: 取引前残高を読み取れません` });
  st.current = {
    accountNumber: f[12].trim().replace(/^0+/, ''),
    rows: [],
    opening: Number.isNaN(opening) ? 0 : opening,
    closing: null,
    inCount: 0,
    inSum: 0,
    outCount: 0,
    outSum: 0,
  };
  st.dataCount = 0;
}

/** データ・レコード (2): one transaction of the open account. */
function dataRecord(st: ZenginState, rec: Buffer, line_no: number) {
  const current = st.current;
  if (!current) {
    st.problems.push({ line_no, message: `${line_no}行目: ヘッダー・レコードより前にデータ・レコードがあります` });
    return;
  }
  const f = fields(rec, DATA);
  st.dataCount++;
  const date = zenginDate(f[2]);
  const amount = num(f[6]);
  if (!date) {
    st.problems.push({ line_no, message: `${line_no}行目: 勘定日「${f[2]}」を読み取れません` });
    return;
  }
  if (f[4] !== '1' && f[4] !== '2') {
    st.problems.push({
      line_no,
      message: `${line_no}行目: 入払区分「${f[4]}」は1（入金）か2（出金）にしてください`,
    });
    return;
  }
  if (Number.isNaN(amount) || amount <= 0) {
    st.problems.push({ line_no, message: `${line_no}行目: 取引金額「${f[6].trim()}」を読み取れません` });
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
  const description = (joinText(TRANSFER_KINDS[f[5]] ?? '', payer || memo) || memo || '（摘要なし）').slice(0, 255);
  current.rows.push({
    line_no,
    date,
    direction,
    amount,
    description,
    counterparty_name: payer || null,
    balance: null,
  });
}

/** トレーラー・レコード (8): the open account's counts, sums and closing balance checked; the account closed. */
function trailerRecord(st: ZenginState, rec: Buffer, line_no: number) {
  const current = st.current;
  if (!current) {
    st.problems.push({
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
    [count === st.dataCount, `データ・レコード件数（トレーラー ${count}件、明細 ${st.dataCount}件）`],
    [
      closing === current.opening + current.inSum - current.outSum,
      `取引後残高（トレーラー ${yen(closing)}、取引前残高＋入金−出金 ${yen(current.opening + current.inSum - current.outSum)}）`,
    ],
  ];
  for (const [ok, what] of checks) {
    if (!ok) st.problems.push({ line_no, message: `${line_no}行目: トレーラーの${what}が一致しません` });
  }
  // running balances of the rows
  let bal = current.opening;
  for (const r of current.rows) {
    bal += r.direction === 'in' ? r.amount : -r.amount;
    r.balance = bal;
  }
  current.closing = closing;
  st.accounts.push(current);
  st.current = null;
}

/** エンド・レコード (9): the file's record and account counts checked. */
function endRecord(st: ZenginState, rec: Buffer, line_no: number) {
  st.sawEnd = true;
  const f = fields(rec, END);
  if (num(f[1]) !== st.recordCount) {
    st.problems.push({
      line_no,
      message: `${line_no}行目: エンド・レコードのレコード総件数（${num(f[1])}件）がファイルの${st.recordCount}件と一致しません`,
    });
  }
  if (num(f[2]) !== st.accounts.length) {
    st.problems.push({
      line_no,
      message: `${line_no}行目: エンド・レコードの口座数（${num(f[2])}）が${st.accounts.length}口座と一致しません`,
    });
  }
}

const RECORD_KINDS: Record<string, (st: ZenginState, rec: Buffer, line_no: number) => void> = {
  '1': headerRecord,
  '2': dataRecord,
  '8': trailerRecord,
  '9': endRecord,
};

/** Every record read in order; a record of the wrong length or kind is a problem. */
function readRecords(recs: Buffer[], problems: ParseProblem[]): ZenginState {
  const st: ZenginState = {
    recordCount: recs.length,
    problems,
    accounts: [],
    current: null,
    dataCount: 0,
    sawEnd: false,
  };
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
    const handle = Object.hasOwn(RECORD_KINDS, kind) ? RECORD_KINDS[kind] : null;
    if (handle) handle(st, rec, line_no);
    else {
      problems.push({
        line_no,
        message: `${line_no}行目: データ区分「${kind}」は1・2・8・9のいずれかにしてください`,
      });
    }
  });
  if (st.current) problems.push({ line_no: recs.length, message: 'トレーラー・レコードがありません' });
  if (!st.sawEnd) problems.push({ line_no: recs.length, message: 'エンド・レコードがありません' });
  return st;
}

/** A file of several accounts: the one whose number is the bank account's (leading zeros ignored). */
function chooseAccount(
  accounts: ZenginAccount[],
  accountNumber: string | null | undefined,
  problems: ParseProblem[],
): ZenginAccount | undefined {
  if (accounts.length <= 1) return accounts[0];
  const wanted = (accountNumber ?? '').replace(/^0+/, '');
  const match = accounts.find((a) => a.accountNumber === wanted);
  if (!match) {
    problems.push({
      line_no: 1,
      message: `このファイルには${accounts.length}口座（${accounts.map((a) => a.accountNumber).join('・')}）の明細があり、選択した口座の番号と一致するものがありません`,
    });
  }
  return match;
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
    const { accounts } = readRecords(recs, problems);
    if (problems.length) return { ...empty, rows: accounts.flatMap((a) => a.rows) };
    const chosen = chooseAccount(accounts, accountNumber, problems);
    if (!chosen) return empty;
    return { rows: chosen.rows, problems, opening_balance: chosen.opening, closing_balance: chosen.closing };
  },
};
