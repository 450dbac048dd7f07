import { describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../lib/api';
import { setCookie } from '../../lib/cookies';
import { isLoading, loadingStore } from '../../lib/loading';
import { setNavigator } from '../../lib/navigation';
import { getMe, setMe } from '../../lib/session';
import { saveToken } from '../../lib/token';
import { json, makeMe, mockApi } from '../../test/utils';
import { logout } from './logout';

function seedSession() {
  saveToken('tok-xyz', Math.floor(Date.now() / 1000) + 3600);
  localStorage.setItem('DOMAIN_PERMISSIONS', JSON.stringify(['customer.index']));
  localStorage.setItem('selectedCustomer', JSON.stringify({ id: 3 }));
  localStorage.setItem('API_BASE_URL', 'http://localhost');
  const tomorrow = new Date(Date.now() + 86_400_000);
  setCookie('XSRF-TOKEN', 'csrf-value', tomorrow);
  setCookie('other', '1', tomorrow);
  setMe(makeMe());
}

/** Signs out of a seeded session with a navigator that records itself in `events`, then stops recording; returns the navigator. */
async function logoutRecorded(events: string[], unsubscribe: () => void) {
  const navigate = vi.fn(() => {
    events.push('navigate');
  });
  setNavigator(navigate);
  seedSession();

  await logout();
  unsubscribe();
  return navigate;
}

describe('logout', () => {
  it('sets loading, fetches the CSRF cookie, then calls logout with X-CSRF-TOKEN = token cookie, then clears everything', async () => {
    const events: string[] = [];
    const unsubscribe = loadingStore.subscribe(() => events.push(`loading:${isLoading()}`));
    const { calls } = mockApi({
      'GET /sanctum/csrf-cookie': () => {
        events.push('csrf-cookie');
        return new Response(null, { status: 204 });
      },
      'GET /api/logout': () => {
        events.push('logout');
        return json({ message: 'ログアウトしました' });
      },
    });
    const navigate = await logoutRecorded(events, unsubscribe);

    expect(events).toEqual(['loading:true', 'csrf-cookie', 'logout', 'loading:false', 'navigate']);
    expect(calls.map((c) => c.url.pathname)).toEqual(['/sanctum/csrf-cookie', '/api/logout']);
    expect(calls[1].headers.get('X-CSRF-TOKEN')).toBe('tok-xyz');
    expect(calls[1].headers.get('Authorization')).toBe('Bearer tok-xyz');
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
    expect(localStorage.getItem('tokenData')).toBeNull();
    expect(localStorage.getItem('DOMAIN_PERMISSIONS')).toBeNull();
    expect(localStorage.getItem('selectedCustomer')).toBeNull();
    expect(document.cookie).toBe('');
    expect(getMe()).toBeNull();
    expect(isLoading()).toBe(false);
  });

  it('sends nothing for the pages being left once signed out, until the next sign-in saves a token', async () => {
    const { calls } = mockApi({
      'GET /sanctum/csrf-cookie': () => new Response(null, { status: 204 }),
      'GET /api/logout': () => new Response(null, { status: 204 }),
      'GET /api/admin/dashboard': () => json({ data: {} }),
    });
    setNavigator(vi.fn());
    seedSession();
    await logout();
    // a signed-in page refetching while it unmounts: answered locally, no request, no redirect
    const refetch = await api.get('/api/admin/dashboard').catch((e: unknown) => e);
    expect(refetch).toBeInstanceOf(ApiError);
    expect((refetch as ApiError).status).toBe(401);
    expect(calls.map((c) => c.url.pathname)).toEqual(['/sanctum/csrf-cookie', '/api/logout']);
    // public calls still go out, and signing in again lifts the block
    saveToken('tok-new', Math.floor(Date.now() / 1000) + 3600);
    await api.get('/api/admin/dashboard');
    expect(calls.at(-1)?.headers.get('Authorization')).toBe('Bearer tok-new');
  });

  it('still goes to /login and stops loading when the logout call fails', async () => {
    const events: string[] = [];
    const unsubscribe = loadingStore.subscribe(() => events.push(`loading:${isLoading()}`));
    mockApi({
      'GET /sanctum/csrf-cookie': () => new Response(null, { status: 204 }),
      'GET /api/logout': () => json({ message: 'サーバーエラー' }, 500),
    });
    const navigate = await logoutRecorded(events, unsubscribe);

    expect(events).toEqual(['loading:true', 'navigate', 'loading:false']);
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
    expect(isLoading()).toBe(false);
    expect(localStorage.getItem('tokenData')).toBeNull();
  });

  it('goes to /login when the network is down', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const navigate = vi.fn();
    setNavigator(navigate);
    seedSession();
    await logout();
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
    expect(isLoading()).toBe(false);
  });
});
