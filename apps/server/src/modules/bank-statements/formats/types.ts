/**
 * The ONE format interface of the bank statement suite (`BankParser`: detect + parse) and what a parser
 * answers. A parser never throws on a bad row: it reports it as a problem with its line number, and the
 * caller refuses the whole file when there is any (all or nothing).
 */

export interface ParsedRow {
  /** 1-based line (CSV) or record (全銀) number in the file. */
  line_no: number;
  date: string;
  direction: 'in' | 'out';
  /** Positive yen. */
  amount: number;
  description: string;
  counterparty_name: string | null;
  balance: number | null;
}

export interface ParseProblem {
  line_no: number;
  message: string;
}

export interface ParseResult {
  rows: ParsedRow[];
  problems: ParseProblem[];
  opening_balance: number | null;
  closing_balance: number | null;
}

export interface ParseInput {
  /** The raw bytes (全銀 is read by byte position). */
  bytes: Buffer;
  /** The decoded text (Shift_JIS or UTF-8, BOM removed). */
  text: string;
  /** The bank account number the import is for (a 全銀 file may hold several accounts). */
  accountNumber?: string | null;
}

export interface BankParser {
  id: string;
  label: string;
  /** How sure this parser is that the file is its format: 0 (no) … 100 (certain). */
  detect(input: ParseInput): number;
  parse(input: ParseInput): ParseResult;
}
