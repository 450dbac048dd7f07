import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_INTERVAL_MS, isChunkLoadError, reloadAfterChunkError } from './chunk-reload';

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}

describe('chunk-load failure reload', () => {
  it('recognises the browsers’ dynamic-import failure messages', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });

  it('reloads at most once per 60 seconds', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    const t0 = 1_700_000_000_000;
    expect(reloadAfterChunkError({ now: t0, storage, reload })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadAfterChunkError({ now: t0 + 10_000, storage, reload })).toBe(false);
    expect(reloadAfterChunkError({ now: t0 + CHUNK_RELOAD_INTERVAL_MS - 1, storage, reload })).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadAfterChunkError({ now: t0 + CHUNK_RELOAD_INTERVAL_MS, storage, reload })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('remembers the last reload in sessionStorage across page loads', () => {
    const reload = vi.fn();
    const t0 = Date.now();
    expect(reloadAfterChunkError({ now: t0, reload })).toBe(true);
    expect(sessionStorage.getItem('chobo:chunk-reload-at')).toBe(String(t0));
    expect(reloadAfterChunkError({ now: t0 + 5_000, reload })).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
