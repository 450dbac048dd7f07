import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from './storage-keys';

/** The API base address: localStorage `API_BASE_URL`, or '' (= the page's own origin). */
export function getApiBase(): string {
  const stored = readStorage(STORAGE_KEYS.apiBaseUrl)?.trim();
  return stored ? stored.replace(/\/+$/, '') : '';
}

export function setApiBase(url: string): void {
  const trimmed = url.trim().replace(/\/+$/, '');
  if (!trimmed || trimmed === window.location.origin) removeStorage(STORAGE_KEYS.apiBaseUrl);
  else writeStorage(STORAGE_KEYS.apiBaseUrl, trimmed);
}

/** Shown on /api-settings: the address requests actually go to. */
export function effectiveApiBase(): string {
  return getApiBase() || window.location.origin;
}

export function apiUrl(path: string, base: string = getApiBase()): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${base}${path.startsWith('/') ? path : `/${path}`}`;
}

/** Normalises a user-typed base address; returns null when it is not an http(s) URL. */
export function normaliseApiBase(input: string): string | null {
  const value = input.trim();
  if (!value) return '';
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
  } catch {
    return null;
  }
}
