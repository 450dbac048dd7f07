import { describe, expect, it } from 'vitest';
import { checkZenginKana, isZenginText, toZenginKana, ZenginCharError } from './kana.js';

describe('toZenginKana: names as the banks accept them', () => {
  it.each([
    // full-width → half-width, voiced and semi-voiced marks as their own characters
    ['ヤマダ タロウ', 'ﾔﾏﾀﾞ ﾀﾛｳ'],
    ['パン', 'ﾊﾟﾝ'],
    // hiragana
    ['やまだ たろう', 'ﾔﾏﾀﾞ ﾀﾛｳ'],
    // small kana → large (FACTS §10: ｯ → ﾂ)
    ['キュウヨ イッペイ', 'ｷﾕｳﾖ ｲﾂﾍﾟｲ'],
    ['ｷｬﾝﾌﾟ ｼｮｯﾌﾟ', 'ｷﾔﾝﾌﾟ ｼﾖﾂﾌﾟ'],
    ['ファーム', 'ﾌｱ-ﾑ'],
    // the long vowel → "-"
    ['スーパー', 'ｽ-ﾊﾟ-'],
    // letters upper-case and half-width, digits half-width
    ['ａｂｃ　Ｓｈｏｐ１２３', 'ABC SHOP123'],
    ['abc', 'ABC'],
    // 中黒 → a space; spaces collapsed and trimmed
    ['  ヤマダ・ハナコ  ', 'ﾔﾏﾀﾞ ﾊﾅｺ'],
    ['ヴィラ', 'ｳﾞｲﾗ'],
    ['ヲ', 'ｵ'],
    // permitted symbols kept
    ['A.B-C/D (E)', 'A.B-C/D (E)'],
  ])('%s → %s', (input, expected) => {
    expect(toZenginKana(input)).toBe(expected);
  });

  it.each([
    // before the name "ｶ)…", after it "…(ｶ", inside it "…(ｶ)…" (FACTS §10 and the banks' examples)
    ['株式会社ヤマダショウジ', 'ｶ)ﾔﾏﾀﾞｼﾖｳｼﾞ'],
    ['株式会社 ヤマダショウジ', 'ｶ)ﾔﾏﾀﾞｼﾖｳｼﾞ'],
    ['ヤマダショウジ株式会社', 'ﾔﾏﾀﾞｼﾖｳｼﾞ(ｶ'],
    ['ヤマダショウジ株式会社トウキョウシテン', 'ﾔﾏﾀﾞｼﾖｳｼﾞ(ｶ)ﾄｳｷﾖｳｼﾃﾝ'],
    ['カブシキガイシャ ヤマダショウジ', 'ｶ)ﾔﾏﾀﾞｼﾖｳｼﾞ'],
    ['ｶﾌﾞｼｷｶﾞｲｼﾔ ﾔﾏﾀﾞ', 'ｶ)ﾔﾏﾀﾞ'],
    ['㈱ヤマダ', 'ｶ)ﾔﾏﾀﾞ'],
    ['（株）ヤマダ', 'ｶ)ﾔﾏﾀﾞ'],
    ['有限会社スズキ', 'ﾕ)ｽｽﾞｷ'],
    ['スズキユウゲンガイシャ', 'ｽｽﾞｷ(ﾕ'],
    ['合同会社サトウ', 'ﾄﾞ)ｻﾄｳ'],
    ['合資会社タナカ', 'ｼ)ﾀﾅｶ'],
    ['合名会社タナカ', 'ﾒ)ﾀﾅｶ'],
    ['医療法人社団ケンコウカイ', 'ｲ)ｹﾝｺｳｶｲ'],
    ['一般社団法人ニホンキョウカイ', 'ｼﾔ)ﾆﾎﾝｷﾖｳｶｲ'],
    ['特定非営利活動法人ミドリ', 'ﾄｸﾋ)ﾐﾄﾞﾘ'],
  ])('legal form: %s → %s', (input, expected) => {
    expect(toZenginKana(input)).toBe(expected);
  });

  it('is idempotent: a converted name converts to itself', () => {
    for (const s of ['ｶ)ﾔﾏﾀﾞｼﾖｳｼﾞ', 'ﾔﾏﾀﾞ(ｶ', 'ﾔﾏﾀﾞ(ｶ)ﾄｳｷﾖｳ', 'ｽ-ﾊﾟ- ABC.', 'ﾄﾞ)ｻﾄｳ']) {
      expect(toZenginKana(s)).toBe(s);
    }
  });

  it('names the character that cannot be converted', () => {
    expect(() => toZenginKana('株式会社山田商事')).toThrow('「山」は振込データに使えない文字です');
    try {
      toZenginKana('ヤマダ&サトウ');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ZenginCharError);
      expect((e as ZenginCharError).char).toBe('&');
    }
    expect(checkZenginKana('ヤマダ,サトウ')).toEqual({
      ok: false,
      char: ',',
      message: '「,」は振込データに使えない文字です',
    });
    expect(checkZenginKana('やまだ')).toEqual({ ok: true, value: 'ﾔﾏﾀﾞ' });
  });

  it('isZenginText accepts only the converted characters', () => {
    expect(isZenginText('ｶ)ﾔﾏﾀﾞ 123')).toBe(true);
    expect(isZenginText('ヤマダ')).toBe(false);
    expect(isZenginText('ｬ')).toBe(false);
    expect(isZenginText('ｰ')).toBe(false);
  });
});
