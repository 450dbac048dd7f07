import type { BankCsvMappingValues } from '@chobo/core';
import { csvRecords } from '../../../lib/csv.js';
import { allBlank, balancesOf, makeRow } from './fields.js';
import type { BankParser, ParsedRow, ParseProblem } from './types.js';

/** Any other CSV, read through a saved column mapping (`bank_csv_mappings`; format `mapping:<id>`). */
export function mappingParser(id: number, m: BankCsvMappingValues): BankParser {
  return {
    id: `mapping:${id}`,
    label: `列の対応付け「${m.name}」`,
    detect: () => 0,
    parse({ text }) {
      const records = csvRecords(text);
      const problems: ParseProblem[] = [];
      const rows: ParsedRow[] = [];
      const start = m.skip_rows + (m.has_header ? 1 : 0);
      const at = (cells: string[], col: number | null) => (col === null ? undefined : (cells[col - 1] ?? ''));
      for (let r = 0; r < records.length; r++) {
        const { cells, line_no } = records[r];
        if (line_no <= start || allBlank(cells)) continue;
        const row = makeRow(problems, line_no, {
          date: at(cells, m.date_column) ?? '',
          ...(m.amount_column !== null
            ? { signed: at(cells, m.amount_column) }
            : { inAmount: at(cells, m.in_column), outAmount: at(cells, m.out_column) }),
          description: at(cells, m.description_column) ?? '',
          counterparty: at(cells, m.counterparty_column) ?? null,
          ...(m.balance_column !== null ? { balance: at(cells, m.balance_column) } : {}),
        });
        if (row) rows.push(row);
      }
      return { rows, problems, ...balancesOf(rows) };
    },
  };
}
