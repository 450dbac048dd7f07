import { Readable } from 'node:stream';
import {
  DOCUMENT_STATUSES,
  DOCUMENT_TYPES,
  type TransactionDocument,
  type TransactionDocumentListQuery,
} from '@chobo/core';
import type { Tenant } from '../../lib/context.js';
import { csvLine, csvWriter } from '../../lib/csv.js';
import { documentBatches } from './transaction-documents.queries.js';

const CSV_HEADER = [
  '取引年月日',
  '取引先',
  '書類の種類',
  '取引金額',
  '登録番号',
  '状態',
  'ファイル名',
  'SHA-256',
  '登録日時',
];

const tokyoDateTime = (iso: string) =>
  new Date(iso).toLocaleString('sv-SE', { timeZone: 'Asia/Tokyo', hour12: false }).replace('T', ' ');

function csvRow(d: TransactionDocument): (string | number | null)[] {
  const f = d.files[0];
  return [
    d.transaction_date,
    d.customer_name,
    DOCUMENT_TYPES[d.document_type],
    d.amount,
    d.registration_number,
    DOCUMENT_STATUSES[d.status],
    f?.file_name ?? null,
    f?.sha256 ?? null,
    tokyoDateTime(d.created_at),
  ];
}

/** The 索引簿 (search index an auditor asks for) of the same search, streamed in batches. */
export function indexCsv(tenant: Tenant, q: TransactionDocumentListQuery) {
  const w = csvWriter(q.encoding);
  async function* chunks() {
    yield Buffer.concat([w.bom, w.encode(csvLine(CSV_HEADER, w.eol))]);
    for await (const batch of documentBatches(tenant, q)) {
      yield w.encode(batch.map((d) => csvLine(csvRow(d), w.eol)).join(''));
    }
  }
  return Readable.from(chunks(), { objectMode: false, highWaterMark: 64 * 1024 });
}
