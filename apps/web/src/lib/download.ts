import { ApiError, applyTokenRenewal, defaultMessage } from './api';
import { apiUrl } from './api-base';
import { getValidToken } from './token';

/** 'attachment; filename*=UTF-8''%E8%B2%B8….csv' → the decoded name. */
export function filenameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(disposition);
  return plain ? plain[1] : fallback;
}

/** Hands a blob to the browser as a saved file. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * GET a file of the API with the bearer token (a plain link would carry none), built once: a network
 * failure is ApiError 0, a renewed token (X-New-Token) is stored, a failed answer throws ApiError with
 * the server's Japanese message (or the status's default one).
 */
export async function fetchDownload(path: string, accept?: string): Promise<Response> {
  const headers: Record<string, string> = accept ? { Accept: accept } : {};
  const token = getValidToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(apiUrl(path), { headers });
  } catch {
    throw new ApiError(0, defaultMessage(0));
  }
  applyTokenRenewal(response.headers);
  if (!response.ok) {
    let message = defaultMessage(response.status);
    try {
      const body = (await response.json()) as { message?: string };
      if (body?.message) message = body.message;
    } catch {
      // not JSON
    }
    throw new ApiError(response.status, message);
  }
  return response;
}

export interface DownloadOptions {
  /** The saved file's name; with `fromServer` only when the answer names none. */
  filename: string;
  /** Take the name from the answer's Content-Disposition (the statements, the journal CSV). */
  fromServer?: boolean;
  accept?: string;
}

/** Downloads `path` (query included) and saves it; resolves the saved file's name. */
export async function downloadFile(path: string, options: DownloadOptions): Promise<string> {
  const response = await fetchDownload(path, options.accept);
  const blob = await response.blob();
  const name = options.fromServer
    ? filenameFrom(response.headers.get('Content-Disposition'), options.filename)
    : options.filename;
  saveBlob(blob, name);
  return name;
}
