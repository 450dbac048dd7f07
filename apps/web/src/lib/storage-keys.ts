/** Keys of browser storage used by the web app (docs/product/SPEC.md §3, §4). */
export const STORAGE_KEYS = {
  /** `{ token, tokenExpires }` (tokenExpires in epoch seconds). */
  tokenData: 'tokenData',
  /** Effective permissions of the signed-in user, cached after /api/me. */
  domainPermissions: 'DOMAIN_PERMISSIONS',
  /** API base address chosen on /api-settings (a device setting, kept on logout). */
  apiBaseUrl: 'API_BASE_URL',
  /** Last opened customer (id), restored at start. */
  selectedCustomer: 'selectedCustomer',
  /** The kakutei form data (docs/product/SPEC.md §3) per fiscal year: `{ [fiscal_year_id]: draft }`, kept on every change. */
  kakuteiFormData: 'kakuteiFormData',
  /** Epoch ms of the last forced reload after a chunk-load failure. */
  chunkReloadAt: 'chobo:chunk-reload-at',
} as const;

/** localStorage access that never throws (private mode, quota, disabled storage). */
export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // storage unavailable: the app keeps working with in-memory state
  }
}

export function removeStorage(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // ignore
  }
}

export function readJson<T>(key: string): T | null {
  const raw = readStorage(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

/** Clears localStorage except the device settings listed in `keep`. */
export function clearStorage(keep: readonly string[] = [STORAGE_KEYS.apiBaseUrl]): void {
  try {
    const kept = keep.map((k) => [k, window.localStorage.getItem(k)] as const);
    window.localStorage.clear();
    for (const [k, v] of kept) if (v !== null) window.localStorage.setItem(k, v);
  } catch {
    // ignore
  }
}
