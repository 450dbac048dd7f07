import { isPermitted, type Me } from '@chobo/core';
import type { QueryClient } from '@tanstack/react-query';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { isApiError } from '../lib/api';
import { currentPermissions, homePathFor, loadMe, roleOf } from '../lib/session';
import { isLoggedIn } from '../lib/token';
import { COMPANY_MENU, flattenMenu, visibleMenu } from './menu';
import { COMPANY_HOME, type PageDef } from './route-table';

export const LOGIN_PATH = '/login';
export const FORBIDDEN_PATH = '/error-forbidden';

function loginRedirect(request?: Request): Response {
  if (!request) return redirect(LOGIN_PATH);
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  return redirect(back && back !== '/' ? `${LOGIN_PATH}?redirect=${encodeURIComponent(back)}` : LOGIN_PATH);
}

/** A signed-in user's profile, or a redirect to /login (no valid token, or the server says 401). */
export async function requireSession(request?: Request): Promise<Me> {
  if (!isLoggedIn()) throw loginRedirect(request);
  try {
    return await loadMe({ redirectOnUnauthorized: false });
  } catch (error) {
    if (isApiError(error) && error.status === 401) throw loginRedirect(request);
    throw error;
  }
}

/** May this role enter the page's area? /system/** is admin only; /company/** is every other role. */
export function roleAllowed(page: Pick<PageDef, 'area' | 'roles'>, role: string | null): boolean {
  if (!role) return false;
  if (page.area === 'system' && role !== 'admin') return false;
  if (page.area === 'company' && role === 'admin') return false;
  if (page.roles && !page.roles.includes(role)) return false;
  return true;
}

/** The first company page the user may open (for users without the home page's permission). */
export function firstPermittedCompanyPath(me: Me): string | null {
  const permissions = currentPermissions(me);
  const entries = flattenMenu(visibleMenu(COMPANY_MENU, permissions, roleOf(me)));
  return entries[0]?.to ?? null;
}

/**
 * Guard of one page: token → role → permission (docs/product/SPEC.md §4). With a query client, the page's
 * first data request (`page.prefetch`) starts beside the profile's when the permissions already known (this
 * session's, or the last one's kept in storage) allow the page, else once the guard has passed — either way
 * before the page's chunk and its first render; quiet (a 401/403 is left to the guard).
 */
export function pageLoader(page: PageDef, queryClient?: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    const prefetch = queryClient && page.prefetch ? () => page.prefetch?.(queryClient) : null;
    const early = Boolean(prefetch && isLoggedIn() && isPermitted(page.permission, currentPermissions()));
    if (early) void prefetch?.();
    const me = await requireSession(request);
    if (!roleAllowed(page, roleOf(me))) throw redirect(FORBIDDEN_PATH);
    const permitted = isPermitted(page.permission, currentPermissions(me));
    if (permitted && !early) void prefetch?.();
    if (!permitted) {
      // The company home needs customer.index like its menu entry; a user without it (e.g. an employee)
      // lands on the first page they may use instead of an error.
      if (page.path === COMPANY_HOME) {
        const fallback = firstPermittedCompanyPath(me);
        if (fallback && fallback !== COMPANY_HOME) throw redirect(fallback);
      }
      throw redirect(FORBIDDEN_PATH);
    }
    return null;
  };
}

/** "/" sends each role to its home; without a token to /login. */
export async function rootIndexLoader() {
  const me = await requireSession();
  return redirect(homePathFor(me));
}
