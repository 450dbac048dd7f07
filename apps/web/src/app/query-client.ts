import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api';
import { navigateTo } from '../lib/navigation';
import { notifyError } from '../lib/notify';

/**
 * Errors of queries and mutations (docs/product/SPEC.md §8): 401 is handled by the API client (→ /login); a 403 while
 * loading a page → /error-forbidden; 422 of a form is shown under its fields by the form; anything else
 * → red toast with the server's message. `meta: { silent: true }` opts a call out of the toast.
 */
declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError(error, query) {
        if (query.meta?.silent) return;
        if (error instanceof ApiError) {
          if (error.status === 401) return;
          if (error.status === 403) {
            void navigateTo('/error-forbidden', { replace: true });
            return;
          }
        }
        notifyError(error.message || 'データの取得に失敗しました。');
      },
    }),
    mutationCache: new MutationCache({
      onError(error, _variables, _context, mutation) {
        if (mutation.meta?.silent) return;
        if (error instanceof ApiError && (error.status === 401 || error.status === 422)) return;
        notifyError(error.message || '保存に失敗しました。');
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) =>
          failureCount < 1 && (!(error instanceof ApiError) || error.status === 0 || error.status >= 500),
      },
      mutations: { retry: false },
    },
  });
}
