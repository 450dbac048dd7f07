import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeMe, mockApi, page, renderApp, seedToken } from '../test/utils';
import { PAGES } from './route-table';

describe('app shell', () => {
  it('shows オフライン in the top bar and toasts when connectivity changes', async () => {
    mockApi({ 'GET /api/me': { data: makeMe() }, 'GET /api/company/customer': page([]) });
    seedToken();
    renderApp('/company/customers');
    await screen.findByRole('complementary', { name: '企業メニュー' });
    expect(screen.queryByText('オフライン', { selector: '.mantine-Badge-label' })).toBeNull();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(await screen.findByText('オフライン', { selector: '.mantine-Badge-label' })).toBeTruthy();
    expect(await screen.findByText(/インターネットに接続されていません/)).toBeTruthy();
    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.queryByText('オフライン', { selector: '.mantine-Badge-label' })).toBeNull());
    expect(await screen.findByText('インターネットに再接続しました。')).toBeTruthy();
  });

  it('lists the account settings the user may use in the dropdown, with ログアウト', async () => {
    mockApi({
      'GET /api/me': {
        data: makeMe({
          permissions: ['customer.index', 'profile.update-name', 'profile.update-password', 'taxes.show'],
        }),
      },
      'GET /api/company/customer': page([]),
    });
    seedToken();
    const user = userEvent.setup();
    renderApp('/company/customers');
    // the page settles first (profile and list loaded), so the click isn't lost to a re-render
    await screen.findByText('顧客が登録されていません');
    await user.click(screen.getByRole('button', { name: 'アカウントメニュー' }));
    const menu = await screen.findByRole('menu');
    const items = (await within(menu).findAllByRole('menuitem', { hidden: true })).map((item) => item.textContent);
    expect(items).toEqual(['プロフィール', '消費税表示設定', 'パスワード変更', 'ログアウト']);
  });

  // a route whose feature has not landed yet renders the shared 準備中 page with its title; once every feature
  // has its page there is nothing left to show
  const later = PAGES.find((p) => !p.load && p.area === 'company' && !p.path.includes(':'));
  it.runIf(later)('renders later features as a titled 準備中 page', async () => {
    if (!later) return;
    mockApi({
      'GET /api/me': { data: makeMe({ permissions: ['customer.index', later.permission] }) },
    });
    seedToken();
    renderApp(later.path);
    expect(await screen.findByRole('heading', { name: later.title })).toBeTruthy();
    expect(screen.getByText('この機能は準備中です')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(`${later.title} | Chobo（帳簿）`));
  });
});
