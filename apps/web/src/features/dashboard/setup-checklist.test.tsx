import { SETUP_STEP_KEYS, type SetupStepKey } from '@chobo/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeMe, mockApi, renderApp, seedToken } from '../../test/utils';
import { DASHBOARD } from './test-fixtures';

const setupWith = (open: SetupStepKey[]) => ({
  done: open.length === 0,
  steps: SETUP_STEP_KEYS.map((key) => ({ key, done: !open.includes(key) })),
});

function render(open: SetupStepKey[], me = makeMe({ permissions: ['customer.index'] })) {
  mockApi({
    'GET /api/me': { data: me },
    'GET /api/company/dashboard': { data: { ...DASHBOARD, setup: setupWith(open) } },
  });
  seedToken();
  renderApp('/company');
}

describe('はじめの設定 on the company home', () => {
  it('lists the six steps, the open ones with a link to the screen that completes them; dismissible', async () => {
    render(['registration_number', 'fiscal_year', 'tax_method', 'first_customer']);
    const card = await screen.findByTestId('setup-checklist', {}, { timeout: 30_000 });
    expect(within(card).getByText('2/6 完了')).toBeTruthy();
    const steps = within(card).getAllByTestId('setup-step');
    expect(steps.map((s) => [s.dataset.done, s.querySelector('p')?.textContent])).toEqual([
      ['true', '会社情報'],
      ['false', '登録番号'],
      ['true', '振込先口座'],
      ['false', '会計年度と期首残高'],
      ['false', '課税方式'],
      ['false', '最初の取引先'],
    ]);
    const href = (name: string) => within(card).getByRole('link', { name }).getAttribute('href');
    expect(href('登録番号を設定する')).toBe('/profile/edit');
    expect(href('会計年度と期首残高を設定する')).toBe('/company/accountings/fiscal-years');
    expect(href('課税方式を設定する')).toBe('/tax/edit');
    expect(href('最初の取引先を設定する')).toBe('/company/customers/create');
    expect(within(card).queryByRole('link', { name: '会社情報を設定する' })).toBeNull();

    await userEvent.setup().click(within(card).getByRole('button', { name: '今は表示しない' }));
    expect(screen.queryByTestId('setup-checklist')).toBeNull();
    expect(localStorage.getItem('chobo.setup-checklist.dismissed.1')).toBe('1');
  });

  it('is not shown once every step is done', async () => {
    localStorage.clear();
    render([]);
    await screen.findAllByTestId('home-figure', {}, { timeout: 30_000 });
    expect(screen.queryByTestId('setup-checklist')).toBeNull();
  });

  it('is not shown to an employee, who cannot complete it', async () => {
    localStorage.clear();
    render(['first_customer'], makeMe({ roles: ['employee'], permissions: ['customer.index'] }));
    await screen.findAllByTestId('home-figure', {}, { timeout: 30_000 });
    expect(screen.queryByTestId('setup-checklist')).toBeNull();
  });
});
