import { describe, expect, it } from 'vitest';
import { csvRecords, decodeCsvBytes, parseCsv } from './csv.js';

describe('csvRecords / parseCsv', () => {
  it('reads RFC 4180 quoting, CRLF / LF / CR, and the line each record starts on', () => {
    const text = 'a,"b,1","c""d"\r\n"multi\r\nline",x\n\ny\rz,';
    expect(csvRecords(text)).toEqual([
      { cells: ['a', 'b,1', 'c"d'], line_no: 1 },
      { cells: ['multi\r\nline', 'x'], line_no: 2 },
      { cells: ['y'], line_no: 5 },
      { cells: ['z', ''], line_no: 6 },
    ]);
  });

  it('a quote opens a field only at its start; what follows the closing quote stays in the field', () => {
    expect(parseCsv('a"b,"c"d,"e')).toEqual([['a"b', 'cd', 'e']]);
  });

  it('undoes the formula guard unless told not to; keeps blank lines when asked; stops at limit', () => {
    expect(parseCsv("'=1,'-5,'plain")).toEqual([['=1', '-5', "'plain"]]);
    expect(parseCsv("'=1\n\nb\nc", { unguard: false, skipBlank: false, limit: 3 })).toEqual([["'=1"], [''], ['b']]);
    expect(parseCsv('a\n""')).toEqual([['a']]);
  });
});

describe('decodeCsvBytes', () => {
  const sjis = new Uint8Array([0x82, 0xa0, 0x2c, 0x41]); // あ,A
  it('UTF-8 with or without BOM, else Shift_JIS', () => {
    expect(decodeCsvBytes(new TextEncoder().encode('\uFEFF日付,摘要'))).toEqual({
      text: '日付,摘要',
      encoding: 'utf-8',
    });
    expect(decodeCsvBytes(new TextEncoder().encode('日付'))).toEqual({ text: '日付', encoding: 'utf-8' });
    expect(decodeCsvBytes(sjis)).toEqual({ text: 'あ,A', encoding: 'shift_jis' });
  });

  it('head: a character cut at the end of the bytes is no reason for Shift_JIS', () => {
    const cut = new TextEncoder().encode('日本').subarray(0, 4);
    expect(decodeCsvBytes(cut, { head: true })).toEqual({ text: '日', encoding: 'utf-8' });
    expect(decodeCsvBytes(cut).encoding).toBe('shift_jis');
  });
});
