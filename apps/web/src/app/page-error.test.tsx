import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api';
import { makeMe, mockApi, page, renderApp, seedToken } from '../test/utils';
import { AppProviders } from './all-providers';
import { PAGE_CRASH_MESSAGE, PageErrorBoundary } from './PageErrorBoundary';
import { createQueryClient } from './query-client';
import { RouteErrorBoundary } from './RouteErrorBoundary';

function Crashing(): never {
  throw new RangeError('not an integer yen amount: 1e+21');
}

/** The app's shape: the root (RouteErrorBoundary), a frame (sidebar), a page route with PageErrorBoundary. */
function renderPage(route: { Component?: () => never; loader?: () => never }) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        ErrorBoundary: RouteErrorBoundary,
        Component: () => (
          <div>
            <nav aria-label="企業メニュー">サイドバー</nav>
            <Outlet />
          </div>
        ),
        children: [{ path: 'company/transactions/create', ErrorBoundary: PageErrorBoundary, ...route }],
      },
    ],
    { initialEntries: ['/company/transactions/create'] },
  );
  return render(
    <AppProviders client={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('a page that crashes', () => {
  it('shows the Japanese crash card inside the frame (the sidebar stays), with 再読み込み and ホームへ', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPage({ Component: Crashing });
    expect(await screen.findByRole('heading', { name: PAGE_CRASH_MESSAGE })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: '企業メニュー' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '再読み込み' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ホームへ' }).getAttribute('href')).toBe('/company');
    expect(screen.getByTestId('page-crash').textContent).not.toMatch(/integer|Error|Unexpected/);
  });

  it('leaves a navigation error (a request answered 404) to the error layout with its status', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPage({
      loader: () => {
        throw new ApiError(404, 'お探しの受注取引は見つかりませんでした。');
      },
      Component: Crashing,
    });
    expect((await screen.findByTestId('error-status')).textContent).toBe('404');
    expect(screen.getByTestId('error-message').textContent).toBe('お探しの受注取引は見つかりませんでした。');
    expect(screen.queryByTestId('page-crash')).toBeNull();
  });
});

describe('the skip link', () => {
  it('is the first tab stop of a signed-in page and moves the focus past the sidebar to the page', async () => {
    mockApi({ 'GET /api/me': { data: makeMe() }, 'GET /api/company/customer': page([]) });
    seedToken();
    const user = userEvent.setup();
    renderApp('/company/customers');
    await screen.findByText('顧客が登録されていません');
    (document.activeElement as HTMLElement | null)?.blur();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'メインコンテンツへスキップ' });
    expect(document.activeElement).toBe(skip);
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('main'));
    expect(window.location.hash).toBe('');
  });
});
