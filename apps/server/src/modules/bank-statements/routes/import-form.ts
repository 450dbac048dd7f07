import { bankFormatField, fieldErrors } from '@chobo/core';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../../../lib/http-errors.js';
import { readMultipart, sniffKind } from '../../../lib/uploads.js';

const MAX_FILE_BYTES = 20 * 1024 * 1024;

const importFields = z.object({
  bank_account_id: z.coerce
    .number({ error: '銀行口座を選択してください' })
    .int('銀行口座を選択してください')
    .positive('銀行口座を選択してください')
    .max(2_147_483_647, '銀行口座を選択してください'),
  format: bankFormatField,
});

/** The multipart body of an import: the field `file` and the fields bank_account_id and format (any order). */
export async function readImportForm(req: FastifyRequest) {
  const { files, fields } = await readMultipart(req, { maxBytes: MAX_FILE_BYTES, maxFiles: 1 });
  const file = files[0] ? { bytes: files[0].buffer, name: files[0].filename || 'statement.csv' } : null;
  const parsed = importFields.safeParse(fields);
  const errors: Record<string, string[]> = parsed.success ? {} : fieldErrors(parsed.error.issues);
  if (!file) errors.file = ['ファイルを選択してください'];
  else if (file.bytes.length === 0) errors.file = ['ファイルが空です'];
  else if (sniffKind(file.bytes) !== 'text') errors.file = ['CSVまたは全銀形式のテキストファイルを選択してください'];
  if (!parsed.success || Object.keys(errors).length) {
    throw new HttpError(422, Object.values(errors)[0][0], errors);
  }
  return { ...parsed.data, bytes: (file as { bytes: Buffer }).bytes, file_name: (file as { name: string }).name };
}
