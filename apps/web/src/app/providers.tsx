import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './responsive.css';
import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { theme } from './theme';

export { TOAST_LIMIT } from './limits';

/** Mantine with the app's theme. */
export function AppTheme({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      {children}
    </MantineProvider>
  );
}

// The toasts' container (and its transitions) is its own chunk, loaded after the first paint: a toast
// shown before it arrives waits in the notifications store and appears with it.
const Toasts = lazy(() => import('./toasts'));

/**
 * The app's providers: what the first page needs (theme, queries). The toasts' container comes in its
 * own chunk and the confirm dialogs' provider with the signed-in shell (MainLayout), so the sign-in page
 * loads neither (issue 16: the first route ≤ 150 KB of JavaScript). Tests: AppProviders (all-providers.tsx).
 */
export function ShellProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <AppTheme>
      <QueryClientProvider client={client}>
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
        {children}
      </QueryClientProvider>
    </AppTheme>
  );
}
