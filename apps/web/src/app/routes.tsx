import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import LoginPage from '../features/auth/LoginPage';
import { FramedNotFoundPage, NotFoundPage } from '../features/errors/NotFoundPage';
import { pageLoader, requireSession, rootIndexLoader } from './guards';
import { DefaultLayout } from './layouts/DefaultLayout';
import { PageErrorBoundary } from './PageErrorBoundary';
import { RootLayout, RouteFallback } from './RootLayout';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { PAGES } from './route-table';

type PageModule = () => Promise<{ default: ComponentType }>;

/** A code-split route module: the page is loaded when its route is first visited. */
const lazyPage = (load: PageModule) => async () => ({ Component: (await load()).default });

/** The index route only redirects (its loader); nothing to render. */
function Redirecting() {
  return null;
}

const comingSoon: PageModule = () => import('../components/ComingSoonPage');

/**
 * The sign-in page is in the first chunk (not code-split): it is the first page most visits open, and as
 * a route module it would be fetched only after the first chunk has run — a second round trip before
 * anything is painted (docs/benchmarks.md, issue 16). It costs the other pages ≈ 3 KB.
 */
const LOGIN_PATHS = ['login', 'company/login', 'employee/login'];

/** Public routes (docs/product/SPEC.md §2), rendered in the default layout. */
const PUBLIC_ROUTES: { path: string; load: PageModule }[] = [
  { path: 'password-forget', load: () => import('../features/auth/PasswordForgetPage') },
  { path: 'password-forget/complete', load: () => import('../features/auth/PasswordForgetCompletePage') },
  { path: 'password-reset', load: () => import('../features/auth/PasswordResetPage') },
  { path: 'email/confirm', load: () => import('../features/account-settings/EmailConfirmPage') },
  { path: 'register', load: () => import('../features/auth/RegisterPage') },
  { path: 'register_admin', load: () => import('../features/auth/RegisterAdminPage') },
  { path: 'error-forbidden', load: () => import('../features/errors/ForbiddenPage') },
  { path: 'api-settings', load: () => import('../features/api-settings/ApiSettingsPage') },
];

/** The app's routes; with a query client, the pages' loaders start their first data requests (guards.ts). */
export function createRoutes(queryClient?: QueryClient): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RootLayout,
      ErrorBoundary: RouteErrorBoundary,
      HydrateFallback: RouteFallback,
      children: [
        { index: true, loader: rootIndexLoader, Component: Redirecting },
        {
          id: 'default-layout',
          Component: DefaultLayout,
          children: [
            ...LOGIN_PATHS.map((path) => ({ path, Component: LoginPage })),
            ...PUBLIC_ROUTES.map((r) => ({ path: r.path, lazy: lazyPage(r.load) })),
            { path: '*', Component: NotFoundPage },
          ],
        },
        {
          id: 'main-layout',
          // the signed-in shell (sidebar, top bar, menus) is its own chunk: the sign-in page does not load it
          lazy: async () => ({ Component: (await import('./layouts/MainLayout')).MainLayout }),
          children: [
            ...PAGES.map(
              (page): RouteObject => ({
                path: page.path,
                loader: pageLoader(page, queryClient),
                handle: { title: page.title },
                // a crash while the page renders stays inside the frame (navigation errors go on to the root's)
                ErrorBoundary: PageErrorBoundary,
                lazy: lazyPage(page.load ?? comingSoon),
              }),
            ),
            // an unknown address inside a signed-in area: the 404 inside the app's frame
            ...(['/company', '/system'] as const).map(
              (home): RouteObject => ({
                path: `${home.slice(1)}/*`,
                loader: async ({ request }) => {
                  await requireSession(request);
                  return null;
                },
                Component: () => <FramedNotFoundPage home={home} />,
              }),
            ),
          ],
        },
      ],
    },
  ];
}
