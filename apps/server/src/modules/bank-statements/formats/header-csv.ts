import { BANK_FORMATS, type BankFormatId } from '@chobo/core';
import { csvRecords } from '../../../lib/csv.js';
import { allBlank, balancesOf, makeRow, nfkc } from './fields.js';
import type { BankParser, ParsedRow, ParseProblem } from './types.js';

/**
 * The CSV exports with a header row (FACTS.md §6): one layout per bank (`<bank>-csv.ts`) names its header
 * cells and reads a row; the header is found after any preamble (within the first 40 records).
 */

export interface HeaderLayout {
  id: BankFormatId;
  /** Header names (NFKC, spaces removed) that identify the layout. */
  headers: string[];
  row(cell: (name: string) => string, line_no: number, problems: ParseProblem[]): ParsedRow | null;
}

const key = (s: string) => nfkc(s).replace(/\s+/g, '').replace(/^"|"$/g, '');

export function headerParser(layout: HeaderLayout): BankParser {
  const findHeader = (records: { cells: string[] }[]) => {
    for (let i = 0; i < Math.min(records.length, 40); i++) {
      const keys = records[i].cells.map(key);
      if (layout.headers.every((h) => keys.includes(h))) return { index: i, keys };
    }
    return null;
  };
  return {
    id: layout.id,
    label: BANK_FORMATS[layout.id],
    detect({ text }) {
      const head = text
        .split(/\r\n|\n|\r/)
        .slice(0, 40)
        .join('\n');
      return findHeader(csvRecords(head)) ? 90 : 0;
    },
    parse({ text }) {
      const records = csvRecords(text);
      const problems: ParseProblem[] = [];
      const header = findHeader(records);
      if (!header) {
        return {
          rows: [],
          problems: [{ line_no: 1, message: `${BANK_FORMATS[layout.id]}の見出し行が見つかりません` }],
          opening_balance: null,
          closing_balance: null,
        };
      }
      const col = new Map(header.keys.map((k, i) => [k, i]));
      const rows: ParsedRow[] = [];
      // one cell reader for the whole file (no closure per row)
      let cells: string[] = [];
      const cell = (name: string) => cells[col.get(name) ?? -1] ?? '';
      for (let r = header.index + 1; r < records.length; r++) {
        cells = records[r].cells;
        if (allBlank(cells)) continue;
        const row = layout.row(cell, records[r].line_no, problems);
        if (row) rows.push(row);
      }
      return { rows, problems, ...balancesOf(rows) };
    },
  };
}

/** A layout of one date, 出金 and 入金 column each, the description and the balance (SMBC, みずほ), by header. */
export function inOutLayout(id: BankFormatId, headers: [string, string, string, string, string]): BankParser {
  const [date, out, inAmount, description, balance] = headers;
  return headerParser({
    id,
    headers,
    row: (c, line_no, problems) =>
      makeRow(problems, line_no, {
        date: c(date),
        outAmount: c(out),
        inAmount: c(inAmount),
        description: c(description),
        balance: c(balance),
      }),
  });
}
