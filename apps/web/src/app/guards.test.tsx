import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentPermissions, setMe } from '../lib/session';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { adminMe, json, makeMe, mockApi, page, renderApp, seedToken } from '../test/utils';

const path = (router: ReturnType<typeof renderApp>['router']) => router.state.location.pathname;

describe('route guards', () => {
  it('sends a visitor without a token to /login', async () => {
    const { calls } = mockApi({});
    const { router } = renderApp('/company/customers');
    await waitFor(() => expect(path(router)).toBe('/login'));
    expect(await screen.findByRole('heading', { name: '管理者・企業ログイン' })).toBeTruthy();
    expect(calls.filter((c) => c.url.pathname === '/api/me')).toHaveLength(0);
  });

  it('treats an expired token as no token', async () => {
    mockApi({ 'GET /api/me': { data: makeMe() } });
    seedToken('old', -10);
    const { router } = renderApp('/company');
    await waitFor(() => expect(path(router)).toBe('/login'));
  });

  it('goes to /login when the server answers 401 for the profile', async () => {
    mockApi({ 'GET /api/me': () => json({ message: '認証が必要です' }, 401) });
    seedToken();
    const { router } = renderApp('/company/customers');
    await waitFor(() => expect(path(router)).toBe('/login'));
    expect(localStorage.getItem(STORAGE_KEYS.tokenData)).toBeNull();
  });

  it('sends a user without the page permission to /error-forbidden', async () => {
    mockApi({ 'GET /api/me': { data: makeMe({ permissions: ['customer.index'] }) } });
    seedToken();
    const { router } = renderApp('/company/products');
    await waitFor(() => expect(path(router)).toBe('/error-forbidden'));
    expect(await screen.findByText('アクセス権限がありません')).toBeTruthy();
  });

  it('lets a user with a wildcard permission in (products.*)', async () => {
    mockApi({ 'GET /api/me': { data: makeMe({ permissions: ['customer.index', 'products.*'] }) } });
    seedToken();
    const { router } = renderApp('/company/products');
    expect(await screen.findByRole('heading', { name: '商品一覧' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'CSVアップロード' })).toBeTruthy();
    expect(path(router)).toBe('/company/products');
  });

  it('guards the 会計帳簿 pages with the group permission', async () => {
    mockApi({ 'GET /api/me': { data: makeMe({ permissions: ['customer.index'] }) } });
    seedToken();
    const { router } = renderApp('/company/balance_sheet');
    await waitFor(() => expect(path(router)).toBe('/error-forbidden'));
  });

  it('keeps admins out of /company and company users out of /system', async () => {
    mockApi({ 'GET /api/me': { data: adminMe() } });
    seedToken();
    const first = renderApp('/company/customers');
    await waitFor(() => expect(path(first.router)).toBe('/error-forbidden'));
    first.unmount();
  });

  it('keeps company users out of /system', async () => {
    mockApi({ 'GET /api/me': { data: makeMe() } });
    seedToken();
    const { router } = renderApp('/system');
    await waitFor(() => expect(path(router)).toBe('/error-forbidden'));
  });

  it('restricts role-specific account settings (/tax/edit is for role company)', async () => {
    mockApi({ 'GET /api/me': { data: adminMe([...['companies.index'], 'taxes.show']) } });
    seedToken();
    const { router } = renderApp('/tax/edit');
    await waitFor(() => expect(path(router)).toBe('/error-forbidden'));
  });

  it('"/" sends an admin to /system', async () => {
    mockApi({ 'GET /api/me': { data: adminMe() } });
    seedToken();
    const { router } = renderApp('/');
    await waitFor(() => expect(path(router)).toBe('/system'));
    expect(await screen.findByText(/ようこそ、管理 花子 さん/)).toBeTruthy();
  });

  it('"/" sends a company user to /company and a visitor to /login', async () => {
    mockApi({ 'GET /api/me': { data: makeMe() }, 'GET /api/company/customer': page([]) });
    seedToken();
    const { router, unmount } = renderApp('/');
    await waitFor(() => expect(path(router)).toBe('/company'));
    unmount();
    localStorage.clear();
    setMe(null);
    const second = renderApp('/');
    await waitFor(() => expect(path(second.router)).toBe('/login'));
  });

  it('sends an employee (no customer.index) from /company to the first page they may use', async () => {
    mockApi({
      'GET /api/me': {
        data: makeMe({ roles: ['employee'], permissions: ['attendance.index', 'profile.update-name'] }),
      },
    });
    seedToken();
    const { router } = renderApp('/company');
    await waitFor(() => expect(path(router)).toBe('/company/attendance'));
  });

  it('saves the permissions to DOMAIN_PERMISSIONS and falls back to them when the in-memory list is empty', async () => {
    mockApi({ 'GET /api/me': { data: makeMe({ permissions: ['customer.index', 'products.*'] }) } });
    seedToken();
    renderApp('/company/products');
    await screen.findByRole('heading', { name: '商品一覧' });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.domainPermissions) ?? '[]')).toEqual([
      'customer.index',
      'products.*',
    ]);
    expect(currentPermissions(makeMe({ permissions: [] }))).toEqual(['customer.index', 'products.*']);
    expect(currentPermissions(null)).toEqual(['customer.index', 'products.*']);
  });
});

describe('unknown routes', () => {
  it('shows the 404 message with a link home', async () => {
    mockApi({});
    renderApp('/no/such/page');
    expect(await screen.findByText('This page could not be found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ホームに戻る' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('heading', { name: 'ページが見つかりません' })).toBeTruthy();
  });

  it('inside a signed-in area shows the 404 in the app frame, with a way back to that home', async () => {
    mockApi({ 'GET /api/me': { data: makeMe() } });
    seedToken();
    renderApp('/company/no/such/page');
    expect(await screen.findByText('This page could not be found')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'ページが見つかりません' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ホームに戻る' }).getAttribute('href')).toBe('/company');
    // the frame: the company sidebar is there
    expect(document.querySelector('aside[data-sidebar="company"]')).toBeTruthy();
  });

  it('inside a signed-in area without a session goes to the sign-in page', async () => {
    mockApi({});
    const { router } = renderApp('/company/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
