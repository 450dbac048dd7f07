import { useCallback, useState } from 'react';
import { ApiError, api, errorMessage } from './api';
import { notifyError, notifyWarning } from './notify';

/**
 * The shared file-link helper (docs/product/SPEC.md §7): a GET on `path` answers `{ data: { url } }`, a
 * short-lived signed address that works without the bearer token. `openFileLink` opens it in a new tab;
 * a 422 hands its message to `onValidationError` (or a red toast); any other failure goes to the general
 * error handling (a red toast with the server's message; 401 is the API client's).
 */
export async function fetchFileLink(path: string, signal?: AbortSignal): Promise<string> {
  const answer = await api.get<{ data: { url: string } }>(path, { signal });
  return answer.data.url;
}

export interface OpenFileLinkOptions {
  /** 422: the message of the answer (e.g. 「保存期間内のファイルです」); default: a red toast. */
  onValidationError?: (message: string) => void;
}

/** GET the link and open it in a new tab. Resolves true when a tab was opened. */
export async function openFileLink(path: string, options: OpenFileLinkOptions = {}): Promise<boolean> {
  let url: string;
  try {
    url = await fetchFileLink(path);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return false;
    if (error instanceof ApiError && error.status === 422 && options.onValidationError) {
      options.onValidationError(error.message);
    } else {
      notifyError(errorMessage(error));
    }
    return false;
  }
  const tab = window.open(url, '_blank');
  if (!tab) {
    notifyWarning(
      '新しいタブを開けませんでした。ブラウザのポップアップブロックを解除してから、もう一度お試しください。',
    );
    return false;
  }
  // the opened file must not reach back into this page
  try {
    tab.opener = null;
  } catch {
    // cross-origin window: nothing to reset
  }
  return true;
}

/**
 * `openFileLink` with the key of the link being fetched (to show a spinner on its button) and the last
 * 422 message (validation errors stored from the message field).
 */
export function useFileLink() {
  const [pending, setPending] = useState<string | null>(null);
  const [validationError, setValidationError] = useState<string | null>(null);
  const open = useCallback(async (path: string) => {
    setPending(path);
    setValidationError(null);
    try {
      return await openFileLink(path, {
        onValidationError: (message) => {
          setValidationError(message);
          notifyError(message);
        },
      });
    } finally {
      setPending(null);
    }
  }, []);
  return { open, pending, validationError };
}
