import { RE2JS } from 're2js';

/**
 * THE way a user-supplied regular expression (a bank rule's 摘要の正規表現) is compiled and run: RE2 semantics
 * through re2js (a pure-JS port of RE2), linear in the input whatever the pattern — a JavaScript RegExp
 * backtracks, and `^(a+)+$` over 29 characters blocks the process for seconds (docs/adr/0042). The pattern
 * is compiled in its NFKC form (the rows are matched on their NFKC 摘要) and case-insensitively.
 */
export interface UserPattern {
  /** Whether the pattern matches anywhere in the text (like RegExp.prototype.test). */
  test(text: string): boolean;
}

export const USER_PATTERN_MESSAGE =
  '正規表現の書き方が正しくないか、使えない書き方（先読み・後読み・後方参照など）が含まれています';

/** The compiled pattern, or null when RE2 refuses it (bad syntax, lookaround, backreferences, too large). */
export function compileUserPattern(source: string): UserPattern | null {
  try {
    const re = RE2JS.compile(source.normalize('NFKC'), RE2JS.CASE_INSENSITIVE);
    return { test: (text) => re.test(text) };
  } catch {
    return null;
  }
}

/** Whether RE2 can run the pattern (the contract's check: what it accepts, the server can run). */
export function isUserPattern(source: string): boolean {
  return compileUserPattern(source) !== null;
}
