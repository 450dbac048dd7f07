import type { ApiErrorBody } from '@chobo/core';
import { apiUrl } from './api-base';
import { navigateTo } from './navigation';
import { startProgress } from './progress';
import { clearToken, getValidToken, isSignedOut, saveToken } from './token';

/** An HTTP failure with the server's Japanese message and per-field errors (docs/product/PRODUCT.md §1). */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: Record<string, string[]>;
  readonly body: unknown;
  /** Seconds, from Retry-After on 429. */
  readonly retryAfter: number | null;

  constructor(
    status: number,
    message: string,
    errors: Record<string, string[]> = {},
    body?: unknown,
    retryAfter: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.body = body;
    this.retryAfter = retryAfter;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

const DEFAULT_MESSAGES: Record<number, string> = {
  0: 'サーバーに接続できませんでした。通信環境を確認してください。',
  400: 'リクエストの内容が正しくありません。',
  401: 'ログインの有効期限が切れました。もう一度ログインしてください。',
  403: 'この操作を行う権限がありません。',
  404: 'お探しのデータが見つかりませんでした。',
  409: 'データが他の操作で更新されました。画面を再読み込みしてください。',
  410: '有効期限が切れています。',
  413: 'ファイルのサイズが大きすぎます。',
  415: 'このファイル形式には対応していません。',
  422: '入力内容に誤りがあります。',
  429: 'リクエストが多すぎます。しばらく待ってから再度お試しください。',
};

export function defaultMessage(status: number): string {
  return (
    DEFAULT_MESSAGES[status] ??
    (status >= 500 ? 'サーバーでエラーが発生しました。時間をおいて再度お試しください。' : 'エラーが発生しました。')
  );
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** A plain object is sent as JSON; FormData/Blob/string as they are. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Send the bearer token and treat 401 as "signed out" (default true). The login call passes false. */
  auth?: boolean;
  /** On 401 go to /login (default true). Route guards pass false and redirect themselves. */
  redirectOnUnauthorized?: boolean;
  credentials?: RequestCredentials;
  signal?: AbortSignal;
  /** Overrides the stored API base address (used by /api-settings to test a candidate). */
  base?: string;
  /** Run the top progress bar (default true). */
  progress?: boolean;
}

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** The session layer subscribes here to drop the profile when the server says 401. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export function buildQuery(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function isJsonBody(body: unknown): boolean {
  return (
    body !== undefined &&
    body !== null &&
    !(body instanceof FormData) &&
    !(body instanceof Blob) &&
    !(body instanceof URLSearchParams) &&
    typeof body !== 'string'
  );
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Stores a renewed token when the answer carries X-New-Token and X-New-Token-Expires (docs/product/PRODUCT.md §1). */
export function applyTokenRenewal(headers: Headers): void {
  const token = headers.get('X-New-Token');
  const expires = Number(headers.get('X-New-Token-Expires'));
  if (token && Number.isFinite(expires) && expires > 0) saveToken(token, expires);
}

/** The server said 401: forget the token and (by default) go to /login, then drop the session. */
export function handleUnauthorized(redirect = true): void {
  clearToken();
  // drop the in-memory session once the signed-in page has gone, so its queries do not refetch
  const dropSession = () => {
    for (const listener of [...unauthorizedListeners]) listener();
  };
  if (redirect) void navigateTo('/login', { replace: true }).finally(dropSession);
  else dropSession();
}

export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', query, body, auth = true, redirectOnUnauthorized = true, progress = true } = options;
  if (auth && isSignedOut()) {
    // After logout nothing is sent for the pages being left; the caller sees a quiet 401.
    throw new ApiError(401, defaultMessage(401));
  }
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (auth) {
    const token = getValidToken();
    if (token) headers.Authorization = `Bearer ${token}`;
  }
  let payload: BodyInit | undefined;
  if (isJsonBody(body)) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  } else if (body !== undefined && body !== null) {
    payload = body as BodyInit;
  }

  const done = progress ? startProgress() : () => {};
  let response: Response;
  try {
    response = await fetch(apiUrl(path + buildQuery(query), options.base), {
      method,
      headers,
      body: payload,
      credentials: options.credentials,
      signal: options.signal,
    });
  } catch (error) {
    done();
    if ((error as Error)?.name === 'AbortError') throw error;
    throw new ApiError(0, defaultMessage(0));
  }

  try {
    applyTokenRenewal(response.headers);
    const data = await readBody(response);
    if (response.ok) return data as T;

    const errorBody = (data && typeof data === 'object' ? data : {}) as Partial<ApiErrorBody>;
    const message =
      typeof errorBody.message === 'string' && errorBody.message ? errorBody.message : defaultMessage(response.status);
    const retryAfterHeader = response.headers.get('Retry-After');
    const error = new ApiError(
      response.status,
      message,
      errorBody.errors ?? {},
      data,
      retryAfterHeader ? Number(retryAfterHeader) || null : null,
    );
    if (response.status === 401 && auth) handleUnauthorized(redirectOnUnauthorized);
    throw error;
  } finally {
    done();
  }
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T = void>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** The message to show for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return 'エラーが発生しました。';
}
