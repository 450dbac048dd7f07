import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminMe, makeMe, mockApi, page, renderApp, seedToken } from '../test/utils';
import { ADMIN_MENU, COMPANY_MENU, flattenMenu, menuPermission, USER_MENU, visibleMenu } from './menu';
import { PAGES } from './route-table';

const labels = (items: ReturnType<typeof visibleMenu>) =>
  items.flatMap((item) => (item.kind === 'link' ? [item.label] : [item.label, ...item.children.map((c) => c.label)]));

describe('menu data', () => {
  it('hides 商品一覧 (and its group) without products.*, shows it with the wildcard', () => {
    const without = labels(visibleMenu(COMPANY_MENU, ['customer.index'], 'company'));
    expect(without).not.toContain('商品一覧');
    expect(without).not.toContain('商品管理');
    const withWildcard = labels(visibleMenu(COMPANY_MENU, ['customer.index', 'products.*'], 'company'));
    expect(withWildcard).toContain('商品管理');
    expect(withWildcard).toContain('商品一覧');
  });

  it('shows the 会計帳簿 group with its four entries only with company-accountings.show', () => {
    expect(labels(visibleMenu(COMPANY_MENU, ['customer.index'], 'company'))).not.toContain('会計帳簿');
    const shown = labels(visibleMenu(COMPANY_MENU, ['company-accountings.show'], 'company'));
    // 操作ログ: every company owner (role company), no permission needed
    expect(shown).toEqual(['会計帳簿', '総勘定元帳', '貸借対照表', '損益計算書', 'キャッシュフロー計算書', '操作ログ']);
    expect(labels(visibleMenu(COMPANY_MENU, ['company-accountings.show'], 'employee'))).not.toContain('操作ログ');
  });

  it('shows 従業員管理 children only with the group permission and their own', () => {
    const onlyEmployees = labels(visibleMenu(COMPANY_MENU, ['employees.index'], 'company'));
    expect(onlyEmployees).not.toContain('従業員管理');
    const both = labels(visibleMenu(COMPANY_MENU, ['attendance.index', 'employees.index'], 'company'));
    expect(both).toEqual(['従業員管理', '従業員管理', '出勤管理', '操作ログ']);
  });

  it('always shows the admin home, and each admin entry with its permission', () => {
    expect(labels(visibleMenu(ADMIN_MENU, [], 'admin'))).toEqual(['ホーム']);
    expect(labels(visibleMenu(ADMIN_MENU, ['admin.index', 'domains.index'], 'admin'))).toEqual([
      'ホーム',
      '管理者',
      'ドメイン',
    ]);
  });

  it('shows 消費税表示設定 and 有効期限年 to role company only', () => {
    const all = ['taxes.show', 'data.expiration', 'profile.update-name'];
    expect(labels(visibleMenu(USER_MENU, all, 'company'))).toEqual(['プロフィール', '消費税表示設定', '有効期限年']);
    expect(labels(visibleMenu(USER_MENU, all, 'employee'))).toEqual(['プロフィール']);
  });

  it('derives each guarded page permission from the menu entry', () => {
    const byPath = Object.fromEntries(PAGES.map((p) => [p.path, p.permission]));
    for (const entry of flattenMenu([...COMPANY_MENU, ...ADMIN_MENU])) {
      expect(byPath[entry.to], entry.to).toBe(menuPermission(entry.to));
    }
    expect(byPath['/company/accountings']).toBe('company-accountings.show');
    expect(byPath['/company/products/edit']).toBe('products.*');
    expect(byPath['/company/ocr-documents']).toBe('ocr-documents.index');
    expect(byPath['/logo/edit']).toBe('profile.update-name');
  });
});

describe('sidebars', () => {
  it('renders the company sidebar by permission, marks the active entry, and shows the user in the top bar', async () => {
    mockApi({
      'GET /api/me': { data: makeMe({ permissions: ['customer.index', 'transactions.index'] }) },
      'GET /api/company/customer': page([]),
    });
    seedToken();
    renderApp('/company/customers');
    const sidebar = await screen.findByRole('complementary', { name: '企業メニュー' });
    const nav = within(sidebar);
    expect(nav.getByRole('link', { name: '顧客管理' }).getAttribute('aria-current')).toBe('page');
    expect(nav.getByRole('link', { name: 'ホーム' }).getAttribute('aria-current')).toBeNull();
    expect(nav.getByRole('link', { name: '受注取引一覧' })).toBeTruthy();
    expect(nav.queryByText('商品一覧')).toBeNull();
    expect(nav.queryByText('会計帳簿')).toBeNull();
    expect(screen.getByTestId('user-name').textContent).toBe('山田 太郎');
    expect(screen.getByTestId('user-email').textContent).toBe('owner@example.com');
  });

  it('shows 商品一覧 in the company sidebar with products.*', async () => {
    mockApi({
      'GET /api/me': { data: makeMe({ permissions: ['customer.index', 'products.*', 'company-accountings.show'] }) },
      'GET /api/company/customer': page([]),
    });
    seedToken();
    renderApp('/company/customers');
    const sidebar = within(await screen.findByRole('complementary', { name: '企業メニュー' }));
    expect(sidebar.getByRole('link', { name: '商品一覧' }).getAttribute('href')).toBe('/company/products');
    expect(sidebar.getByRole('link', { name: '総勘定元帳' })).toBeTruthy();
  });

  it('renders the admin sidebar for an admin', async () => {
    mockApi({ 'GET /api/me': { data: adminMe(['companies.index']) } });
    seedToken();
    renderApp('/system');
    const sidebar = within(await screen.findByRole('complementary', { name: '管理者メニュー' }));
    expect(sidebar.getByRole('link', { name: '企業' })).toBeTruthy();
    expect(sidebar.queryByRole('link', { name: '管理者' })).toBeNull();
    expect(sidebar.queryByRole('link', { name: '顧客管理' })).toBeNull();
  });

  it('shows the domain logo in the company sidebar when there is one', async () => {
    mockApi({
      'GET /api/me': {
        data: makeMe({
          domain: { id: 1, name: 'さくら会計', logo_url: '/logos/sakura.png', roles: [], permissions: [] },
        }),
      },
      'GET /api/company/customer': page([]),
    });
    seedToken();
    renderApp('/company/customers');
    const logo = await screen.findByRole('img', { name: 'さくら会計' });
    expect(logo.getAttribute('src')).toBe('/logos/sakura.png');
  });
});
