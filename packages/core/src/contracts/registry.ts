import { z } from 'zod';
import { dateDto, idDto, timestampDto } from './common.js';

/** `GET /api/registry/{t_number}` params: T + 13 digits (the registry is keyed by the number as published). */
export const registryNumberParams = z.object({
  t_number: z
    .string()
    .transform((v) => v.trim().toUpperCase())
    .pipe(z.string().regex(/^T\d{13}$/, '登録番号は「T」と13桁の数字で指定してください（例: T7000012050002）')),
});

/** `?date=YYYY-MM-DD` (default: today). */
export const registryLookupQuery = z.object({
  date: z.iso.date({ error: '日付はYYYY-MM-DDの形式で指定してください' }).optional(),
});

const status = z.enum(['valid', 'not_yet', 'cancelled', 'expired', 'unknown']);

export const registryEntryDto = z.object({
  registration_number: z.string(),
  name: z.string(),
  name_kana: z.string().nullable(),
  address: z.string().nullable(),
  registered_on: dateDto.nullable(),
  cancelled_on: dateDto.nullable(),
  expired_on: dateDto.nullable(),
  updated_on: dateDto.nullable(),
  process_kind: z.string(),
  date: dateDto,
  valid_on_date: z.boolean(),
  status,
});
export type RegistryEntry = z.infer<typeof registryEntryDto>;

/** A T-number checked against the registry on a document's date (document show answers). */
export const registryCheckDto = z.object({
  status,
  name: z.string().nullable(),
  date: dateDto,
  valid_on_date: z.boolean(),
});
export type RegistryCheck = z.infer<typeof registryCheckDto>;

export const REGISTRY_IMPORT_STATUSES = {
  queued: '待機中',
  processing: '取り込み中',
  imported: '取り込み済',
  failed: '失敗',
} as const;
export const REGISTRY_IMPORT_KINDS = { full: '全件データ', diff: '差分データ' } as const;

export const registryImportDto = z.object({
  id: idDto,
  kind: z.enum(['full', 'diff']),
  status: z.enum(['queued', 'processing', 'imported', 'failed']),
  file_name: z.string(),
  file_size: z.number().int(),
  sha256: z.string(),
  signature_verified: z.enum(['none', 'verified']),
  rows_total: z.number().int(),
  rows_done: z.number().int(),
  rows_changed: z.number().int(),
  rows_deleted: z.number().int(),
  data_date: dateDto.nullable(),
  error: z.string().nullable(),
  created_by_name: z.string().nullable(),
  created_at: timestampDto,
  finished_at: timestampDto.nullable(),
});
export type RegistryImport = z.infer<typeof registryImportDto>;

/** The admin screen's summary: how many numbers are held and the data's date (the newest imported file's). */
export const registrySummaryDto = z.object({
  entries: z.number().int(),
  data_date: dateDto.nullable(),
  last_full_date: dateDto.nullable(),
  signature_key: z.boolean(),
});
export type RegistrySummary = z.infer<typeof registrySummaryDto>;

/** The multipart text field `kind` of an upload. */
export const registryUploadFields = z.object({
  kind: z.enum(['full', 'diff'], { error: '種類は「全件データ」か「差分データ」を選択してください' }),
});

/** A company's supplier whose registration has lapsed (取消・失効) or is not in the registry. */
export const lapsedSupplierDto = z.object({
  customer_id: idDto,
  customer_name: z.string(),
  registration_number: z.string(),
  registry_name: z.string().nullable(),
  status,
  cancelled_on: dateDto.nullable(),
  expired_on: dateDto.nullable(),
  last_document_date: dateDto.nullable(),
});
export type LapsedSupplier = z.infer<typeof lapsedSupplierDto>;
