import type { JournalEntry, JournalEntryInput, JournalLineInput, JournalTaxCategory } from './types';

/** What the entry form edits: amounts as whole yen or '' while empty. */
export interface LineValues {
  account_id: number | null;
  debit: number | '';
  credit: number | '';
  memo: string;
  /** 税区分 key; follows the account's default until the server's value is loaded. */
  tax_category: JournalTaxCategory | null;
}

export interface EntryFormValues {
  date: string;
  description: string;
  lines: LineValues[];
}

export const emptyLine = (): LineValues => ({ account_id: null, debit: '', credit: '', memo: '', tax_category: null });

export function toFormValues(entry: JournalEntry): EntryFormValues {
  return {
    date: entry.date.slice(0, 10),
    description: entry.description ?? '',
    lines: entry.lines.map((line) => ({
      account_id: line.account_id,
      debit: line.debit || '',
      credit: line.credit || '',
      memo: line.memo ?? '',
      tax_category: line.tax_category ?? null,
    })),
  };
}

const yen = (v: number | '' | null | undefined) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

export interface Totals {
  debit: number;
  credit: number;
  /** debit − credit */
  difference: number;
  balanced: boolean;
}

/** 借方合計 / 貸方合計 / 差額 of the lines; balanced = equal and not zero. */
export function totalsOf(lines: readonly LineValues[]): Totals {
  let debit = 0;
  let credit = 0;
  for (const line of lines) {
    debit += yen(line.debit);
    credit += yen(line.credit);
  }
  return { debit, credit, difference: debit - credit, balanced: debit === credit && debit > 0 };
}

const isBlank = (line: LineValues) =>
  line.account_id === null && yen(line.debit) === 0 && yen(line.credit) === 0 && !line.memo.trim();

/**
 * Lines that carry something (blank lines are dropped), in the wire shape; `formIndex[i]` is the form
 * line of body line i, so the server's `lines.i.*` errors land under the right field.
 */
export function toBody(values: EntryFormValues): { body: JournalEntryInput; formIndex: number[] } {
  const formIndex: number[] = [];
  const lines: JournalLineInput[] = [];
  values.lines.forEach((line, i) => {
    if (isBlank(line)) return;
    formIndex.push(i);
    lines.push({
      account_id: line.account_id ?? 0,
      debit: yen(line.debit),
      credit: yen(line.credit),
      memo: line.memo.trim() || null,
      ...(line.tax_category ? { tax_category: line.tax_category } : {}),
    });
  });
  return { body: { date: values.date, description: values.description.trim(), lines }, formIndex };
}

/** Server errors keyed by body line ('lines.1.debit') → keyed by form line. */
export function remapLineErrors(errors: Record<string, string[]>, formIndex: number[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(errors)) {
    const m = /^lines\.(\d+)(\..+)?$/.exec(key);
    const target = m ? `lines.${formIndex[Number(m[1])] ?? Number(m[1])}${m[2] ?? ''}` : key;
    out[target] = [...(out[target] ?? []), ...messages];
  }
  return out;
}

/** The 相手科目 text of one side: the account's name, or 諸口 when the other side has several accounts. */
export function sideSummary(names: string[]): string {
  const unique = [...new Set(names)];
  if (unique.length === 0) return '—';
  return unique.length > 1 ? '諸口' : unique[0];
}
