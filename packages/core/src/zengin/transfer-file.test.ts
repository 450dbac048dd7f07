import { describe, expect, it } from 'vitest';
import { ZENGIN_PERMITTED } from './kana.js';
import { readZenginTransferFile } from './test/zengin-reader.js';
import {
  ZenginFileError,
  type ZenginTransferFileInput,
  zenginBytes,
  zenginTransferFile,
  zenginTransferRecords,
} from './transfer-file.js';

const requester = {
  code: '1234567890',
  name_kana: 'カブシキガイシャ チョウボ',
  bank_code: '0001',
  bank_name_kana: 'ミズホ',
  branch_code: '100',
  branch_name_kana: 'ホンテン',
  account_type: 1,
  account_number: '1234567',
} as const;

const input: ZenginTransferFileInput = {
  kind: 21,
  requester,
  transfer_date: '2026-11-30',
  transfers: [
    {
      bank_code: '0005',
      bank_name_kana: 'ミツビシユーエフジエイ',
      branch_code: '001',
      branch_name_kana: 'ヒガシシンジュクニシグチエキ',
      account_type: 1,
      account_number: '0012345',
      holder_kana: 'ヤマダショウジ株式会社',
      amount: 110_000,
      customer_code: '42',
    },
    {
      bank_code: '0009',
      bank_name_kana: 'ミツイスミトモ',
      branch_code: '123',
      branch_name_kana: 'シンジュク',
      account_type: 2,
      account_number: '7654321',
      holder_kana: 'ゆうげんがいしゃ すずき',
      amount: 29_450,
    },
  ],
};

const text = (bytes: Uint8Array) => new TextDecoder('shift_jis', { fatal: true }).decode(bytes);

describe('zenginTransferFile: 総合振込 (種別コード 21), byte by byte', () => {
  const bytes = zenginTransferFile(input);

  it('is 5 records (1, 2, 2, 8, 9) of 120 bytes, each followed by CRLF', () => {
    expect(bytes.length).toBe(5 * 122);
    for (let r = 0; r < 5; r++) {
      expect(bytes[r * 122 + 120]).toBe(0x0d);
      expect(bytes[r * 122 + 121]).toBe(0x0a);
      for (let i = r * 122; i < r * 122 + 120; i++) expect([0x0d, 0x0a]).not.toContain(bytes[i]);
    }
  });

  it('holds only the permitted characters, half-width kana as the single bytes 0xA1–0xDF', () => {
    const permitted = new Set([...ZENGIN_PERMITTED].map((c) => c.charCodeAt(0)));
    for (const b of bytes) {
      if (b === 0x0d || b === 0x0a) continue;
      if (b >= 0xa1 && b <= 0xdf) expect(permitted.has(b - 0xa1 + 0xff61)).toBe(true);
      else expect(permitted.has(b)).toBe(true);
    }
    // ﾐ is U+FF90 → 0xD0 in Shift_JIS; the platform's decoder agrees with every byte
    expect(zenginBytes('ﾐｽﾞﾎ')).toEqual(new Uint8Array([0xd0, 0xbd, 0xde, 0xce]));
    expect(zenginBytes(text(bytes))).toEqual(bytes);
  });

  it('writes each field at its place (FACTS.md §10)', () => {
    const [header, first, second, trailer, end] = text(bytes).split('\r\n') as [string, string, string, string, string];
    expect([...end].every((c, i) => (i === 0 ? c === '9' : c === ' '))).toBe(true);
    const at = (r: string, from: number, length: number) => r.slice(from - 1, from - 1 + length);
    // header: 1 · 21 · 0 · 依頼人コード10 · 依頼人名40 · MMDD · 銀行4 · 銀行名15 · 支店3 · 支店名15 · 種目1 · 口座7 · ダミー17
    expect(at(header, 1, 4)).toBe('1210');
    expect(at(header, 5, 10)).toBe('1234567890');
    expect(at(header, 15, 40)).toBe('ｶ)ﾁﾖｳﾎﾞ'.padEnd(40));
    expect(at(header, 55, 4)).toBe('1130');
    expect(at(header, 59, 4)).toBe('0001');
    expect(at(header, 63, 15)).toBe('ﾐｽﾞﾎ'.padEnd(15));
    expect(at(header, 78, 3)).toBe('100');
    expect(at(header, 81, 15)).toBe('ﾎﾝﾃﾝ'.padEnd(15));
    expect(at(header, 96, 1)).toBe('1');
    expect(at(header, 97, 7)).toBe('1234567');
    expect(at(header, 104, 17)).toBe(' '.repeat(17));
    // data: 2 · 銀行4 · 銀行名15 · 支店3 · 支店名15 · 交換所4 · 種目1 · 口座7 · 受取人30 · 金額10 · 新規1 · 顧客1 10 · 顧客2 10 · 指定1 · 識別1 · ダミー7
    expect(at(first, 1, 1)).toBe('2');
    expect(at(first, 2, 4)).toBe('0005');
    expect(at(first, 6, 15)).toBe('ﾐﾂﾋﾞｼﾕ-ｴﾌｼﾞｴｲ'.padEnd(15));
    expect(at(first, 21, 3)).toBe('001');
    // a branch name is cut to its 15 places (ﾋｶﾞｼｼﾝｼﾞﾕｸﾆｼｸﾞﾁｴｷ has 17 characters)
    expect(at(first, 24, 15)).toBe('ﾋｶﾞｼｼﾝｼﾞﾕｸﾆｼｸﾞﾁ');
    expect(at(first, 39, 4)).toBe('    ');
    expect(at(first, 43, 1)).toBe('1');
    expect(at(first, 44, 7)).toBe('0012345');
    expect(at(first, 51, 30)).toBe('ﾔﾏﾀﾞｼﾖｳｼﾞ(ｶ'.padEnd(30));
    expect(at(first, 81, 10)).toBe('0000110000');
    expect(at(first, 91, 1)).toBe('0');
    expect(at(first, 92, 10)).toBe('0000000042');
    expect(at(first, 102, 10)).toBe(' '.repeat(10));
    expect(at(first, 112, 9)).toBe(' '.repeat(9));
    expect(at(second, 43, 1)).toBe('2');
    expect(at(second, 51, 30)).toBe('ﾕ)ｽｽﾞｷ'.padEnd(30));
    expect(at(second, 81, 10)).toBe('0000029450');
    expect(at(second, 92, 10)).toBe(' '.repeat(10));
    // trailer: 8 · 件数6 · 金額12 · ダミー101
    expect(at(trailer, 1, 1)).toBe('8');
    expect(at(trailer, 2, 6)).toBe('000002');
    expect(at(trailer, 8, 12)).toBe('000000139450');
    expect(at(trailer, 20, 101)).toBe(' '.repeat(101));
  });

  it('reads back through the separate 全銀 reader', () => {
    const read = readZenginTransferFile(bytes);
    expect(read.header.kind_code?.raw).toBe('21');
    expect(read.header.requester_code?.raw).toBe('1234567890');
    expect(read.header.date_mmdd?.raw).toBe('1130');
    expect(read.data).toHaveLength(2);
    const amounts = read.data.map((d) => Number(d.amount?.raw));
    expect(amounts).toEqual([110_000, 29_450]);
    expect(read.data.map((d) => d.holder?.raw.trimEnd())).toEqual(['ﾔﾏﾀﾞｼﾖｳｼﾞ(ｶ', 'ﾕ)ｽｽﾞｷ']);
    expect(read.data.map((d) => `${d.bank_code?.raw}-${d.branch_code?.raw}-${d.account_number?.raw}`)).toEqual([
      '0005-001-0012345',
      '0009-123-7654321',
    ]);
    expect(Number(read.trailer.count?.raw)).toBe(read.data.length);
    expect(Number(read.trailer.total?.raw)).toBe(amounts.reduce((a, b) => a + b, 0));
  });

  it('writes 給与振込 (11) from the same records, the 社員番号 in 顧客コード1', () => {
    const payroll = zenginTransferFile({
      ...input,
      kind: 11,
      transfers: input.transfers.map((t) => ({ ...t, method: 7 as const })),
    });
    const read = readZenginTransferFile(payroll);
    expect(read.header.kind_code?.raw).toBe('11');
    expect(read.data[0]?.customer_code_1?.raw).toBe('0000000042');
    // 振込指定区分 is a dummy in 給与振込
    expect(read.data[0]?.method?.raw).toBe(' ');
    expect(zenginTransferRecords({ ...input, transfers: [{ ...input.transfers[1]!, method: 7 }] })[1]?.[111]).toBe('7');
  });

  it('a 2,000-transfer file: 2,003 records and the right total', () => {
    const transfers = Array.from({ length: 2000 }, (_, i) => ({ ...input.transfers[i % 2]!, amount: 1000 + i }));
    const read = readZenginTransferFile(zenginTransferFile({ ...input, transfers }));
    expect(read.data).toHaveLength(2000);
    expect(read.trailer.count?.raw).toBe('002000');
    expect(Number(read.trailer.total?.raw)).toBe(2000 * 1000 + (1999 * 2000) / 2);
  });
});

describe('zenginTransferFile: what cannot be written', () => {
  const refuse = (change: (i: ZenginTransferFileInput) => ZenginTransferFileInput) => {
    try {
      zenginTransferFile(change(structuredClone(input) as ZenginTransferFileInput));
    } catch (e) {
      expect(e).toBeInstanceOf(ZenginFileError);
      return e as ZenginFileError;
    }
    throw new Error('written');
  };
  const withTransfer = (patch: object) => (i: ZenginTransferFileInput) => ({
    ...i,
    transfers: [i.transfers[0]!, { ...i.transfers[1]!, ...patch }],
  });

  it('names the transfer and the character of a name that has no bank form', () => {
    const e = refuse(withTransfer({ holder_kana: '山田商事' }));
    expect(e.path).toBe('transfers.1.holder_kana');
    expect(e.transferIndex).toBe(1);
    expect(e.char).toBe('山');
    expect(e.message).toBe('受取人名の「山」は振込データに使えない文字です');
  });

  it.each([
    [{ holder_kana: 'ア'.repeat(31) }, 'transfers.1.holder_kana', '受取人名は半角30文字以内にしてください'],
    [{ bank_code: '123' }, 'transfers.1.bank_code', '銀行コードは4桁の数字で入力してください'],
    [{ branch_code: '12a' }, 'transfers.1.branch_code', '支店コードは3桁の数字で入力してください'],
    [{ account_number: '123456' }, 'transfers.1.account_number', '口座番号は7桁の数字で入力してください'],
    [{ account_type: 3 }, 'transfers.1.account_type', '預金種目が正しくありません'],
    [{ amount: 0 }, 'transfers.1.amount', '振込金額は1円以上9,999,999,999円以下の整数にしてください'],
    [{ amount: 1.5 }, 'transfers.1.amount', '振込金額は1円以上9,999,999,999円以下の整数にしてください'],
    [{ amount: 10_000_000_000 }, 'transfers.1.amount', '振込金額は1円以上9,999,999,999円以下の整数にしてください'],
    [{ customer_code: 'A1' }, 'transfers.1.customer_code', '顧客コードは10桁以内の数字で入力してください'],
  ])('%o → %s', (patch, path, message) => {
    const e = refuse(withTransfer(patch));
    expect(e.path).toBe(path);
    expect(e.message).toContain(message);
  });

  it('refuses a bad date, requester code, no transfers and an account type 4 for the requester', () => {
    expect(refuse((i) => ({ ...i, transfer_date: '2026-02-30' })).path).toBe('transfer_date');
    expect(refuse((i) => ({ ...i, requester: { ...i.requester, code: '12345678901' } })).path).toBe('requester.code');
    expect(refuse((i) => ({ ...i, transfers: [] })).message).toBe('振込が1件もありません');
    expect(refuse((i) => ({ ...i, requester: { ...i.requester, account_type: 4 } })).path).toBe(
      'requester.account_type',
    );
  });
});
