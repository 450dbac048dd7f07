import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { matchRoutes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { json, makeMe, mockApi, page, renderApp, seedToken } from '../test/utils';
import { createRoutes } from './routes';

/** Every route named in docs/product/SPEC.md §2 (ids filled in). */
const SPEC_ROUTES = [
  '/login',
  '/password-forget',
  '/password-forget/complete',
  '/password-reset',
  '/register',
  '/register_admin',
  '/error-forbidden',
  '/api-settings',
  '/company/login',
  '/employee/login',
  '/company',
  '/company/accountings',
  '/company/accountings_bk',
  '/company/accountings_bk/create',
  '/company/accountings_bk/edit',
  '/company/attendance',
  '/company/attendance/create',
  '/company/attendance/edit',
  '/company/balance_sheet',
  '/company/cash_flow',
  '/company/income_statement',
  '/company/bank_statement',
  '/company/bank_statement/3',
  '/company/customers',
  '/company/customers/create',
  '/company/customers/edit',
  '/company/employee',
  '/company/employee/create',
  '/company/employee/edit',
  '/company/ocr-documents',
  '/company/ocr-documents/create',
  '/company/ocr-documents/3/ocr-result',
  '/company/payment_management',
  '/company/payment_management/create',
  '/company/payment_management/edit',
  '/company/payment_management/edit/3',
  '/company/preparation-of-tax-return',
  '/company/preparation-of-tax-return-preview',
  '/company/products',
  '/company/products/create',
  '/company/products/edit',
  '/company/transaction-documents',
  '/company/transaction-documents/create',
  '/company/transaction-documents/edit',
  '/company/transactions',
  '/company/transactions/create',
  '/company/transactions/edit',
  '/company/invoices/create',
  '/company/invoices/edit',
  '/company/infos/3',
  '/company/expiration-year/edit',
  '/company/max-employee/edit',
  '/email/edit',
  '/logo/edit',
  '/password/edit',
  '/profile/edit',
  '/tax/edit',
  '/system',
  '/system/admin-invitations',
  '/system/admin-invitations/create',
  '/system/admins',
  '/system/admins/3/edit',
  '/system/companies',
  '/system/company-invitations',
  '/system/company-invitations/create',
  '/system/domains',
  '/system/infos',
  '/system/infos/create',
  '/system/infos/3/edit',
  '/system/settings',
  '/system/companies/3/accountings',
  '/system/companies/3/balance-sheet',
  '/system/companies/3/cash-flow',
  '/system/companies/3/customers',
  '/system/companies/3/income-statement',
  '/system/companies/3/transaction-documents',
  '/system/companies/3/transactions',
  '/system/companies/3/account/edit',
];

describe('routes', () => {
  it('has a page (not the 404 catch-all) for every route of docs/product/SPEC.md §2', () => {
    const routes = createRoutes();
    for (const path of SPEC_ROUTES) {
      const matches = matchRoutes(routes, path);
      const leaf = matches?.at(-1)?.route;
      expect(leaf?.path, path).not.toBe('*');
      expect(leaf, path).toBeTruthy();
    }
    expect(matchRoutes(routes, '/company/nothing-here')?.at(-1)?.route.path).toBe('company/*');
    expect(matchRoutes(routes, '/nothing-here')?.at(-1)?.route.path).toBe('*');
  });

  it('a 403 while loading a page goes to /error-forbidden', async () => {
    mockApi({
      'GET /api/me': { data: makeMe() },
      'GET /api/company/customer': () => json({ message: 'この操作を行う権限がありません。' }, 403),
    });
    seedToken();
    const { router } = renderApp('/company/customers');
    expect(await screen.findByText('アクセス権限がありません')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/error-forbidden');
  });

  it("any other error shows a red toast with the server's message", async () => {
    mockApi({
      'GET /api/me': { data: makeMe() },
      'GET /api/company/customer': () => json({ message: 'データベースに接続できません。' }, 503),
    });
    seedToken();
    renderApp('/company/customers');
    // the list shows the message too: look inside the toast only (one retry first, hence the timeout)
    const toast = await screen.findByText(
      'データベースに接続できません。',
      { selector: '[data-toast-type] *' },
      { timeout: 30_000 },
    );
    expect(toast.closest('[data-toast-type]')?.getAttribute('data-toast-type')).toBe('error');
  });

  it('on narrow or touch screens hides the sidebar; the dots menu lists the entries and closes on click', async () => {
    const original = window.matchMedia;
    window.matchMedia = vi.fn((query: string) => ({
      ...original(query),
      matches: query.includes('max-width: 768px'),
    })) as typeof window.matchMedia;
    try {
      mockApi({ 'GET /api/me': { data: makeMe() }, 'GET /api/company/customer': page([]) });
      seedToken();
      const user = userEvent.setup();
      const { router } = renderApp('/company/customers');
      await user.click(await screen.findByRole('button', { name: 'メニューを開く' }));
      expect(screen.queryByRole('complementary', { name: '企業メニュー' })).toBeNull();
      const button = screen.getByRole('button', { name: 'メニューを開く' });
      expect(button.getAttribute('aria-expanded')).toBe('true');
      // jsdom has no layout, so floating-ui may keep the dropdown display:none; query it regardless
      const menu = await screen.findByRole('menu', { hidden: true });
      const items = within(menu).getAllByRole('menuitem', { hidden: true });
      expect(items.map((item) => item.textContent)).toContain('顧客管理');
      await user.click(within(menu).getByRole('menuitem', { name: 'ホーム', hidden: true }));
      await vi.waitFor(() => expect(router.state.location.pathname).toBe('/company'), { timeout: 30_000 });
      await vi.waitFor(
        () =>
          expect(screen.getByRole('button', { name: 'メニューを開く' }).getAttribute('aria-expanded')).toBe('false'),
        { timeout: 30_000 },
      );
    } finally {
      window.matchMedia = original;
    }
  });
});
