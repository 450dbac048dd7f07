/** An error that becomes an HTTP answer `{ message, errors? }` (docs/product/PRODUCT.md §1). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
    /** More fields of the answer's body beside message and errors (e.g. next_fiscal_year, a 409's duplicate_of). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (message = '指定されたデータが見つかりません') => new HttpError(404, message);
export const forbidden = (message = 'この操作を行う権限がありません') => new HttpError(403, message);
export const unauthorized = (message = 'ログインしてください') => new HttpError(401, message);
export const unprocessable = (errors: Record<string, string[]>, message?: string) =>
  new HttpError(422, message ?? Object.values(errors)[0]?.[0] ?? '入力内容に誤りがあります', errors);
export const tooManyRequests = (retryAfterSeconds: number, message: string) =>
  new HttpError(429, message, undefined, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
