/**
 * Idle-time prefetch of page modules (docs/product/SPEC.md §9): runs when the browser is idle (at the latest after
 * 2000 ms) and is skipped offline, on 2g connections and when the user asked to save data.
 */
export const PREFETCH_IDLE_TIMEOUT_MS = 2000;

interface ConnectionLike {
  saveData?: boolean;
  effectiveType?: string;
}

export function canPrefetch(nav: Pick<Navigator, 'onLine'> & { connection?: ConnectionLike } = navigator): boolean {
  if (nav.onLine === false) return false;
  const connection = nav.connection;
  if (connection?.saveData) return false;
  if (connection?.effectiveType && /(^|-)2g$/.test(connection.effectiveType)) return false;
  return true;
}

/** Calls `task` when idle; returns a cancel function. */
export function onIdle(task: () => void, timeout = PREFETCH_IDLE_TIMEOUT_MS): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 1);
  return () => window.clearTimeout(handle);
}

export function prefetchModules(loaders: readonly (() => Promise<unknown>)[]): () => void {
  if (!canPrefetch() || loaders.length === 0) return () => {};
  return onIdle(() => {
    for (const load of loaders) load().catch(() => {});
  });
}
