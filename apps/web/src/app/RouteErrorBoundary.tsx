import { Center, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from '../features/errors/NotFoundPage';
import { ApiError } from '../lib/api';
import { isChunkLoadError, reloadAfterChunkError } from '../lib/chunk-reload';
import { ErrorView } from './layouts/ErrorLayout';

/** Status of a navigation error: error status code, status, response status, or 500 (docs/product/SPEC.md §8). */
export function errorStatus(error: unknown): number {
  if (isRouteErrorResponse(error)) return error.status;
  if (error instanceof ApiError) return error.status || 500;
  if (error && typeof error === 'object') {
    const e = error as { statusCode?: unknown; status?: unknown; response?: { status?: unknown } };
    for (const candidate of [e.statusCode, e.status, e.response?.status]) {
      if (typeof candidate === 'number' && candidate >= 400) return candidate;
    }
  }
  return 500;
}

export function errorText(error: unknown): string | null {
  if (isRouteErrorResponse(error)) {
    const data = error.data as { message?: unknown } | string | undefined;
    if (typeof data === 'string' && data) return data;
    if (data && typeof data === 'object' && typeof data.message === 'string') return data.message;
    return error.statusText || null;
  }
  if (error instanceof Error) return error.message || null;
  return null;
}

/** The router's error element: chunk-load failures reload once a minute; the rest show the error layout. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const [reloading] = useState(() => isChunkLoadError(error) && reloadAfterChunkError());
  if (reloading) {
    return (
      <Center mih="100vh">
        <Stack align="center">
          <Loader />
          <Text c="dimmed" size="sm">
            新しいバージョンを読み込んでいます…
          </Text>
        </Stack>
      </Center>
    );
  }
  if (isChunkLoadError(error)) {
    return (
      <ErrorView status={500} message="ページの読み込みに失敗しました。通信環境を確認して再読み込みしてください。" />
    );
  }
  const status = errorStatus(error);
  if (status === 404 && isRouteErrorResponse(error)) return <NotFoundPage />;
  return <ErrorView status={status} message={errorText(error)} />;
}
