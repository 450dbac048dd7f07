import { Loader, Overlay, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useIsLoading } from '../lib/loading';

/** Delay before the overlay appears, so quick loads do not flash it. */
export const OVERLAY_DELAY_MS = 150;

/** Full-page loading overlay shown while the global loading flag is set (docs/product/SPEC.md §1, §4). */
export function GlobalLoadingOverlay() {
  const loading = useIsLoading();
  const [shown, setShown] = useState(false);

  useEffect(() => {
    if (!loading) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), OVERLAY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loading]);

  if (!shown) return null;
  return (
    <Overlay fixed zIndex={2000} backgroundOpacity={0.35} color="#fff" blur={1} center data-testid="loading-overlay">
      <Stack align="center" gap="xs" role="status" aria-live="polite">
        <Loader size="lg" />
        <Text size="sm" c="dimmed">
          読み込み中…
        </Text>
      </Stack>
    </Overlay>
  );
}
