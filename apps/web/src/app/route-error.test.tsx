import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api';
import { setPageReloader } from '../lib/chunk-reload';
import { AppProviders } from './all-providers';
import { createQueryClient } from './query-client';
import { RouteErrorBoundary } from './RouteErrorBoundary';

function renderFailingRoute(error: unknown) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        ErrorBoundary: RouteErrorBoundary,
        lazy: async () => {
          throw error;
        },
      },
    ],
    { initialEntries: ['/'] },
  );
  return render(
    <AppProviders client={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('route errors', () => {
  it('reloads once on a chunk-load failure, and shows the error page on a second failure within 60 s', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.fn();
    setPageReloader(reload);
    const chunkError = new TypeError('Failed to fetch dynamically imported module: /assets/Page-abc.js');
    const first = renderFailingRoute(chunkError);
    expect(await screen.findByText('新しいバージョンを読み込んでいます…')).toBeTruthy();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(Number(sessionStorage.getItem('chobo:chunk-reload-at'))).toBeGreaterThan(0);
    first.unmount();

    renderFailingRoute(chunkError);
    expect(await screen.findByTestId('error-message')).toBeTruthy();
    expect(screen.getByTestId('error-message').textContent).toContain('ページの読み込みに失敗しました');
    expect(reload).toHaveBeenCalledTimes(1);
    setPageReloader(null);
    consoleError.mockRestore();
  });

  it('shows the status and message of a request error, with a link home for 404', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderFailingRoute(new ApiError(404, 'お探しの企業は見つかりませんでした。'));
    expect((await screen.findByTestId('error-status')).textContent).toBe('404');
    expect(screen.getByTestId('error-message').textContent).toBe('お探しの企業は見つかりませんでした。');
    expect(screen.getByRole('link', { name: 'ホームに戻る' })).toBeTruthy();
  });

  it("shows 'Error' when there is no message, and 500 when there is no status", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderFailingRoute(new Error(''));
    expect((await screen.findByTestId('error-status')).textContent).toBe('500');
    expect(screen.getByTestId('error-message').textContent).toBe('Error');
  });
});
