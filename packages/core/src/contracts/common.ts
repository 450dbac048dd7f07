import { z } from 'zod';

/* ---------------------------------------------------------------- response schemas
 * The answers of the API as plain zod schemas (no transforms: the server serialises with them, and zod
 * cannot run a transform backwards). The DTO types are inferred from them, so each shape is written once.
 */

/** An ISO timestamp as the API hands it out (`Date#toISOString()`). */
export const timestampDto = z.iso.datetime({ offset: true });
/** A calendar date `YYYY-MM-DD`. */
export const dateDto = z.iso.date();
/** A database id. */
export const idDto = z.number().int();

/** `{ message, errors }` — the error body of every non-2xx answer (docs/product/PRODUCT.md §1). */
export const apiErrorDto = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  /** A posting dated just past the last fiscal year: the year the screen offers to create (else null). */
  next_fiscal_year: z.object({ start_date: z.string(), end_date: z.string() }).nullable().optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorDto>;

/** `{ message }` — the answer of an action that returns nothing else. */
export const messageDto = z.object({ message: z.string() });

/**
 * 204 No Content: documented as `type: null` (no body). Typed as `undefined` so a typed route's
 * `reply.status(204).send()` checks; Fastify sends an undefined payload without serialising it.
 */
// `type: 'null'` in the document (the OpenAPI 3.0 output of z.null() is a nullable enum) is what tells
// @fastify/swagger to describe the answer without content
export const noContentDto = z
  .null()
  .meta({ description: 'No Content', type: 'null' }) as unknown as z.ZodType<undefined>;

export const pageMetaDto = z.object({
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  from: z.number().int().nullable(),
  to: z.number().int().nullable(),
});
export type PageMeta = z.infer<typeof pageMetaDto>;

export interface Paginated<T> {
  data: T[];
  meta: PageMeta;
}

/** `{ data }` — the envelope of one record. */
export function dataOf<T extends z.ZodType>(schema: T) {
  return z.object({ data: schema });
}

/** `{ data: [...], meta }` — one page of a list. */
export function pageOf<T extends z.ZodType>(schema: T) {
  return z.object({ data: z.array(schema), meta: pageMetaDto });
}

/** `{ data, message }` — a record and the sentence the screen shows. */
export function dataWithMessageOf<T extends z.ZodType>(schema: T) {
  return z.object({ data: schema, message: z.string() });
}

/* ---------------------------------------------------------------- request schemas shared by every route */

/** The largest id a column holds (PostgreSQL integer): an id beyond it is refused, never sent to SQL. */
export const MAX_ID = 2_147_483_647;

/**
 * THE id field of every request (body, query, path): a positive integer ≤ MAX_ID, coerced from text; 0,
 * negatives, fractions, beyond int4 and non-numbers are a 422 with `message` (「<label>を選択してください」).
 */
export function idField(label: string, message = `${label}を選択してください`) {
  return z.coerce.number({ error: message }).int(message).positive(message).max(MAX_ID, message);
}

/** An optional id of a body: '' / null / absent → null, else idField (「<label>が正しくありません」). */
export function optionalIdField(label: string) {
  return z
    .union([z.literal(''), z.null(), idField(label, `${label}が正しくありません`)])
    .optional()
    .transform((v) => (typeof v === 'number' ? v : null));
}

/** An optional id filter of a list query (`?customer_id=`): absent → undefined. */
export function idFilter(label: string) {
  return idField(label, `${label}が正しくありません`).optional();
}

/** `?company_id=` of a platform admin (optional; 「企業IDは数値で指定してください」). */
export const companyIdField = idField('企業', '企業IDは数値で指定してください').optional();

/** A database id in a path: a positive 32-bit integer (coerced from the URL; beyond int4 is a 422, not a 500). */
export const idParam = idField('ID', 'IDが正しくありません');
/** `/:id` */
export const idParams = z.object({ id: idParam });
/**
 * `?company_id=` — the company a platform admin reads on a company route open to admins (lib/tenant-route.ts
 * resolves it; documented on each such route).
 */
export const companyIdQuery = z.object({ company_id: companyIdField });

export const MAX_PER_PAGE = 100;
export const DEFAULT_PER_PAGE = 20;

/**
 * The list query every list endpoint takes. `sortable` is the per-list whitelist: anything else is a 422
 * and never reaches SQL.
 */
export function listQuery<const S extends readonly [string, ...string[]]>(
  sortable: S,
  opts: { defaultSort: S[number]; defaultDir?: 'asc' | 'desc'; perPage?: number },
) {
  return z.object({
    keyword: z
      .string()
      .trim()
      .max(200, '検索キーワードは200文字以内で入力してください')
      .refine(hasNoControlChars, `検索キーワードに${CONTROL_CHARS_MESSAGE}`)
      .optional()
      .default(''),
    page: z.coerce
      .number({ error: 'ページは数値で指定してください' })
      .int('ページは整数で指定してください')
      .min(1, 'ページは1以上で指定してください')
      .max(100000)
      .default(1),
    per_page: z.coerce
      .number({ error: '表示件数は数値で指定してください' })
      .int('表示件数は整数で指定してください')
      .min(1, '表示件数は1以上で指定してください')
      .max(MAX_PER_PAGE, `表示件数は${MAX_PER_PAGE}以下で指定してください`)
      .default(opts.perPage ?? DEFAULT_PER_PAGE),
    sort_by: z.enum(sortable, { error: '並び替えの項目が正しくありません' }).default(opts.defaultSort as S[number]),
    sort_dir: z
      .enum(['asc', 'desc'], { error: '並び順は asc または desc で指定してください' })
      .default(opts.defaultDir ?? 'asc'),
  });
}

export function pageMeta(total: number, page: number, perPage: number, rowCount: number): PageMeta {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const from = rowCount > 0 ? (page - 1) * perPage + 1 : null;
  return {
    current_page: page,
    last_page: lastPage,
    per_page: perPage,
    total,
    from,
    to: from === null ? null : from + rowCount - 1,
  };
}

/**
 * C0 control characters other than tab, line feed and carriage return, and DEL. PostgreSQL refuses NUL in
 * text outright; the others are never meant to be typed and break CSV/PDF output.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
export const CONTROL_CHARS_MESSAGE = '使用できない文字（制御文字）が含まれています';

/** True when `value` holds no refused control character (see CONTROL_CHARS). */
export function hasNoControlChars(value: string): boolean {
  return !CONTROL_CHARS.test(value);
}

/** A one-time token from a mailed link (compared by hash; never holds control characters). */
export const tokenField = z
  .string({ error: 'トークンがありません' })
  .min(1, 'トークンがありません')
  .max(200)
  .refine(hasNoControlChars, 'トークンが正しくありません');

/**
 * An optional text field: trimmed, '' or null or undefined stored as null, at most `max` characters,
 * and (when given) checked by `check` with the Japanese message `message`.
 */
export function optionalText(
  label: string,
  max: number,
  check?: { test: (value: string) => boolean; message: string },
) {
  return z
    .string({ error: `${label}は文字列で入力してください` })
    .trim()
    .max(max, `${label}は${max}文字以内で入力してください`)
    .refine(hasNoControlChars, `${label}に${CONTROL_CHARS_MESSAGE}`)
    .refine((v) => v === '' || !check || check.test(v), { message: check?.message ?? '' })
    .nullish()
    .transform((v) => (v ? v : null));
}

export function requiredText(label: string, max: number) {
  return z
    .string({ error: `${label}を入力してください` })
    .trim()
    .min(1, `${label}を入力してください`)
    .max(max, `${label}は${max}文字以内で入力してください`)
    .refine(hasNoControlChars, `${label}に${CONTROL_CHARS_MESSAGE}`);
}

/** Turns a zod error into the `errors` map of the API error body (field → messages). */
export function fieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_';
    const list = errors[key] ?? [];
    if (!list.includes(issue.message)) list.push(issue.message);
    errors[key] = list;
  }
  return errors;
}

/**
 * Optimistic concurrency: every edit sends back the `updated_at` it read; the server refuses it with 409
 * when the record was saved since. Required, so a client cannot silently overwrite someone's change.
 */
export const updatedAtField = z.iso.datetime({
  offset: true,
  error: (issue) =>
    issue.input === undefined
      ? '更新日時（updated_at）がありません。画面を再読み込みしてから編集してください'
      : '更新日時（updated_at）の形式が正しくありません',
});

/** The body of an update: the record's fields plus the `updated_at` the client read. */
export function versioned<T extends z.ZodType<Record<string, unknown>>>(schema: T) {
  return z.intersection(schema, z.object({ updated_at: updatedAtField }));
}
