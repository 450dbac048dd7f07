import { Center, Loader, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { ChoboLogo } from '../components/ChoboLogo';
import { GlobalLoadingOverlay } from '../components/GlobalLoadingOverlay';
import { ProgressBar } from '../components/ProgressBar';
import { installChunkErrorListener } from '../lib/chunk-reload';
import { startProgress } from '../lib/progress';
import { OnlineStatusWatcher } from './OnlineStatusWatcher';

/** Wraps every page: progress bar for route loads, loading overlay, connectivity toasts, chunk-error reload. */
export function RootLayout() {
  const navigation = useNavigation();
  const navigating = navigation.state !== 'idle';

  useEffect(() => (navigating ? startProgress() : undefined), [navigating]);
  useEffect(() => installChunkErrorListener(), []);

  return (
    <>
      <ProgressBar />
      <OnlineStatusWatcher />
      <Outlet />
      <GlobalLoadingOverlay />
      <ScrollRestoration />
    </>
  );
}

/** Shown while the first route's guard and module load (e.g. the profile on a fresh page load). */
export function RouteFallback() {
  return (
    <Center mih="100vh" aria-busy>
      <Stack align="center" gap="md">
        <ChoboLogo height={40} />
        <Loader size="sm" />
      </Stack>
    </Center>
  );
}
