import { CONTROL_CHARS_MESSAGE, fieldErrors } from '@chobo/core';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { HttpError } from '../lib/http-errors.js';
import { isMalformedMultipart, malformedMultipart } from '../lib/uploads.js';

/**
 * Every error leaves as `{ message, errors? }` in Japanese; 5xx bodies never carry stack traces or SQL.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | HttpError | ZodError | Error, req, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send({
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
        ...(error.extra ?? {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(
        error.validation.map((v) => ({
          path: v.instancePath.split('/').filter(Boolean),
          message: v.message ?? '入力内容に誤りがあります',
        })),
      );
      return reply.status(422).send({ message: Object.values(errors)[0]?.[0] ?? '入力内容に誤りがあります', errors });
    }
    if (error instanceof ZodError) {
      const errors = fieldErrors(error.issues);
      return reply.status(422).send({ message: Object.values(errors)[0]?.[0] ?? '入力内容に誤りがあります', errors });
    }
    // A unique index that stands for a business rule (race-free: the database decides).
    const unique = uniqueViolation(error);
    if (unique?.field) {
      return reply.status(422).send({ message: unique.message, errors: { [unique.field]: [unique.message] } });
    }
    if (unique) return reply.status(409).send({ message: UNIQUE_RACE_MESSAGE });
    // Safety net: text PostgreSQL cannot store (NUL, invalid encoding) that slipped past the contracts.
    if (isUnstorableText(error)) {
      return reply.status(422).send({ message: `入力に${CONTROL_CHARS_MESSAGE}` });
    }
    // A broken multipart body that escaped readUpload (e.g. a route reading parts itself).
    if (isMalformedMultipart(error)) {
      const m = malformedMultipart();
      return reply.status(m.statusCode).send({ message: m.message, errors: m.errors });
    }
    const status = (error as FastifyError).statusCode ?? 500;
    const code = (error as FastifyError).code;
    if (status === 429) {
      return reply.status(429).send({ message: 'リクエストが多すぎます。しばらくしてから再度お試しください' });
    }
    if (status === 413 || code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.status(413).send({ message: 'ファイルまたはリクエストが大きすぎます' });
    }
    if (status === 415 || code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({ message: 'この形式のリクエストには対応していません' });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: 'リクエストの形式が正しくありません' });
    }
    req.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'サーバーでエラーが発生しました。しばらくしてから再度お試しください' });
  });
});

/**
 * PostgreSQL's refusal of a text value (22021 character_not_in_repertoire — NUL or an invalid byte
 * sequence; 22P05 untranslatable_character — "unsupported Unicode escape sequence"), found anywhere on the
 * error's cause chain (drizzle wraps the driver's error).
 */
export function isUnstorableText(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (code === '22021' || code === '22P05') return true;
    if (
      typeof message === 'string' &&
      /invalid byte sequence for encoding|unsupported Unicode escape sequence/i.test(message)
    ) {
      return true;
    }
    e = cause;
  }
  return false;
}

/** Unique indexes whose violation is the user's mistake, with the field and the Japanese message. */
const UNIQUE_RULES: Record<string, { field: string; message: string }> = {
  companies_corporate_number_unique: { field: 'corporate_number', message: 'この法人番号は既に登録されています' },
  // what the action says when it finds the clash itself; the index answers the same when two requests race
  products_company_code_unique: { field: 'code', message: 'この商品コードはすでに使われています' },
  accounts_company_code_unique: { field: 'code', message: 'この科目コードはすでに使われています' },
  employees_company_code_unique: { field: 'code', message: 'この従業員コードはすでに使われています' },
  domains_host_unique: { field: 'host', message: 'このホスト名はすでに登録されています' },
  users_email_unique: { field: 'email', message: 'このメールアドレスはすでに登録されています' },
  period_locks_company_period_unique: { field: 'date', message: 'この期間はすでに締められています' },
  attendance_days_employee_date_unique: { field: 'date', message: 'この日の出勤記録はすでにあります' },
  attendance_month_closes_unique: { field: 'month', message: 'この月はすでに締め済みです' },
  fiscal_years_company_start_unique: { field: 'start_date', message: 'この会計年度はすでに登録されています' },
  tax_returns_company_fiscal_year_unique: { field: 'fiscal_year_id', message: 'この会計年度の申告書はすでにあります' },
};

/** Any other unique violation: another request wrote the same thing at the same moment (never a 500). */
export const UNIQUE_RACE_MESSAGE =
  '同時に行われた別の操作と重なったため保存できませんでした。画面を更新してもう一度お試しください';

/**
 * The rule of a PostgreSQL unique violation (23505) on the error's cause chain: its UNIQUE_RULES entry, or
 * `{ field: '' }` for an index without one (answered 409), null when the error is no unique violation.
 */
export function uniqueViolation(error: unknown): { field: string; message: string } | null {
  let e: unknown = error;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, constraint, message, cause } = e as {
      code?: unknown;
      constraint?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (code === '23505') {
      const name =
        typeof constraint === 'string'
          ? constraint
          : typeof message === 'string'
            ? /unique constraint "([^"]+)"/.exec(message)?.[1]
            : undefined;
      return (name && Object.hasOwn(UNIQUE_RULES, name) && UNIQUE_RULES[name]) || { field: '', message: '' };
    }
    e = cause;
  }
  return null;
}
