/**
 * Small cookie helpers (the `token` cookie of docs/product/SPEC.md §4 and the logout clean-up). This is the one module
 * that writes document.cookie (the Cookie Store API is not available in every supported browser).
 */
export function getCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const index = part.indexOf('=');
    const key = (index < 0 ? part : part.slice(0, index)).trim();
    if (key === name) {
      const value = index < 0 ? '' : part.slice(index + 1).trim();
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return null;
}

export function setCookie(name: string, value: string, expires: Date): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the single cookie writer
  document.cookie = `${name}=${encodeURIComponent(value)}; expires=${expires.toUTCString()}; path=/; SameSite=Lax`;
}

export const EPOCH_EXPIRY = 'Thu, 01 Jan 1970 00:00:00 GMT';

export function deleteCookie(name: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the single cookie writer
  document.cookie = `${name}=; expires=${EPOCH_EXPIRY}; path=/`;
}

/** Expires every cookie visible to the page (with a 1970 date), for the path / and the current path. */
export function clearAllCookies(): void {
  if (typeof document === 'undefined') return;
  const names = document.cookie
    .split(';')
    .map((part) => part.split('=')[0]?.trim())
    .filter((n): n is string => Boolean(n));
  for (const name of names) {
    // biome-ignore lint/suspicious/noDocumentCookie: the single cookie writer
    document.cookie = `${name}=; expires=${EPOCH_EXPIRY}; path=/`;
    // biome-ignore lint/suspicious/noDocumentCookie: the single cookie writer
    document.cookie = `${name}=; expires=${EPOCH_EXPIRY}`;
  }
}
