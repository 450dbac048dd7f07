import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useMemo } from 'react';
import { Outlet } from 'react-router';
import { prefetchModules } from '../../lib/prefetch';
import { isAdmin, roleOf, useMe, usePermissions } from '../../lib/session';
import { menuFor, USER_MENU, visibleMenu } from '../menu';
import { ModalsLayer } from '../modals';
import { PAGES } from '../route-table';
import classes from './layout.module.css';
import { Sidebar } from './Sidebar';
import { Topbar } from './Topbar';

/** Sidebar hides at the mobile breakpoint (≤ 768px) or on touch devices (docs/product/SPEC.md §2, §9). */
export const COMPACT_QUERY = '(max-width: 768px), (pointer: coarse)';

/** Main layout: sidebar by role + top bar + page (the loading overlay lives in the root layout). */
export function MainLayout() {
  const me = useMe();
  const permissions = usePermissions();
  const role = roleOf(me);
  const admin = isAdmin(me);
  const compact = useMediaQuery(COMPACT_QUERY, false, { getInitialValueInEffect: false });
  const menuItems = useMemo(() => visibleMenu(menuFor(role), permissions, role), [role, permissions]);
  const userItems = useMemo(
    () => visibleMenu(USER_MENU, permissions, role).filter((item) => item.kind === 'link'),
    [role, permissions],
  );

  useEffect(() => {
    // warm a page's module when the user shows the intent to open it (pointer over or focus on its link),
    // at idle time: not every menu entry's chunk on every page load
    const loaders = new Map(PAGES.filter((page) => page.load).map((page) => [page.path, page.load!]));
    const warmed = new Set<string>();
    const cancels: (() => void)[] = [];
    const onIntent = (event: Event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement)) return;
      const path = new URL(link.href, window.location.href).pathname;
      const load = loaders.get(path);
      if (!load || warmed.has(path)) return;
      warmed.add(path);
      cancels.push(prefetchModules([load]));
    };
    document.addEventListener('pointerover', onIntent, { passive: true });
    document.addEventListener('focusin', onIntent);
    return () => {
      document.removeEventListener('pointerover', onIntent);
      document.removeEventListener('focusin', onIntent);
      for (const cancel of cancels) cancel();
    };
  }, []);

  return (
    <ModalsLayer>
      {/* the first tab stop of every page: past the sidebar and the top bar to the page (focus moves, no #hash) */}
      {/* biome-ignore lint/a11y/useValidAnchor: a skip link is an in-page link (WCAG 2.4.1); the click only keeps the URL free of #hash */}
      <a
        href="#main-content"
        className={classes.skipLink}
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('main-content')?.focus();
        }}
      >
        メインコンテンツへスキップ
      </a>
      <div className={classes.shell} data-role={role ?? undefined}>
        {!compact && <Sidebar items={menuItems} admin={admin} me={me} />}
        <div className={classes.main}>
          <Topbar me={me} admin={admin} compact={Boolean(compact)} menuItems={menuItems} userItems={userItems} />
          <main id="main-content" tabIndex={-1} className={classes.content} data-admin={admin || undefined}>
            <Outlet />
          </main>
        </div>
      </div>
    </ModalsLayer>
  );
}
