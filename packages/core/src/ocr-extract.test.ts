import { describe, expect, it } from 'vitest';
import {
  dateIn,
  extractFieldsFromText,
  looseDateIn,
  normalizeOcrText,
  reconcileTaxes,
  taxesAgree,
} from './ocr-extract.js';

/** Real tesseract.js (jpn, 300 dpi) output of a generated invoice: spaces between kana, 5.000 for 5,000, \% for ¥. */
const TESSERACT_SAMPLE = `請求 書

株 式 会 社 山田 商店

登録 番号 T9234567890123
発行 日 令 和 6 年 4 月 1 日

TEL 03-1234-5678

品名 数 量 金額

コピ ー 用 紙 10 5.000

お 茶 (軽減 税率 ) ※ 3 1.080
10% 対 象 5,000 消費 税 500
8% 対 象 1,000 消費 税 80
ご 請求 金額 \\%6,580
`;

describe('normalizeOcrText', () => {
  it('joins Japanese split by spaces, reads full-width digits and fixes misread yen signs and dots', () => {
    expect(normalizeOcrText('株 式 会 社 山田 商店')).toBe('株式会社山田商店');
    expect(normalizeOcrText('ご 請求 金額 \\%6,580')).toBe('ご請求金額 ¥6,580');
    expect(normalizeOcrText('合計　￥１２，３４５円')).toBe('合計 ¥12,345円');
    expect(normalizeOcrText('コピ ー 用 紙 10 5.000')).toBe('コピー用紙 10 5,000');
  });
  it('puts back a % lost before 対象 (the only rates are 10 and 8), and leaves other figures alone', () => {
    expect(normalizeOcrText('10 対 象 \\331.720')).toBe('10% 対象 ¥331,720');
    expect(normalizeOcrText('8対象 1,000')).toBe('8%対象 1,000');
    expect(normalizeOcrText('10% 対 象 500')).toBe('10% 対象 500');
    expect(normalizeOcrText('110対象')).toBe('110対象');
  });
});

describe('dateIn', () => {
  it.each([
    ['発行日 令和6年4月1日', '2024-04-01'],
    ['令和元年5月1日', '2019-05-01'],
    ['R6.4.1', '2024-04-01'],
    ['R 6. 12. 31', '2024-12-31'],
    ['H31/4/30', '2019-04-30'],
    ['2024/4/1', '2024-04-01'],
    ['2024年04月01日', '2024-04-01'],
    ['2024-4-1 10:23', '2024-04-01'],
    ['令和6年2月30日', null],
    ['TEL 03-1234-5678', null],
  ])('%s → %s', (text, iso) => {
    expect(dateIn(normalizeOcrText(text))).toBe(iso);
  });
});

describe('extractFieldsFromText', () => {
  it('reads every field of a real tesseract output', () => {
    const f = extractFieldsFromText(TESSERACT_SAMPLE);
    expect(f.document_type.value).toBe(4);
    expect(f.issuer_name.value).toBe('株式会社山田商店');
    expect(f.registration_number).toEqual({ value: 'T9234567890123', confidence: 1, box: null });
    expect(f.transaction_date.value).toBe('2024-04-01');
    expect(f.phone.value).toBe('03-1234-5678');
    expect(f.total.value).toBe(6580);
    expect(f.taxes.value).toEqual([
      { tax_category: '10', base: 5000, tax: 500 },
      { tax_category: '8', base: 1000, tax: 80 },
    ]);
    expect(f.taxes.confidence).toBe(1);
  });

  it('flags an invalid check digit', () => {
    const f = extractFieldsFromText('登録番号 T1234567890124');
    expect(f.registration_number.value).toBe('T1234567890124');
    expect(f.registration_number.confidence).toBeLessThan(0.5);
    expect(f.registration_number.warning).toContain('チェックデジット');
  });

  it.each([
    ['登録番号：T 9234 5678 9012 3', 'T9234567890123'],
    ['登録番号 T9-2345-6789-0123', 'T9234567890123'],
    ['登録番号 Ｔ９２３４５６７８９０１２３', 'T9234567890123'],
    ['登録番号 T-9234567890123', 'T9234567890123'],
  ])('T-number with spaces / hyphens / full width: %s', (text, value) => {
    expect(extractFieldsFromText(text).registration_number.value).toBe(value);
  });

  it.each([
    ['登録番号「4638931543100', 'T4638931543100'],
    ['登録番号 6107163675129', 'T6107163675129'],
    ['登録番号 丁4866945697227', 'T4866945697227'],
    ['登録番号 14638931543100', 'T4638931543100'],
    ['登録番号: 7 4638 9315 4310 0', 'T4638931543100'],
  ])('T-number whose T was misread or lost after the label (real tesseract output): %s', (text, value) => {
    const f = extractFieldsFromText(text).registration_number;
    expect(f.value).toBe(value);
    expect(f.warning).toBeUndefined();
    expect(f.confidence).toBeGreaterThan(0.5);
  });

  it('flags a T-number without its T whose check digit does not match, and takes no bare number without the label', () => {
    const f = extractFieldsFromText('登録番号「4638931543101').registration_number;
    expect(f.value).toBe('T4638931543101');
    expect(f.warning).toContain('チェックデジット');
    expect(extractFieldsFromText('口座番号 4638931543100').registration_number.value).toBeNull();
  });

  it.each([
    [
      '10% 対象 ¥3,050 消費税 ¥305\n89% 対象 ¥22,020 消費税 Y1761\n合計 ¥27,136',
      [
        { tax_category: '10', base: 3050, tax: 305 },
        { tax_category: '8', base: 22020, tax: 1761 },
      ],
    ],
    [
      '109% 対象 (税込 ) ¥2,500 内消費税 Y227\n8% 対象 (税込 ) ¥1,200 内消費税 Y88\n合計 ¥3,700',
      [
        { tax_category: '10', base: 2273, tax: 227 },
        { tax_category: '8', base: 1112, tax: 88 },
      ],
    ],
    ['100% 対象 ¥50,150 消費税 ¥5,015\n合計 ¥55,165', [{ tax_category: '10', base: 50150, tax: 5015 }]],
    ['89% 対象 ¥2,700 消費税 \\Y216', [{ tax_category: '8', base: 2700, tax: 216 }]],
  ])('per-rate taxes with the % or the ¥ misread (real tesseract output): %s', (text, taxes) => {
    expect(extractFieldsFromText(text).taxes.value).toEqual(taxes);
  });

  it.each([
    ['合計 12,345円', 12345],
    ['合計 ￥12,345', 12345],
    ['合計金額（税込） ¥１２，３４５－', 12345],
    ['小計 10,000\n消費税 1,000\n合計 11,000', 11000],
    ['小計 10,000\n合計 11,000\nご請求金額 11,000円', 11000],
    ['お買上計 ¥864', 864],
    ['税込合計 3,300 円', 3300],
  ])('totals with 円 / ¥ / full-width digits: %s', (text, total) => {
    expect(extractFieldsFromText(text).total.value).toBe(total);
  });

  it('reads 税込 per-rate totals (内消費税) as bases without tax', () => {
    const f = extractFieldsFromText(
      '領収書\n合計 ¥3,280\n10%対象(税込) ¥2,200 内消費税 ¥200\n8%対象(税込) ¥1,080 内消費税 ¥80',
    );
    expect(f.document_type.value).toBe(5);
    expect(f.taxes.value).toEqual([
      { tax_category: '10', base: 2000, tax: 200 },
      { tax_category: '8', base: 1000, tax: 80 },
    ]);
    expect(f.taxes.confidence).toBe(1);
  });

  it('takes the issue date, not the payment due date', () => {
    const f = extractFieldsFromText('お支払期限 2024年5月31日\n請求日 2024年4月30日');
    expect(f.transaction_date.value).toBe('2024-04-30');
  });

  it('reads the phone and not the fax, and skips the recipient as issuer', () => {
    const f = extractFieldsFromText(
      '株式会社サンプル商事 御中\n有限会社田中製作所\nFAX 03-1111-2222\nTEL 06-6123-4567',
    );
    expect(f.phone.value).toBe('06-6123-4567');
    expect(f.issuer_name.value).toBe('有限会社田中製作所');
  });

  it('answers nulls with confidence 0 on an empty text', () => {
    const f = extractFieldsFromText('');
    expect(f.total).toEqual({ value: null, confidence: 0, box: null });
    expect(f.document_type.value).toBe(9);
  });
});

describe('looseDateIn and reconcileTaxes', () => {
  it('reads a date whose era, 月 or 日 or slashes were misread, only on a line that holds a date', () => {
    expect(looseDateIn('令知 7 年 3 戸 9 巳')).toBe('2025-03-09');
    expect(looseDateIn('2026/03718')).toBe('2026-03-18');
    expect(looseDateIn('2024709722')).toBe('2024-09-22');
    // the first slash lost, the second read as 7 (a faxed 2026/08/14)
    expect(looseDateIn('202608714')).toBe('2026-08-14');
    expect(extractFieldsFromText('請求日信和 8 年 3 月 7 日').transaction_date.value).toBe('2026-03-07');
    expect(extractFieldsFromText('TEL 2024 5 6').transaction_date.value).toBeNull();
  });

  it('repairs one rate that does not fit when the total shows how, and leaves fitting figures alone', () => {
    const ok = [{ tax_category: '10' as const, base: 1000, tax: 100 }];
    expect(reconcileTaxes(ok, [], 1100)).toBe(ok);
    expect(reconcileTaxes([{ tax_category: '10', base: 2070, tax: 40207 }], [], 442277)).toEqual([
      { tax_category: '10', base: 402070, tax: 40207 },
    ]);
    expect(reconcileTaxes([{ tax_category: '10', base: 559720, tax: 55 }], [], 615692)).toEqual([
      { tax_category: '10', base: 559720, tax: 55972 },
    ]);
    // the digits read are the start of rate × base: the rest was lost (no total needed)
    expect(reconcileTaxes([{ tax_category: '10', base: 559720, tax: 55 }], [], null)).toEqual([
      { tax_category: '10', base: 559720, tax: 55972 },
    ]);
    // the rate's row misread, its own tax line and the total agree
    expect(reconcileTaxes([{ tax_category: '10', base: 2, tax: 520 }], [], 279520, { '10': 25410 })).toEqual([
      { tax_category: '10', base: 254110, tax: 25410 },
    ]);
    expect(reconcileTaxes([{ tax_category: '10', base: 2070, tax: 40207 }], [], 5)).toEqual([
      { tax_category: '10', base: 2070, tax: 40207 },
    ]);
  });
});

describe('登録番号 readings the registry may complete', () => {
  it('14 digits after the label: the valid reading, the other kept as an alternative', () => {
    // T read as 1 (the first digit) or a mark after the number read as a digit (the last)
    const f = extractFieldsFromText('登録番号 15950535095460').registration_number;
    expect(f.value).toMatch(/^T\d{13}$/);
    expect(f.alternatives).toHaveLength(1);
    expect([f.value, ...(f.alternatives ?? [])].sort()).toEqual(['T1595053509546', 'T5950535095460']);
  });
  it('a number cut short after its label or T is kept, flagged', () => {
    const f = extractFieldsFromText('登録番号 T65723718961: だ').registration_number;
    expect(f).toMatchObject({ value: 'T65723718961', warning: '登録番号の桁が足りません' });
    expect(extractFieldsFromText('TEL 03-1234-5678').registration_number.value).toBeNull();
  });
});

describe('taxesAgree', () => {
  it('holds when every tax fits its base (±1 yen) and the figures add up to the total', () => {
    const ten = { tax_category: '10' as const, base: 331720, tax: 33172 };
    const eight = { tax_category: '8' as const, base: 1000, tax: 80 };
    expect(taxesAgree([ten, eight], 331720 + 33172 + 1080)).toBe(true);
    expect(taxesAgree([{ ...ten, tax: 33173 }], 331720 + 33173)).toBe(true);
    // a digit lost: the tax does not fit, or the sum misses the total
    expect(taxesAgree([{ ...ten, base: 2335720, tax: 2572 }], 364892)).toBe(false);
    expect(taxesAgree([ten], 364893)).toBe(false);
    expect(taxesAgree([], 0)).toBe(false);
    expect(taxesAgree([ten], null)).toBe(false);
  });
});
