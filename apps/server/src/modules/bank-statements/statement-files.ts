import iconv from 'iconv-lite';

/**
 * Writers of real-encoding statement files (全銀 fixed-length in Shift_JIS, bank CSVs in Shift_JIS with
 * preambles, UTF-8 with BOM): the committed fixtures (fixtures/generate.ts), the demo data and the benchmark
 * are made with them, so what the parsers read is what banks send.
 */

export interface StatementLine {
  date: string;
  direction: 'in' | 'out';
  amount: number;
  /** 振込依頼人名 (全銀) or the description (CSV), e.g. 'ﾌﾘｺﾐ ｶ)ｻﾝﾌﾟﾙｼﾖｳｼﾞ'. */
  description: string;
  /** 全銀 取引区分 (11 振込 …); CSV ignores it. */
  kind?: string;
}

const sjis = (s: string) => iconv.encode(s, 'cp932');

/** A C field: left-justified, space-filled to `len` BYTES (cut at a character boundary). */
function c(s: string, len: number): Buffer {
  let b = sjis(s);
  while (b.length > len) {
    s = s.slice(0, -1);
    b = sjis(s);
  }
  return Buffer.concat([b, Buffer.alloc(len - b.length, 0x20)]);
}
/** An N field: right-justified, zero-filled. */
function n(v: number | string, len: number): Buffer {
  const s = String(v);
  if (s.length > len) throw new Error(`N field too long: ${s}`);
  return Buffer.from(s.padStart(len, '0'), 'latin1');
}
/** YYMMDD in 和暦 (令和). */
export function warekiYYMMDD(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  const era = y >= 2019 ? y - 2018 : y - 1988;
  return `${String(era).padStart(2, '0')}${String(m).padStart(2, '0')}${String(d).padStart(2, '0')}`;
}

export interface ZenginAccountSpec {
  bankCode: string;
  bankName: string;
  branchCode: string;
  branchName: string;
  accountNumber: string;
  accountName: string;
  opening: number;
  lines: StatementLine[];
  /** Break the trailer (a broken-file fixture): added to the 入金額合計. */
  trailerError?: number;
}

/** A 全銀 入出金取引明細 file: 200-byte records, CRLF after each, Shift_JIS (JIS 8-bit kana). */
export function zenginFile(accounts: ZenginAccountSpec[], opts: { newline?: boolean } = {}): Buffer {
  const recs: Buffer[] = [];
  for (const a of accounts) {
    const dates = a.lines.map((l) => l.date).sort();
    const from = dates[0] ?? '2026-04-01';
    const to = dates[dates.length - 1] ?? from;
    recs.push(
      Buffer.concat([
        n(1, 1),
        n('03', 2),
        n(0, 1),
        n(warekiYYMMDD(to), 6),
        n(warekiYYMMDD(from), 6),
        n(warekiYYMMDD(to), 6),
        n(a.bankCode, 4),
        c(a.bankName, 15),
        n(a.branchCode, 3),
        c(a.branchName, 15),
        c('', 3),
        n(1, 1),
        n(a.accountNumber, 10),
        c(a.accountName, 40),
        n(a.opening < 0 ? 2 : 1, 1),
        n(1, 1),
        n(Math.abs(a.opening), 14),
        c('', 71),
      ]),
    );
    let inCount = 0;
    let inSum = 0;
    let outCount = 0;
    let outSum = 0;
    a.lines.forEach((l, i) => {
      if (l.direction === 'in') {
        inCount++;
        inSum += l.amount;
      } else {
        outCount++;
        outSum += l.amount;
      }
      recs.push(
        Buffer.concat([
          n(2, 1),
          n(i + 1, 8),
          n(warekiYYMMDD(l.date), 6),
          n(warekiYYMMDD(l.date), 6),
          n(l.direction === 'in' ? 1 : 2, 1),
          n(l.kind ?? (l.direction === 'in' ? '11' : '14'), 2),
          n(l.amount, 12),
          n(0, 12),
          n(0, 6),
          n(0, 6),
          c('', 1),
          c('', 7),
          c('', 3),
          c('', 10),
          c(l.description, 48),
          c('', 15),
          c('', 15),
          c('', 20),
          c('', 20),
          c('', 1),
        ]),
      );
    });
    const closing = a.opening + inSum - outSum;
    recs.push(
      Buffer.concat([
        n(8, 1),
        n(inCount, 6),
        n(inSum + (a.trailerError ?? 0), 13),
        n(outCount, 6),
        n(outSum, 13),
        n(closing < 0 ? 2 : 1, 1),
        n(Math.abs(closing), 14),
        n(a.lines.length, 7),
        c('', 139),
      ]),
    );
  }
  recs.push(Buffer.concat([n(9, 1), n(recs.length + 1, 10), n(accounts.length, 5), c('', 184)]));
  const eol = opts.newline === false ? Buffer.alloc(0) : Buffer.from('\r\n');
  return Buffer.concat(recs.flatMap((r) => [r, eol]));
}

const fmtSlash = (iso: string) => iso.replaceAll('-', '/');
const q = (s: string | number) => {
  const v = String(s);
  return /[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v;
};
const comma = (v: number) => v.toLocaleString('en-US');

export type CsvBank = 'mufg' | 'smbc' | 'mizuho' | 'rakuten' | 'paypay';

/** The lines of a bank CSV (header + rows, with the bank's preamble), as text. */
export function bankCsvText(bank: CsvBank, lines: StatementLine[], opening: number): string {
  let bal = opening;
  const rows: string[] = [];
  const next = (l: StatementLine) => {
    bal += l.direction === 'in' ? l.amount : -l.amount;
    return bal;
  };
  const inA = (l: StatementLine) => (l.direction === 'in' ? comma(l.amount) : '');
  const outA = (l: StatementLine) => (l.direction === 'out' ? comma(l.amount) : '');
  switch (bank) {
    case 'mufg':
      rows.push('日付,摘要,摘要内容,支払い金額,預かり金額,差引残高,メモ,未資金化区分,入払区分');
      for (const l of lines) {
        const [head, ...rest] = l.description.split(' ');
        const detail = rest.join(' ');
        rows.push(
          [
            fmtSlash(l.date),
            head,
            detail,
            outA(l),
            inA(l),
            comma(next(l)),
            '',
            '',
            l.direction === 'in' ? '入金' : '支払い',
          ]
            .map(q)
            .join(','),
        );
      }
      break;
    case 'smbc':
      rows.push('年月日,お引出し,お預入れ,お取り扱い内容,残高,メモ,ラベル');
      for (const l of lines)
        rows.push([fmtSlash(l.date), outA(l), inA(l), l.description, comma(next(l)), '', ''].map(q).join(','));
      break;
    case 'mizuho':
      rows.push(
        '"お取引明細"',
        '"照会口座","本店 普通 1234567"',
        '"照会期間","指定期間"',
        '"照会開始日",""',
        '"照会終了日",""',
        '"並び順","日付昇順"',
        '',
        '"お客様名","ｶ)ｻﾝﾌﾟﾙｼﾖｳｼﾞ"',
        '',
        '日付,お引出金額,お預入金額,お取引内容,残高,メモ',
      );
      for (const l of lines)
        rows.push([fmtSlash(l.date), outA(l), inA(l), l.description, comma(next(l)), ''].map(q).join(','));
      break;
    case 'rakuten':
      rows.push('取引日,入出金(円),取引後残高(円),入出金内容');
      for (const l of lines)
        rows.push(
          [l.date.replaceAll('-', ''), (l.direction === 'in' ? '' : '-') + l.amount, next(l), l.description]
            .map(q)
            .join(','),
        );
      break;
    case 'paypay':
      rows.push(
        '操作日(年),操作日(月),操作日(日),操作時刻(時),操作時刻(分),操作時刻(秒),取引順番号,摘要,お支払金額,お預り金額,残高,メモ',
      );
      lines.forEach((l, i) => {
        const [y, m, d] = l.date.split('-');
        rows.push(
          [
            y,
            String(Number(m)),
            String(Number(d)),
            '10',
            '15',
            '00',
            i + 1,
            l.description,
            outA(l),
            inA(l),
            next(l),
            '',
          ]
            .map(q)
            .join(','),
        );
      });
      break;
  }
  return `${rows.join('\r\n')}\r\n`;
}

/** A bank CSV as the bank sends it: Shift_JIS (CP932), or UTF-8 with a BOM. */
export function bankCsvFile(
  bank: CsvBank,
  lines: StatementLine[],
  opening: number,
  opts: { encoding?: 'sjis' | 'utf8-bom'; preamble?: string[] } = {},
): Buffer {
  const text = (opts.preamble?.length ? `${opts.preamble.join('\r\n')}\r\n` : '') + bankCsvText(bank, lines, opening);
  return opts.encoding === 'utf8-bom'
    ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)])
    : sjis(text);
}

/** Deterministic statement lines for tests and the benchmark (a mix of transfers in, fees, rent…). */
export function syntheticLines(count: number, start = '2025-04-01'): StatementLine[] {
  const payers = ['ｶ)ﾔﾏﾀﾞｼﾖｳｼﾞ', 'ｽｽﾞｷｺｳｷﾞﾖｳ(ｶ', 'ﾕ)ﾀﾅｶｼﾖｳﾃﾝ', 'ｻﾄｳ ﾀﾛｳ', 'ｶ)ﾐﾅﾐﾃﾞﾝｷ'];
  const out: StatementLine[] = [];
  const base = Date.UTC(+start.slice(0, 4), +start.slice(5, 7) - 1, +start.slice(8, 10));
  for (let i = 0; i < count; i++) {
    const date = new Date(base + Math.floor(i / 300) * 86_400_000).toISOString().slice(0, 10);
    const k = i % 4;
    if (k === 0 || k === 1) {
      out.push({
        date,
        direction: 'in',
        amount: 10_000 + ((i * 7919) % 990_000),
        description: `ﾌﾘｺﾐ ${payers[i % payers.length]}`,
      });
    } else if (k === 2) {
      out.push({ date, direction: 'out', amount: 440 + (i % 3) * 110, description: 'ﾌﾘｺﾐﾃｽｳﾘﾖｳ' });
    } else {
      out.push({
        date,
        direction: 'out',
        amount: 1_000 + ((i * 104_729) % 500_000),
        description: `ｶｰﾄﾞ ｼﾖｳﾋﾝ${i % 97}`,
      });
    }
  }
  return out;
}
