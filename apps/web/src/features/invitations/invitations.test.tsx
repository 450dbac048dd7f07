import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminMe, json, makeMe, mockApi, page, renderApp, seedToken } from '../../test/utils';

const inv = (id: number, status: 'pending' | 'accepted' | 'expired') => ({
  id,
  email: `inv${id}@example.jp`,
  name: null,
  company_name: `招待企業${id}`,
  domain_id: null,
  domain_name: null,
  permissions: [],
  status,
  expires_at: '2026-11-24T12:00:00.000Z',
  sent_at: '2026-11-21T12:00:00.000Z',
  accepted_at: status === 'accepted' ? '2026-11-22T12:00:00.000Z' : null,
  company_id: null,
  created_at: '2026-11-21T12:00:00.000Z',
});

describe('company invitations', () => {
  it('lists 10 per page with status labels; resend calls the resend path and toasts メールを送信しました', async () => {
    const { calls } = mockApi({
      'GET /api/me': { data: adminMe() },
      'GET /api/admin/company-invitation': page([inv(1, 'pending'), inv(2, 'accepted'), inv(3, 'expired')]),
      'GET /api/admin/company/resend/invite/1': { data: inv(1, 'pending'), message: 'メールを送信しました' },
    });
    seedToken();
    const user = userEvent.setup();
    renderApp('/system/company-invitations');
    const rows = await screen.findAllByTestId('admin-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]).getByText('招待中')).toBeTruthy();
    expect(within(rows[1]).getByText('登録済')).toBeTruthy();
    expect(within(rows[2]).getByText('期限切れ')).toBeTruthy();
    expect(within(rows[1]).queryByRole('button', { name: '再送' })).toBeNull();
    const list = calls.find((c) => c.url.pathname === '/api/admin/company-invitation');
    expect(list?.url.searchParams.get('per_page')).toBe('10');
    await user.click(within(rows[0]).getByRole('button', { name: '再送' }));
    expect(await screen.findByText('メールを送信しました')).toBeTruthy();
    expect(calls.some((c) => c.url.pathname === '/api/admin/company/resend/invite/1')).toBe(true);
  });

  it('shows the server 422 under the e-mail field of the invitation form', async () => {
    mockApi({
      'GET /api/me': { data: adminMe() },
      'GET /api/admin/domains': page([]),
      'POST /api/admin/company-invitation': () =>
        json(
          {
            message: 'このメールアドレスはすでに登録されています',
            errors: { email: ['このメールアドレスはすでに登録されています'] },
          },
          422,
        ),
    });
    seedToken();
    const user = userEvent.setup();
    renderApp('/system/company-invitations/create');
    await user.type(await screen.findByRole('textbox', { name: /企業名/ }), '株式会社テスト');
    await user.type(screen.getByRole('textbox', { name: /担当者のメールアドレス/ }), 'taken@example.jp');
    await user.click(screen.getByRole('button', { name: '招待メールを送信' }));
    expect(await screen.findByText('このメールアドレスはすでに登録されています')).toBeTruthy();
  });
});

describe('company home notices', () => {
  it('lists current notices with important and unread marks', async () => {
    mockApi({
      'GET /api/me': { data: makeMe() },
      'GET /api/company/infos': {
        data: [
          {
            id: 1,
            title: '重要なお知らせ',
            body: 'a',
            published_at: '2026-11-20T00:00:00Z',
            ends_at: null,
            is_important: true,
            read: false,
          },
          {
            id: 2,
            title: '既読のお知らせ',
            body: 'b',
            published_at: '2026-11-19T00:00:00Z',
            ends_at: null,
            is_important: false,
            read: true,
          },
        ],
        meta: { unread: 1, total: 2 },
      },
    });
    seedToken();
    renderApp('/company');
    const notices = await screen.findAllByTestId('company-notice');
    expect(notices).toHaveLength(2);
    expect(within(notices[0]).getByText('重要')).toBeTruthy();
    expect(within(notices[0]).getByText('未読')).toBeTruthy();
    expect(within(notices[1]).queryByText('未読')).toBeNull();
    expect(screen.getByText('未読 1件')).toBeTruthy();
    await waitFor(() => expect(notices[0].getAttribute('href')).toBe('/company/infos/1'));
  });
});
