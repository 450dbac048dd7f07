/**
 * The expense account a received document's words suggest (OCR 確定, issue 33) when the supplier's own past
 * documents do not: the first group with a word found in the text (NFKC, spaces ignored) names the account
 * of the default chart (勘定科目 names of chart-of-accounts). null when no word is found (→ 仕入高).
 */
export const EXPENSE_KEYWORDS: readonly { account: string; words: readonly string[] }[] = [
  {
    account: '旅費交通費',
    words: ['交通', 'タクシー', '乗車', '運賃', '電車', '鉄道', 'バス', '高速道路', '駐車', 'ETC'],
  },
  { account: '通信費', words: ['通信', '電話', '携帯', 'インターネット', '郵便', '切手', '宅配', '送料'] },
  { account: '消耗品費', words: ['文具', '文房具', '事務用品', 'コピー用紙', 'トナー', 'インク', '消耗品'] },
  { account: '接待交際費', words: ['接待', '懇親', '居酒屋', '贈答', '手土産', '飲食'] },
  { account: '水道光熱費', words: ['電気', 'ガス', '水道'] },
];

export function suggestExpenseAccountName(text: string | null | undefined): string | null {
  if (!text) return null;
  const s = text.normalize('NFKC').replace(/\s+/g, '').toUpperCase();
  for (const group of EXPENSE_KEYWORDS) {
    if (group.words.some((w) => s.includes(w.normalize('NFKC').toUpperCase()))) return group.account;
  }
  return null;
}
