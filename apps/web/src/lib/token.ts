import { deleteCookie, getCookie, setCookie } from './cookies';
import { readJson, removeStorage, STORAGE_KEYS, writeStorage } from './storage-keys';

/** What is stored under localStorage `tokenData` (docs/product/SPEC.md §3). */
export interface StoredTokenData {
  token: string;
  /** Epoch seconds. */
  tokenExpires: number;
}

export const TOKEN_COOKIE = 'token';

export function readTokenData(): StoredTokenData | null {
  const data = readJson<Partial<StoredTokenData>>(STORAGE_KEYS.tokenData);
  if (!data || typeof data.token !== 'string' || typeof data.tokenExpires !== 'number') return null;
  return { token: data.token, tokenExpires: data.tokenExpires };
}

/** The bearer token, only while `tokenExpires * 1000 > now` (docs/product/SPEC.md §7). */
export function getValidToken(now: number = Date.now()): string | null {
  const data = readTokenData();
  if (!data?.token) return null;
  return data.tokenExpires * 1000 > now ? data.token : null;
}

/**
 * Set once the server has ended the session (logout): pages still on screen must not call the API any
 * more (their requests would only earn 401s). Cleared when a new token is saved (the next sign-in).
 */
let signedOut = false;

export function markSignedOut(): void {
  signedOut = true;
}

export function isSignedOut(): boolean {
  return signedOut;
}

/** Stores the token in localStorage and in the `token` cookie that expires with it (docs/product/SPEC.md §4). */
export function saveToken(token: string, tokenExpires: number): void {
  signedOut = false;
  writeStorage(STORAGE_KEYS.tokenData, JSON.stringify({ token, tokenExpires } satisfies StoredTokenData));
  setCookie(TOKEN_COOKIE, token, new Date(tokenExpires * 1000));
}

export function clearToken(): void {
  removeStorage(STORAGE_KEYS.tokenData);
  deleteCookie(TOKEN_COOKIE);
}

/**
 * Signed in = a usable token. The token cookie mirrors it (docs/product/SPEC.md §4: logged in while the cookie exists);
 * if storage holds a valid token but the cookie went missing, the cookie is restored.
 */
export function isLoggedIn(now: number = Date.now()): boolean {
  const data = readTokenData();
  const valid = Boolean(data?.token && data.tokenExpires * 1000 > now);
  if (valid && data && getCookie(TOKEN_COOKIE) === null)
    setCookie(TOKEN_COOKIE, data.token, new Date(data.tokenExpires * 1000));
  return valid;
}
