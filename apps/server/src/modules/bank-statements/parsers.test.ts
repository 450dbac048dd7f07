import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  type BankParser,
  BUILTIN_PARSERS,
  decodeStatement,
  detectParser,
  mappingParser,
  parseAmount,
  parseBankDate,
  zenginParser,
} from './parsers.js';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const fixture = (name: string) => decodeStatement(readFileSync(path.join(dir, name)));

/** What every layout's fixture holds (fixtures/generate.ts LINES, opening 1,000,000). */
const EXPECTED = [
  { date: '2026-04-01', direction: 'in', amount: 110_000, balance: 1_110_000 },
  { date: '2026-04-01', direction: 'in', amount: 110_000, balance: 1_220_000 },
  { date: '2026-04-03', direction: 'out', amount: 440, balance: 1_219_560 },
  { date: '2026-04-10', direction: 'out', amount: 165_000, balance: 1_054_560 },
  { date: '2026-04-25', direction: 'in', amount: 54_560, balance: 1_109_120 },
];

const CASES: [string, string, string][] = [
  ['zengin', 'zengin.txt', 'shift_jis'],
  ['zengin', 'zengin-no-newline.txt', 'shift_jis'],
  ['mufg', 'mufg.csv', 'shift_jis'],
  ['smbc', 'smbc.csv', 'shift_jis'],
  ['mizuho', 'mizuho.csv', 'shift_jis'],
  ['rakuten', 'rakuten.csv', 'shift_jis'],
  ['paypay', 'paypay.csv', 'shift_jis'],
  ['smbc', 'smbc-utf8-bom.csv', 'utf-8'],
];

describe('the shared adapter suite (every built-in parser on its real-encoding fixture)', () => {
  it.each(CASES)('%s reads %s', (id, file, encoding) => {
    const input = fixture(file);
    expect(input.encoding).toBe(encoding);
    const parser = detectParser(input) as BankParser;
    expect(parser?.id).toBe(id);
    const result = parser.parse(input);
    expect(result.problems).toEqual([]);
    expect(result.rows.map(({ date, direction, amount, balance }) => ({ date, direction, amount, balance }))).toEqual(
      EXPECTED,
    );
    expect(result.opening_balance).toBe(1_000_000);
    expect(result.closing_balance).toBe(1_109_120);
    // half-width kana kept as in the file; the payer is the counterparty
    expect(result.rows[0].description).toContain('ﾔﾏﾀﾞｼﾖｳｼﾞ');
    expect(result.rows[0].counterparty_name).toBe('ｶ)ﾔﾏﾀﾞｼﾖｳｼﾞ');
    expect(result.rows[4].counterparty_name).toBe('ｽｽﾞｷｺｳｷﾞﾖｳ(ｶ');
  });

  it('every built-in parser says no to the other layouts', () => {
    for (const [id, file] of CASES) {
      const input = fixture(file);
      for (const p of BUILTIN_PARSERS) if (p.id !== id) expect(p.detect(input), `${p.id} on ${file}`).toBe(0);
    }
  });
});

describe('全銀', () => {
  it('picks the account of a two-account file by its number, and refuses an unknown one', () => {
    const input = fixture('zengin-two-accounts.txt');
    const second = zenginParser.parse({ ...input, accountNumber: '7654321' });
    expect(second.problems).toEqual([]);
    expect(second.rows).toHaveLength(1);
    expect(second.rows[0]).toMatchObject({ amount: 3_300, direction: 'in', balance: 53_300 });
    expect(second.closing_balance).toBe(53_300);
    expect(zenginParser.parse({ ...input, accountNumber: '1234567' }).rows).toHaveLength(5);
    expect(zenginParser.parse({ ...input, accountNumber: '9999999' }).problems[0].message).toContain('2口座');
  });

  it('refuses a file whose trailer totals do not match its rows', () => {
    const r = zenginParser.parse(fixture('zengin-bad-trailer.txt'));
    expect(r.problems.map((p) => p.message)).toEqual([
      '7行目: トレーラーの入金額合計（トレーラー 274,561円、明細 274,560円）が一致しません',
    ]);
  });

  it('refuses a truncated file with the record number', () => {
    const r = zenginParser.parse(fixture('zengin-truncated.txt'));
    expect(r.problems.length).toBeGreaterThan(0);
    expect(r.problems[0].message).toMatch(/4行目|レコード/);
  });
});

describe('broken CSV', () => {
  it('reports every bad row with its line number', () => {
    const input = fixture('smbc-broken.csv');
    const r = (detectParser(input) as BankParser).parse(input);
    expect(r.problems.map((p) => p.line_no)).toEqual([3, 5]);
    expect(r.problems[0].message).toBe('3行目: 日付「2026/13/45」を読み取れません');
    expect(r.problems[1].message).toBe('5行目: 金額「abc」を読み取れません');
  });
});

describe('saved column mapping', () => {
  it('reads another bank CSV with 和暦 dates, ￥ and full-width digits', () => {
    const input = fixture('other-bank.csv');
    expect(detectParser(input)).toBeNull();
    const p = mappingParser(7, {
      name: 'その他銀行',
      skip_rows: 1,
      has_header: true,
      date_column: 1,
      description_column: 2,
      in_column: 3,
      out_column: 4,
      amount_column: null,
      counterparty_column: null,
      balance_column: 5,
    });
    const r = p.parse(input);
    expect(r.problems).toEqual([]);
    expect(r.rows).toMatchObject([
      { line_no: 3, date: '2026-04-01', direction: 'in', amount: 110_000, balance: 1_110_000 },
      { line_no: 4, date: '2026-04-03', direction: 'out', amount: 440, balance: 1_109_560 },
    ]);
  });
});

describe('field readers', () => {
  it.each([
    ['2026/04/01', '2026-04-01'],
    ['2026-4-1', '2026-04-01'],
    ['20260401', '2026-04-01'],
    ['2026年4月1日', '2026-04-01'],
    ['R8.4.1', '2026-04-01'],
    ['令和8年4月1日', '2026-04-01'],
    ['H31/4/30', '2019-04-30'],
    ['令和元年5月1日', '2019-05-01'],
    ['２０２６／０４／０１', '2026-04-01'],
    ['2026/02/30', null],
    ['昨日', null],
  ])('date %s → %s', (raw, iso) => expect(parseBankDate(raw)).toBe(iso));

  it.each([
    ['1,234', 1234],
    ['￥1,234', 1234],
    ['¥1,234円', 1234],
    ['１２３４', 1234],
    ['-500', -500],
    ['△500', -500],
    ['▲500', -500],
    ['+500', 500],
    ['', null],
    ['12a', Number.NaN],
  ])('amount %s → %s', (raw, v) => expect(parseAmount(raw)).toBe(v));
});
