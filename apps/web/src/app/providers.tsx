import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './responsive.css';
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
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

// The toasts' container (and its transitions, portal and focus handling) is its own chunk, loaded when the
// first toast is shown: the toast waits in the notifications store and appears with it.
const Toasts = lazy(() => import('./toasts'));

/** Mounts the toasts' container once there is a toast (and keeps it mounted). */
function ToastsOnDemand() {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && notifications.length + queue.length > 0) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}

/**
 * The app's providers: what the first page needs (theme, queries). The toasts' container comes in its
 * own chunk when the first toast is shown, and the confirm dialogs' provider with the signed-in shell (MainLayout), so the sign-in page
 * loads neither (issue 16: the first route ≤ 150 KB of JavaScript). Tests: AppProviders (all-providers.tsx).
 */
export function ShellProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <AppTheme>
      <QueryClientProvider client={client}>
        <ToastsOnDemand />
        {children}
      </QueryClientProvider>
    </AppTheme>
  );
}
