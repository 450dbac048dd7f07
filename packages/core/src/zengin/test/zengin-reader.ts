/**
 * A 全銀協 総合振込 reader written from the format description (FACTS.md §10), for the tests only: it
 * shares no code with the writer. It decodes with the platform's Shift_JIS decoder and cuts fields by the
 * published lengths.
 */

const HEADER = [
  ['data_kind', 1, 'N'],
  ['kind_code', 2, 'N'],
  ['code_kind', 1, 'N'],
  ['requester_code', 10, 'N'],
  ['requester_name', 40, 'C'],
  ['date_mmdd', 4, 'N'],
  ['bank_code', 4, 'N'],
  ['bank_name', 15, 'C'],
  ['branch_code', 3, 'N'],
  ['branch_name', 15, 'C'],
  ['account_type', 1, 'N'],
  ['account_number', 7, 'N'],
  ['dummy', 17, 'C'],
] as const;

const DATA = [
  ['data_kind', 1, 'N'],
  ['bank_code', 4, 'N'],
  ['bank_name', 15, 'C'],
  ['branch_code', 3, 'N'],
  ['branch_name', 15, 'C'],
  ['clearing_house', 4, 'N'],
  ['account_type', 1, 'N'],
  ['account_number', 7, 'N'],
  ['holder', 30, 'C'],
  ['amount', 10, 'N'],
  ['new_code', 1, 'N'],
  ['customer_code_1', 10, 'N'],
  ['customer_code_2', 10, 'N'],
  ['method', 1, 'N'],
  ['edi_flag', 1, 'C'],
  ['dummy', 7, 'C'],
] as const;

const TRAILER = [
  ['data_kind', 1, 'N'],
  ['count', 6, 'N'],
  ['total', 12, 'N'],
  ['dummy', 101, 'C'],
] as const;

type Layout = readonly (readonly [string, number, 'N' | 'C'])[];

export interface ReadField {
  raw: string;
  /** 0-based byte offset in the record */
  at: number;
}

function cut(record: string, layout: Layout): Record<string, ReadField> {
  const out: Record<string, ReadField> = {};
  let at = 0;
  for (const [key, length, type] of layout) {
    const raw = record.slice(at, at + length);
    if (type === 'N' && !/^(\d+| +)$/.test(raw)) throw new Error(`N field ${key} at ${at} is "${raw}"`);
    if (type === 'C' && raw !== raw.trimStart() && raw.trim() !== '') {
      throw new Error(`C field ${key} at ${at} is not left-justified: "${raw}"`);
    }
    out[key] = { raw, at };
    at += length;
  }
  if (at !== 120) throw new Error(`layout adds up to ${at}`);
  return out;
}

export interface ZenginFileRead {
  header: Record<string, ReadField>;
  data: Record<string, ReadField>[];
  trailer: Record<string, ReadField>;
  end: string;
}

export function readZenginTransferFile(bytes: Uint8Array): ZenginFileRead {
  // one byte per character in this format: split the bytes first, decode each record
  const records: string[] = [];
  let start = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] === 0x0d) {
      if (bytes[i + 1] !== 0x0a) throw new Error(`CR without LF at ${i}`);
      if (i - start !== 120) throw new Error(`record ${records.length + 1} is ${i - start} bytes`);
      records.push(new TextDecoder('shift_jis', { fatal: true }).decode(bytes.subarray(start, i)));
      start = i + 2;
      i++;
    } else if (bytes[i] === 0x0a) {
      throw new Error(`LF without CR at ${i}`);
    }
  }
  if (start !== bytes.length) throw new Error('bytes after the last CRLF');
  const kinds = records.map((r) => r[0]).join('');
  if (!/^12+89$/.test(kinds)) throw new Error(`record kinds ${kinds}`);
  const end = records[records.length - 1] as string;
  if (end !== `9${' '.repeat(119)}`) throw new Error('end record is not 9 and spaces');
  return {
    header: cut(records[0] as string, HEADER),
    data: records.slice(1, -2).map((r) => cut(r, DATA)),
    trailer: cut(records[records.length - 2] as string, TRAILER),
    end,
  };
}
