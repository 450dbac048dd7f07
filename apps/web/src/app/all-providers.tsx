import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ModalsLayer } from './modals';
import { AppTheme } from './providers';
import Toasts from './toasts';

/**
 * Every provider at once, the toasts' container and the confirm dialogs loaded with them: for tests that
 * render the routes or a page alone. The app itself uses ShellProviders (providers.tsx).
 */
export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <AppTheme>
      <QueryClientProvider client={client}>
        <ModalsLayer>
          <Toasts />
          {children}
        </ModalsLayer>
      </QueryClientProvider>
    </AppTheme>
  );
}
