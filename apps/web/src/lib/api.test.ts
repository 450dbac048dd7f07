import { describe, expect, it, vi } from 'vitest';
import { json, makeMe, mockApi } from '../test/utils';
import { ApiError, api, buildQuery } from './api';
import { getCookie } from './cookies';
import { setNavigator } from './navigation';
import { getMe, setMe } from './session';
import { readTokenData, saveToken } from './token';

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('api client', () => {
  it('sends Accept: application/json and the bearer token while tokenExpires is in the future', async () => {
    const { calls } = mockApi({ 'GET /api/health': { ok: true } });
    saveToken('abc', nowSeconds() + 60);
    await api.get('/api/health');
    expect(calls[0].headers.get('Accept')).toBe('application/json');
    expect(calls[0].headers.get('Authorization')).toBe('Bearer abc');
  });

  it('sends no bearer token once tokenExpires has passed', async () => {
    const { calls } = mockApi({ 'GET /api/health': { ok: true } });
    saveToken('abc', nowSeconds() - 1);
    await api.get('/api/health');
    expect(calls[0].headers.get('Authorization')).toBeNull();
  });

  it('sends no bearer token for calls made with auth: false (login)', async () => {
    const { calls } = mockApi({ 'POST /api/login': { data: { token: 't', token_expires: 1 } } });
    saveToken('abc', nowSeconds() + 60);
    await api.post('/api/login', { email: 'a@b.jp', password: 'x' }, { auth: false });
    expect(calls[0].headers.get('Authorization')).toBeNull();
    expect(calls[0].headers.get('Content-Type')).toBe('application/json');
    expect(calls[0].body).toEqual({ email: 'a@b.jp', password: 'x' });
  });

  it('stores X-New-Token / X-New-Token-Expires as the new tokenData and token cookie', async () => {
    const renewed = nowSeconds() + 8 * 3600;
    mockApi({
      'GET /api/me': () =>
        json({ data: makeMe() }, 200, { 'X-New-Token': 'fresh-token', 'X-New-Token-Expires': String(renewed) }),
    });
    saveToken('old-token', nowSeconds() + 60);
    await api.get('/api/me');
    expect(readTokenData()).toEqual({ token: 'fresh-token', tokenExpires: renewed });
    expect(getCookie('token')).toBe('fresh-token');
  });

  it('ignores a new-token header without its expiry', async () => {
    mockApi({ 'GET /api/me': () => json({ data: makeMe() }, 200, { 'X-New-Token': 'fresh-token' }) });
    saveToken('old-token', nowSeconds() + 60);
    await api.get('/api/me');
    expect(readTokenData()?.token).toBe('old-token');
  });

  it('on 401 clears the token and the profile and goes to /login', async () => {
    mockApi({ 'GET /api/company/customer': () => json({ message: 'ログインしてください。' }, 401) });
    const navigate = vi.fn();
    setNavigator(navigate);
    saveToken('abc', nowSeconds() + 60);
    setMe(makeMe());
    const error = await failure(api.get('/api/company/customer'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(401);
    expect(readTokenData()).toBeNull();
    expect(getCookie('token')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
    await vi.waitFor(() => expect(getMe()).toBeNull());
  });

  it('does not treat a 401 of a call without auth (the login call) as a sign-out', async () => {
    mockApi({ 'POST /api/login': () => json({ message: 'x' }, 401) });
    const navigate = vi.fn();
    setNavigator(navigate);
    saveToken('abc', nowSeconds() + 60);
    await api.post('/api/login', {}, { auth: false }).catch(() => {});
    expect(navigate).not.toHaveBeenCalled();
    expect(readTokenData()?.token).toBe('abc');
  });

  it('throws ApiError with the server message and field errors', async () => {
    mockApi({
      'POST /api/company/customer': () =>
        json({ message: '入力内容を確認してください', errors: { name: ['顧客名を入力してください'] } }, 422),
    });
    const error = await failure(api.post('/api/company/customer', {}));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(422);
    expect(error.message).toBe('入力内容を確認してください');
    expect(error.errors).toEqual({ name: ['顧客名を入力してください'] });
  });

  it('reads Retry-After on 429 and gives a Japanese message for network failures', async () => {
    mockApi({ 'POST /api/login': () => json({ message: 'しばらくお待ちください' }, 429, { 'Retry-After': '900' }) });
    const limited = await failure(api.post('/api/login', {}, { auth: false }));
    expect(limited.retryAfter).toBe(900);
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const offline = await failure(api.get('/api/health'));
    expect(offline.status).toBe(0);
    expect(offline.message).toMatch(/接続できませんでした/);
  });

  it('uses the stored API base address', async () => {
    const { calls } = mockApi({ 'GET /api/health': { ok: true } });
    localStorage.setItem('API_BASE_URL', 'http://api.example.test:8080/');
    await api.get('/api/health');
    expect(calls[0].url.href).toBe('http://api.example.test:8080/api/health');
  });

  it('builds query strings without empty values', () => {
    expect(buildQuery({ keyword: '', page: 2, sort_by: null, used_for: undefined, per_page: 20 })).toBe(
      '?page=2&per_page=20',
    );
  });
});
