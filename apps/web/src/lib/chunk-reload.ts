import { STORAGE_KEYS } from './storage-keys';

/**
 * A chunk-loading failure during navigation (a deploy replaced the hashed files) forces a full page
 * reload — at most once per 60 seconds, so a really missing file cannot loop (docs/product/SPEC.md §4, §9).
 */
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;

const CHUNK_ERROR_PATTERN =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError|Loading (CSS )?chunk [\w-]+ failed/i;

export function isChunkLoadError(error: unknown): boolean {
  if (!error) return false;
  if (error instanceof Error) return error.name === 'ChunkLoadError' || CHUNK_ERROR_PATTERN.test(error.message);
  if (typeof error === 'string') return CHUNK_ERROR_PATTERN.test(error);
  return false;
}

export interface ChunkReloadDeps {
  now?: number;
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  reload?: () => void;
}

function defaultStorage(): Pick<Storage, 'getItem' | 'setItem'> | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

let pageReloader: () => void = () => window.location.reload();

/** Replaces the full-page reload (tests; jsdom cannot navigate). */
export function setPageReloader(reload: (() => void) | null): void {
  pageReloader = reload ?? (() => window.location.reload());
}

/** Reloads the page unless it was already reloaded for this reason within the last 60 s. Returns whether it reloaded. */
export function reloadAfterChunkError(deps: ChunkReloadDeps = {}): boolean {
  const now = deps.now ?? Date.now();
  const storage = deps.storage ?? defaultStorage();
  const reload = deps.reload ?? pageReloader;
  let last = 0;
  try {
    last = Number(storage?.getItem(STORAGE_KEYS.chunkReloadAt) ?? 0) || 0;
  } catch {
    last = 0;
  }
  if (last && now - last < CHUNK_RELOAD_INTERVAL_MS && now >= last) return false;
  try {
    storage?.setItem(STORAGE_KEYS.chunkReloadAt, String(now));
  } catch {
    // without storage we still reload once; the 60 s guard then relies on the error page
  }
  reload();
  return true;
}

/** Vite fires `vite:preloadError` when a dynamic import's dependencies fail to load. */
export function installChunkErrorListener(target: Window = window): () => void {
  const handler = (event: Event) => {
    if (reloadAfterChunkError()) event.preventDefault();
  };
  target.addEventListener('vite:preloadError', handler);
  return () => target.removeEventListener('vite:preloadError', handler);
}
