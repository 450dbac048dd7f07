/**
 * Names as the banks accept them in a 全銀 file (FACTS.md §10): upper-case half-width katakana, A–Z, 0–9,
 * space and ( ) . - / only. Small kana become large (ｯ → ﾂ), the long vowel becomes "-", the legal forms
 * are abbreviated (株式会社 → ｶ: "ｶ)…" before the name, "…(ｶ" after it, "…(ｶ)…" inside it).
 *
 * The input may be full-width or half-width katakana, hiragana, full-width or lower-case letters and
 * digits, and the legal-form words in kanji or in kana. Anything else (kanji of a name, "&", ",") cannot be
 * converted: `ZenginCharError` names the first such character.
 */

/** Every character a converted name may hold. */
export const ZENGIN_PERMITTED =
  'ｱｲｳｴｵｶｷｸｹｺｻｼｽｾｿﾀﾁﾂﾃﾄﾅﾆﾇﾈﾉﾊﾋﾌﾍﾎﾏﾐﾑﾒﾓﾔﾕﾖﾗﾘﾙﾚﾛﾜﾝﾞﾟABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ().-/';

const PERMITTED = new Set(ZENGIN_PERMITTED);

export class ZenginCharError extends Error {
  readonly char: string;
  readonly index: number;
  constructor(char: string, index: number) {
    super(`「${char}」は振込データに使えない文字です`);
    this.name = 'ZenginCharError';
    this.char = char;
    this.index = index;
  }
}

/**
 * 全銀協's 法人略語 (the banks' published table; FACTS.md §10 for the first five). Longer words first, so
 * 一般社団法人 is read before 社団法人. Each word is matched in kanji and in its katakana reading.
 */
const LEGAL_FORMS: readonly (readonly [abbreviation: string, words: readonly string[]])[] = [
  ['ﾄｸﾋ', ['特定非営利活動法人', 'トクテイヒエイリカツドウホウジン']],
  ['ﾌｸ', ['社会福祉法人', 'シヤカイフクシホウジン']],
  [
    'ｼﾔ',
    [
      '一般社団法人',
      '公益社団法人',
      '社団法人',
      'イツパンシヤダンホウジン',
      'コウエキシヤダンホウジン',
      'シヤダンホウジン',
    ],
  ],
  [
    'ｻﾞｲ',
    [
      '一般財団法人',
      '公益財団法人',
      '財団法人',
      'イツパンザイダンホウジン',
      'コウエキザイダンホウジン',
      'ザイダンホウジン',
    ],
  ],
  ['ｲ', ['医療法人社団', '医療法人財団', '社会医療法人', '医療法人', 'イリヨウホウジン']],
  ['ｶﾞｸ', ['学校法人', 'ガツコウホウジン']],
  ['ｼﾕｳ', ['宗教法人', 'シユウキヨウホウジン']],
  ['ｶ', ['株式会社', 'カブシキガイシヤ', 'カブシキカイシヤ', '(株)']],
  ['ﾕ', ['有限会社', 'ユウゲンガイシヤ', 'ユウゲンカイシヤ', '(有)']],
  ['ﾄﾞ', ['合同会社', 'ゴウドウガイシヤ', 'ゴウドウカイシヤ', '(同)']],
  ['ｼ', ['合資会社', 'ゴウシガイシヤ', 'ゴウシカイシヤ', '(資)']],
  ['ﾒ', ['合名会社', 'ゴウメイガイシヤ', 'ゴウメイカイシヤ', '(名)']],
];

const FULL_KATAKANA = 'アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワン';
const HALF_KATAKANA = 'ｱｲｳｴｵｶｷｸｹｺｻｼｽｾｿﾀﾁﾂﾃﾄﾅﾆﾇﾈﾉﾊﾋﾌﾍﾎﾏﾐﾑﾒﾓﾔﾕﾖﾗﾘﾙﾚﾛﾜﾝ';

/** One full-width katakana (after normalise()) → its half-width form. */
const KANA: ReadonlyMap<string, string> = (() => {
  const m = new Map<string, string>();
  for (let i = 0; i < FULL_KATAKANA.length; i++) m.set(FULL_KATAKANA[i] as string, HALF_KATAKANA[i] as string);
  const voiced = 'カキクケコサシスセソタチツテトハヒフヘホ';
  for (const c of voiced) {
    const code = c.charCodeAt(0);
    m.set(String.fromCharCode(code + 1), `${m.get(c)}ﾞ`);
  }
  for (const c of 'ハヒフヘホ') m.set(String.fromCharCode(c.charCodeAt(0) + 2), `${m.get(c)}ﾟ`);
  const other: Record<string, string> = {
    // (small kana were made large by normalise()) ヲ, ヰ, ヱ are not in the banks' table: their sounds today
    ヲ: 'ｵ',
    ヰ: 'ｲ',
    ヱ: 'ｴ',
    ヴ: 'ｳﾞ',
    ヷ: 'ﾜﾞ',
    ヺ: 'ｵﾞ',
    // the long vowel and the dashes: the banks take "-"
    ー: '-',
    '－': '-',
    '‐': '-',
    '−': '-',
    '–': '-',
    '—': '-',
    // 中黒 is not accepted: a space in its place (the banks' examples)
    '・': ' ',
    '･': ' ',
    ゛: 'ﾞ',
    ゜: 'ﾟ',
    '\u3099': 'ﾞ',
    '\u309a': 'ﾟ',
  };
  for (const [k, v] of Object.entries(other)) m.set(k, v);
  return m;
})();

function hiraganaToKatakana(s: string): string {
  return s.replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60));
}

const SMALL_KANA: Readonly<Record<string, string>> = {
  ァ: 'ア',
  ィ: 'イ',
  ゥ: 'ウ',
  ェ: 'エ',
  ォ: 'オ',
  ッ: 'ツ',
  ャ: 'ヤ',
  ュ: 'ユ',
  ョ: 'ヨ',
  ヮ: 'ワ',
  ヵ: 'カ',
  ヶ: 'ケ',
};

/**
 * NFKC (half-width kana → full-width, full-width letters → ASCII, ㈱ → (株)), hiragana → katakana, small
 * kana → large (so カブシキガイシャ and ｶﾌﾞｼｷｶﾞｲｼﾔ are one word), spaces collapsed.
 */
function normalise(text: string): string {
  return hiraganaToKatakana(text.normalize('NFKC'))
    .replace(/[ァィゥェォッャュョヮヵヶ]/g, (c) => SMALL_KANA[c] ?? c)
    .replace(/\s+/g, ' ')
    .trim();
}

const ABBREVIATION: ReadonlyMap<string, string> = new Map(
  LEGAL_FORMS.flatMap(([abbr, words]) => words.map((w) => [w, abbr] as const)),
);
/** Every legal-form word, longest first, with the spaces around it (one pass over the name). */
const LEGAL_FORM_RE = new RegExp(
  ` ?(${[...ABBREVIATION.keys()]
    .sort((a, b) => b.length - a.length)
    .map((w) => w.replace(/[()]/g, '\\$&'))
    .join('|')}) ?`,
  'g',
);

/** 株式会社 → "ｶ)…" at the start, "…(ｶ" at the end, "…(ｶ)…" inside (the string is trimmed). */
function abbreviateLegalForms(s: string): string {
  return s.replace(LEGAL_FORM_RE, (match, word: string, offset: number) => {
    const abbr = ABBREVIATION.get(word) as string;
    if (offset === 0) return `${abbr})`;
    if (offset + match.length === s.length) return `(${abbr}`;
    return `(${abbr})`;
  });
}

function toHalfWidth(s: string): string {
  let out = '';
  for (const c of s) {
    const kana = KANA.get(c);
    if (kana !== undefined) out += kana;
    else if (c >= 'a' && c <= 'z') out += c.toUpperCase();
    else out += c;
  }
  return out;
}

/**
 * The name in the banks' characters, or `ZenginCharError` naming the first character that has none.
 * Idempotent: a converted name converts to itself.
 */
export function toZenginKana(text: string): string {
  const known = converted.get(text);
  if (known !== undefined) return known;
  const half = toHalfWidth(abbreviateLegalForms(normalise(text)));
  let index = 0;
  for (const c of half) {
    if (!PERMITTED.has(c)) throw new ZenginCharError(c, index);
    index++;
  }
  if (converted.size >= 10_000) converted.clear();
  converted.set(text, half);
  return half;
}

/** Names already converted (a file repeats its banks' and branches' names): a pure function's results. */
const converted = new Map<string, string>();

/** The same, as a result for validators: `{ ok: true, value }` or `{ ok: false, char, message }`. */
export function checkZenginKana(
  text: string,
): { ok: true; value: string } | { ok: false; char: string; message: string } {
  try {
    return { ok: true, value: toZenginKana(text) };
  } catch (e) {
    if (e instanceof ZenginCharError) return { ok: false, char: e.char, message: e.message };
    throw e;
  }
}

/** Whether every character of `text` is one the banks accept (the converted form). */
export function isZenginText(text: string): boolean {
  for (const c of text) if (!PERMITTED.has(c)) return false;
  return true;
}
