import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './responsive.css';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { theme } from './theme';

/** Toasts: bottom-left, at most 5 on screen, the rest queued (docs/product/SPEC.md §8). */
export const TOAST_LIMIT = 5;

export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={client}>
        <ModalsProvider labels={{ confirm: 'OK', cancel: 'キャンセル' }}>
          <Notifications position="bottom-left" limit={TOAST_LIMIT} zIndex={3000} />
          {children}
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
