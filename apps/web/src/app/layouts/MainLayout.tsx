import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useMemo } from 'react';
import { Outlet } from 'react-router';
import { prefetchModules } from '../../lib/prefetch';
import { isAdmin, roleOf, useMe, usePermissions } from '../../lib/session';
import { flattenMenu, menuFor, USER_MENU, visibleMenu } from '../menu';
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
    // warm the page modules of the visible menu entries while the browser is idle
    const paths = new Set(flattenMenu(menuItems).map((entry) => entry.to));
    const loaders = PAGES.filter((page) => page.load && paths.has(page.path)).map((page) => page.load!);
    return prefetchModules([...loaders, () => import('../../components/ComingSoonPage')]);
  }, [menuItems]);

  return (
    <div className={classes.shell} data-role={role ?? undefined}>
      {!compact && <Sidebar items={menuItems} admin={admin} me={me} />}
      <div className={classes.main}>
        <Topbar me={me} admin={admin} compact={Boolean(compact)} menuItems={menuItems} userItems={userItems} />
        <main className={classes.content} data-admin={admin || undefined}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
