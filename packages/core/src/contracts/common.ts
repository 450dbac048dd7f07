import { z } from 'zod';

/** `{ message, errors }` — the error body of every non-2xx answer (PRODUCT.md §1). */
export interface ApiErrorBody {
  message: string;
  errors?: Record<string, string[]>;
}

export interface PageMeta {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  from: number | null;
  to: number | null;
}

export interface Paginated<T> {
  data: T[];
  meta: PageMeta;
}

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
