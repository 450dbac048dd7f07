import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminMe, mockApi, renderApp, seedToken } from '../../test/utils';

describe('administrator permission checkboxes', () => {
  it('show Japanese labels with a description, never the raw keys', async () => {
    mockApi({ 'GET /api/me': { data: adminMe() } });
    seedToken();
    renderApp('/system/admin-invitations/create');
    const companies = await screen.findByRole('checkbox', { name: '企業' }, { timeout: 30_000 });
    expect(companies.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(/企業の一覧・登録・編集・利用停止/)).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: '管理者' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/companies\.index|admin\.index|infos\.index/);
  });
});
