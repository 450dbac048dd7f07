import type { ApiErrorBody } from '@chobo/core';
import { ApiError, applyTokenRenewal, defaultMessage, handleUnauthorized } from './api';
import { apiUrl } from './api-base';
import { startProgress } from './progress';
import { getValidToken } from './token';

export interface UploadOptions {
  method?: 'POST' | 'PUT';
  /** Bytes sent so far and the total (from XMLHttpRequest's upload progress). */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

function headersOf(xhr: XMLHttpRequest): Headers {
  const headers = new Headers();
  for (const line of xhr
    .getAllResponseHeaders()
    .trim()
    .split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return headers;
}

function parse(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * A multipart upload through the token-carrying client with upload progress (fetch has none): the bearer
 * token, token renewal, 401 → /login and `ApiError` with the server's Japanese message as `apiRequest`.
 */
export function uploadWithProgress<T>(path: string, body: FormData, options: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', apiUrl(path));
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getValidToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    const done = startProgress();
    const abort = () => xhr.abort();
    options.signal?.addEventListener('abort', abort);
    const finish = () => {
      done();
      options.signal?.removeEventListener('abort', abort);
    };
    if (options.onProgress) {
      const report = options.onProgress;
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable) report(event.loaded, event.total);
      });
    }
    xhr.addEventListener('load', () => {
      finish();
      applyTokenRenewal(headersOf(xhr));
      const data = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(data as T);
        return;
      }
      const errorBody = (data && typeof data === 'object' ? data : {}) as Partial<ApiErrorBody>;
      const message =
        typeof errorBody.message === 'string' && errorBody.message ? errorBody.message : defaultMessage(xhr.status);
      if (xhr.status === 401) handleUnauthorized();
      reject(new ApiError(xhr.status, message, errorBody.errors ?? {}, data));
    });
    xhr.addEventListener('error', () => {
      finish();
      reject(new ApiError(0, defaultMessage(0)));
    });
    xhr.addEventListener('abort', () => {
      finish();
      reject(new DOMException('aborted', 'AbortError'));
    });
    xhr.send(body);
  });
}
