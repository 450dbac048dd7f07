import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { NotFoundPage } from '../features/errors/NotFoundPage';
import { pageLoader, rootIndexLoader } from './guards';
import { DefaultLayout } from './layouts/DefaultLayout';
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

const loginPage: PageModule = () => import('../features/auth/LoginPage');

/** Public routes (docs/product/SPEC.md §2), rendered in the default layout. */
const PUBLIC_ROUTES: { path: string; load: PageModule }[] = [
  { path: 'login', load: loginPage },
  { path: 'company/login', load: loginPage },
  { path: 'employee/login', load: loginPage },
  { path: 'password-forget', load: () => import('../features/auth/PasswordForgetPage') },
  { path: 'password-forget/complete', load: () => import('../features/auth/PasswordForgetCompletePage') },
  { path: 'password-reset', load: () => import('../features/auth/PasswordResetPage') },
  { path: 'email/confirm', load: () => import('../features/account-settings/EmailConfirmPage') },
  { path: 'register', load: () => import('../features/auth/RegisterPage') },
  { path: 'register_admin', load: () => import('../features/auth/RegisterAdminPage') },
  { path: 'error-forbidden', load: () => import('../features/errors/ForbiddenPage') },
  { path: 'api-settings', load: () => import('../features/api-settings/ApiSettingsPage') },
];

export function createRoutes(): RouteObject[] {
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
            ...PUBLIC_ROUTES.map((r) => ({ path: r.path, lazy: lazyPage(r.load) })),
            { path: '*', Component: NotFoundPage },
          ],
        },
        {
          id: 'main-layout',
          // the signed-in shell (sidebar, top bar, menus) is its own chunk: the sign-in page does not load it
          lazy: async () => ({ Component: (await import('./layouts/MainLayout')).MainLayout }),
          children: PAGES.map(
            (page): RouteObject => ({
              path: page.path,
              loader: pageLoader(page),
              handle: { title: page.title },
              lazy: lazyPage(page.load ?? comingSoon),
            }),
          ),
        },
      ],
    },
  ];
}
