import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeMe, mockApi, renderApp, seedToken } from '../../test/utils';
import { DASHBOARD } from './test-fixtures';

const ALL = ['customer.index', 'company-accountings.show', 'transactions.index'];

describe('company home (/company)', () => {
  it('asks for the figures in the route loader, beside the profile, and only once', async () => {
    const { calls } = mockApi({
      'GET /api/me': { data: makeMe({ permissions: ALL }) },
      'GET /api/company/dashboard': { data: DASHBOARD },
    });
    seedToken();
    // a returning user: the last session's permissions are kept in storage
    localStorage.setItem('DOMAIN_PERMISSIONS', JSON.stringify(ALL));
    renderApp('/company', { prefetch: true });
    await screen.findAllByTestId('home-figure', {}, { timeout: 30_000 });
    const paths = calls.map((c) => c.url.pathname);
    // asked before the profile's answer was known (not after the page's first render)
    expect(paths.indexOf('/api/company/dashboard')).toBeLessThan(paths.indexOf('/api/me'));
    expect(paths.filter((p) => p === '/api/company/dashboard')).toHaveLength(1);
  });

  it('does not ask for the figures of a user the known permissions do not allow (an employee is sent on)', async () => {
    const { calls } = mockApi({
      'GET /api/me': { data: makeMe({ roles: ['employee'], permissions: ['attendance.index'] }) },
    });
    seedToken();
    localStorage.setItem('DOMAIN_PERMISSIONS', JSON.stringify(['attendance.index']));
    const { router } = renderApp('/company', { prefetch: true });
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/company'), { timeout: 30_000 });
    expect(calls.map((c) => c.url.pathname)).not.toContain('/api/company/dashboard');
  });

  it('shows the four figures from GET /api/company/dashboard, each linking to what is behind it', async () => {
    mockApi({
      'GET /api/me': { data: makeMe({ permissions: ALL }) },
      'GET /api/company/dashboard': { data: DASHBOARD },
    });
    seedToken();
    renderApp('/company');
    const figures = await screen.findAllByTestId('home-figure', {}, { timeout: 30_000 });
    expect(figures.map((f) => f.textContent)).toEqual(['¥1,250,000', '¥3,300,000', '¥880,000', '¥12,345,678']);
    expect(screen.getByText('2026年11月21日時点の帳簿から')).toBeTruthy();
    const receivables = screen.getByRole('generic', { name: '未回収売掛金' });
    expect(within(receivables).getByRole('link', { name: '売掛金元帳' }).getAttribute('href')).toBe(
      '/company/accountings?account_id=6&from=2026-04-01&to=2026-11-21',
    );
    expect(within(receivables).getByRole('link', { name: '未入金の受注取引' }).getAttribute('href')).toBe(
      '/company/transactions?status=1',
    );
    const cash = screen.getByRole('generic', { name: '現金残高' });
    expect(within(cash).getByRole('link', { name: '普通預金元帳' }).getAttribute('href')).toContain('account_id=2');
    // morning checks
    const checks = screen.getByTestId('home-checks');
    // the open remainder, labelled, and why it is not 未回収売掛金 (issue 33)
    expect(checks.textContent).toContain('未入金の請求書（未入金残高）3件（¥1,650,000）');
    expect(screen.getByTestId('home-check-note').textContent).toBe(
      '請求額 ¥1,980,000 から入金済み ¥330,000 を除いた残高。未回収売掛金には未請求の売上も含まれます。',
    );
    expect(within(checks).getByRole('link', { name: '未請求の受注取引' }).getAttribute('href')).toBe(
      '/company/transactions?status=0',
    );
    expect(screen.queryByTestId('home-attendance')).toBeNull();
    // the lines of modules this user cannot open are not shown
    expect(checks.textContent).not.toContain('確認待ちのOCR書類');
    expect(checks.textContent).not.toContain('未確定の銀行明細');
    // the chart is its own chunk, shown once loaded
    expect(await screen.findByTestId('home-chart', {}, { timeout: 30_000 })).toBeTruthy();
  });

  it('without the books permission shows the figures but no ledger links; attendance when the answer has it', async () => {
    mockApi({
      'GET /api/me': { data: makeMe({ permissions: ['customer.index'] }) },
      'GET /api/company/dashboard': {
        data: {
          ...DASHBOARD,
          attendance_today: { total: 8, clocked_in: 5, on_break: 1, clocked_out: 0, not_clocked_in: 2 },
        },
      },
    });
    seedToken();
    renderApp('/company');
    await screen.findAllByTestId('home-figure', {}, { timeout: 30_000 });
    expect(screen.queryByRole('link', { name: '売掛金元帳' })).toBeNull();
    expect(screen.getByTestId('home-attendance').textContent).toContain('出勤中 5人');
  });

  it('shows the morning checks of OCR, bank rows and payables to those who can open them', async () => {
    mockApi({
      'GET /api/me': {
        data: makeMe({
          permissions: ['customer.index', 'ocr-documents.index', 'bank_statement.index', 'payment-management.index'],
        }),
      },
      'GET /api/company/dashboard': { data: DASHBOARD },
    });
    seedToken();
    renderApp('/company');
    const checks = await screen.findByTestId('home-checks', {}, { timeout: 30_000 });
    expect(checks.textContent).toContain('確認待ちのOCR書類1件（¥11,000）');
    expect(within(checks).getByRole('link', { name: '確認待ちのOCR書類' }).getAttribute('href')).toBe(
      '/company/ocr-documents?status=2',
    );
    expect(within(checks).getByRole('link', { name: '未確定の銀行明細' }).getAttribute('href')).toBe(
      '/company/bank_statement',
    );
    expect(checks.textContent).toContain('支払期日が近い発注取引（7日以内・期限切れ）2件（¥330,000）');
  });

  it('says so when the figures cannot be read', async () => {
    mockApi({ 'GET /api/me': { data: makeMe({ permissions: ['customer.index'] }) } });
    seedToken();
    renderApp('/company');
    await waitFor(() => expect(screen.getAllByText('読み込めませんでした')).toHaveLength(4), { timeout: 30_000 });
  });
});
