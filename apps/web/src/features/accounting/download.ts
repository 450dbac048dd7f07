import { ApiError, applyTokenRenewal, buildQuery, defaultMessage, type QueryValue } from '../../lib/api';
import { apiUrl } from '../../lib/api-base';
import { getValidToken } from '../../lib/token';

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
 * Downloads a statement file (`format=csv|pdf` on the statement's own call) with the bearer token, and
 * saves it under the server's file name. Failures throw ApiError with the server's Japanese message.
 */
export async function downloadFile(
  path: string,
  query: Record<string, QueryValue>,
  fallbackName: string,
): Promise<string> {
  const headers: Record<string, string> = { Accept: 'text/csv, application/pdf, application/json' };
  const token = getValidToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(apiUrl(path + buildQuery(query)), { headers });
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
  const blob = await response.blob();
  const name = filenameFrom(response.headers.get('Content-Disposition'), fallbackName);
  saveBlob(blob, name);
  return name;
}
