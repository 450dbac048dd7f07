import { clearAllCookies, getCookie } from '../../lib/cookies';
import { setLoading } from '../../lib/loading';
import { navigateTo } from '../../lib/navigation';
import { clearSession } from '../../lib/session';
import { clearStorage } from '../../lib/storage-keys';
import { markSignedOut, TOKEN_COOKIE } from '../../lib/token';
import { fetchCsrfCookie, requestLogout } from './api';

function clearBrowserStorage(): void {
  clearStorage();
  clearAllCookies();
}

/**
 * Logout exactly in the order of docs/product/SPEC.md §4: set loading → GET /sanctum/csrf-cookie (credentials include)
 * → GET /api/logout with X-CSRF-TOKEN = the token cookie's value → on success clear local storage and
 * every cookie, stop loading, go to /login; on failure go to /login and stop loading.
 * On failure the local session is cleared as well, so a signed-out person never stays signed in on this
 * device (the API base address setting is kept in both cases).
 * The in-memory profile and the query cache are dropped after the navigation has finished, so the
 * signed-in page being left does not refetch its data without a token.
 */
export async function logout(): Promise<void> {
  setLoading(true);
  let succeeded = false;
  try {
    await fetchCsrfCookie();
    await requestLogout(getCookie(TOKEN_COOKIE) ?? '');
    succeeded = true;
  } catch {
    succeeded = false;
  }
  // From here on the pages being left send nothing (their refetches would be 401s).
  markSignedOut();
  if (succeeded) {
    clearBrowserStorage();
    setLoading(false);
    await navigateTo('/login', { replace: true });
  } else {
    clearBrowserStorage();
    const leaving = navigateTo('/login', { replace: true });
    setLoading(false);
    await leaving;
  }
  // the in-memory profile and cached data go once the signed-in pages are unmounted
  clearSession();
}
