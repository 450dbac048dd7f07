import { describe, expect, it } from 'vitest';
import type { OcrWord } from './ocr-extract.js';
import {
  crossCheckedTotal,
  entityName,
  extractFieldsFromWords,
  layoutFromWords,
  settleIncluded,
  tidyOcrText,
} from './ocr-layout.js';

/** A word as an engine reports it: its text in a box of about one character height per character. */
const w = (text: string, x: number, y: number, h = 20, page = 1): OcrWord => ({
  text,
  confidence: 0.9,
  box: { page, x, y, width: [...text].length * h * 0.9, height: h },
});
/** Words of a phrase split the way tesseract splits Japanese (a few characters each), left to right. */
const phrase = (text: string, x: number, y: number, h = 20): OcrWord[] => {
  const out: OcrWord[] = [];
  const chunks = text.split(' ');
  let cx = x;
  for (const c of chunks) {
    out.push(w(c, cx, y, h));
    cx += [...c].length * h * 0.9 + h * 0.4;
  }
  return out;
};

describe('layoutFromWords', () => {
  it('cuts a row at a wide gap and stacks close segments into blocks', () => {
    const layout = layoutFromWords([
      ...phrase('株式会社帳簿商事 御中', 50, 100),
      ...phrase('株式会社青葉システム', 700, 102),
      ...phrase('TEL 03-1234-5678', 700, 130, 16),
    ]);
    expect(layout.rows).toHaveLength(2);
    expect(layout.rows[0].segments.map((s) => s.n)).toEqual(['株式会社帳簿商事御中', '株式会社青葉システム']);
    const block = layout.blocks.find((b) => b.segments.some((s) => s.n.includes('TEL')));
    expect(block?.segments.map((s) => s.n)).toEqual(['株式会社青葉システム', 'TEL 03-1234-5678']);
  });
});

describe('extractFieldsFromWords', () => {
  it('takes the issuer from the block with its 登録番号, not the recipient nor the greeting beside it', () => {
    const x = extractFieldsFromWords([
      ...phrase('株式会社帳簿商事 御中', 50, 100),
      ...phrase('下記の通りご請求申し上げます。', 50, 160),
      ...phrase('東海ロジスティクス株式会社', 700, 158),
      ...phrase('〒101-0054 東京都千代田区神田錦町1-2-3', 700, 186, 16),
      ...phrase('TEL 03-1234-5678', 700, 210, 16),
      ...phrase('登録番号 T1234567890123', 700, 234, 16),
    ]);
    expect(x.issuer_name.value).toBe('東海ロジスティクス株式会社');
    expect(x.phone.value).toBe('03-1234-5678');
  });

  it('reads a recipient whose 様 stands apart, and an issuer without a 登録番号 by its address and TEL', () => {
    const x = extractFieldsFromWords([
      ...phrase('合同会社ミライ企画', 60, 100),
      w('様', 520, 100),
      ...phrase('株式会社緑川商事', 600, 900),
      ...phrase('〒101-0054', 600, 926, 16),
      ...phrase('TEL 06-5280-5258', 600, 950, 16),
    ]);
    expect(x.issuer_name.value).toBe('株式会社緑川商事');
  });

  it('reads per-rate cells by row (税率 | 対象金額 | 消費税額) and recognises a 税込 figure by its tax', () => {
    const x = extractFieldsFromWords([
      ...phrase('10%対象', 300, 500),
      w('55,000', 600, 500),
      w('5,000', 800, 500),
      ...phrase('8%対象', 300, 530),
      w('10,800', 600, 530),
      w('800', 800, 530),
      ...phrase('合計', 300, 560),
      w('65,800', 800, 560),
    ]);
    expect(x.taxes.value).toEqual([
      { tax_category: '10', base: 50000, tax: 5000 },
      { tax_category: '8', base: 10000, tax: 800 },
    ]);
    expect(x.total.value).toBe(65800);
  });

  it('reads a receipt’s 合計, never お預り or お釣り', () => {
    const x = extractFieldsFromWords([
      ...phrase('レシート', 100, 40),
      ...phrase('合計', 20, 300),
      w('¥1,240', 240, 300),
      ...phrase('お預り', 20, 330),
      w('¥2,000', 240, 330),
      ...phrase('お釣り', 20, 360),
      w('¥760', 240, 360),
    ]);
    expect(x.total.value).toBe(1240);
  });
});

describe('entityName', () => {
  it('keeps the name with its legal word, before or after, and drops what follows', () => {
    expect(entityName('株式会社青葉システム TEL 03-1234-5678')).toBe('株式会社青葉システム');
    expect(entityName('東海ロジスティクス株式会社')).toBe('東海ロジスティクス株式会社');
    expect(entityName('発行元: 有限会社北斗工業')).toBe('有限会社北斗工業');
  });
});

describe('settleIncluded', () => {
  it('turns a base that includes its tax into the base', () => {
    expect(settleIncluded({ tax_category: '10', base: 11000, tax: 1000 })).toEqual({
      tax_category: '10',
      base: 10000,
      tax: 1000,
    });
    expect(settleIncluded({ tax_category: '8', base: 10000, tax: 800 })).toEqual({
      tax_category: '8',
      base: 10000,
      tax: 800,
    });
  });
});

describe('crossCheckedTotal', () => {
  const rows = [{ text: '金額 ¥89,548-', confidence: 0.9, box: null }];
  it('takes the per-rate sum when it stands on the page, else an amount written 89,548-', () => {
    const none = { value: null, confidence: 0, box: null };
    const taxes = [{ tax_category: '10' as const, base: 81407, tax: 8141 }];
    expect(crossCheckedTotal(none, taxes, rows).value).toBe(89548);
    expect(crossCheckedTotal(none, null, rows).value).toBe(89548);
    expect(crossCheckedTotal({ value: 5, confidence: 1, box: null }, null, rows).value).toBe(5);
    // nothing readable: the per-rate figures add up to the total when each tax fits its rate
    expect(crossCheckedTotal(none, [{ tax_category: '10', base: 559720, tax: 55972 }], []).value).toBe(615692);
    expect(crossCheckedTotal(none, [{ tax_category: '10', base: 559720, tax: 5597 }], []).value).toBeNull();
  });
});

describe('entityName, both readings of one legal word', () => {
  it('takes the longer side as the name', () => {
    expect(entityName('レー株式会社若草ベーカリー')).toBe('株式会社若草ベーカリー');
  });
});

describe('tidyOcrText, rates and yen signs misread', () => {
  it('reads the rate before 対象 and the yen sign in the forms tesseract leaves', () => {
    expect(tidyOcrText('866 対象 | ¥88,690')).toBe('8% 対象 | ¥88,690');
    expect(tidyOcrText('106e 対象')).toBe('10% 対象');
    expect(tidyOcrText('8% 計象')).toBe('8% 対象');
    expect(tidyOcrText('18対象')).toBe('18対象');
    expect(tidyOcrText('Yy3,187')).toBe('¥3,187');
    expect(tidyOcrText('¥243.11 1-')).toBe('¥243,111-');
    expect(tidyOcrText('Yl.783,111')).toBe('¥1,783,111');
    expect(tidyOcrText('\\l162,101')).toBe('¥162,101');
  });
});

describe('extractFieldsFromWords, per-rate figures checked against the total', () => {
  it('takes the base of a rate whose 対象 cell was lost from the total less its tax', () => {
    const x = extractFieldsFromWords([
      ...phrase('消費税(10%)', 300, 500),
      w('¥200,111', 700, 500),
      ...phrase('合計', 300, 530),
      w('¥2,201,221', 700, 530),
    ]);
    expect(x.taxes.value).toEqual([{ tax_category: '10', base: 2001110, tax: 200111 }]);
  });

  it('ignores the 軽減税率 note standing in the row of the 10% figure, and reads 内消費税 as 税込', () => {
    const x = extractFieldsFromWords([
      ...phrase('※は軽減税率(8%)対象', 50, 500),
      ...phrase('10%対象', 500, 500),
      w('¥780', 800, 500),
      ...phrase('内消費税等 10%', 500, 530),
      w('¥70', 800, 530),
      ...phrase('8%対象', 500, 560),
      w('¥90', 800, 560),
      ...phrase('内消費税等 8%', 500, 590),
      w('¥6', 800, 590),
      ...phrase('合計', 500, 620),
      w('¥870', 800, 620),
    ]);
    expect(x.taxes.value).toEqual([
      { tax_category: '10', base: 710, tax: 70 },
      { tax_category: '8', base: 84, tax: 6 },
    ]);
  });
});

describe('tidyOcrText, names', () => {
  it('reads 三 misread as = between Japanese characters and drops a stray mark inside a legal word', () => {
    expect(tidyOcrText('合同会社 = 協テクノ')).toBe('合同会社三協テクノ');
    expect(tidyOcrText('有限 5 会社緑川商事')).toBe('有限会社緑川商事');
    expect(tidyOcrText('A = B')).toBe('A = B');
  });
});
