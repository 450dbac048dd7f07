import { useEffect } from 'react';
import { createStore, useStore } from './store';

/**
 * The global loading flag (docs/product/SPEC.md §4): toggled around list loads and logout; while it is set the
 * full-page overlay is shown. It is a counter so overlapping operations do not switch it off early.
 */
export const loadingStore = createStore(0);

export function setLoading(on: boolean): void {
  loadingStore.set((n) => (on ? n + 1 : Math.max(0, n - 1)));
}

export function resetLoading(): void {
  loadingStore.set(0);
}

export function isLoading(): boolean {
  return loadingStore.get() > 0;
}

export function useIsLoading(): boolean {
  return useStore(loadingStore) > 0;
}

/** Sets the loading flag while `active` is true (e.g. a list query is fetching). */
export function useLoadingFlag(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    setLoading(true);
    return () => setLoading(false);
  }, [active]);
}
