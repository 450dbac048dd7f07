import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, makeMe, mockApi, renderApp, seedToken } from '../../test/utils';
import { bankAccount } from './test-fixtures';

const ME = makeMe({ permissions: ['bank_statement.index', 'profile.update-name'] });
const BANK = bankAccount();
const SETTINGS = {
  bank_account_id: BANK.id,
  configured: false,
  requester_code: null,
  requester_name_kana: null,
  bank_code: '0001',
  bank_name_kana: null,
  branch_code: '100',
  branch_name_kana: null,
  account_type: 1,
  account_number: '1234567',
  fees: null,
  updated_at: BANK.updated_at,
};

describe('bank account: 振込設定', () => {
  it('saves the requester and the 先方負担 fees; a server 422 shows under its field', async () => {
    let attempt = 0;
    const { calls } = mockApi({
      'GET /api/me': { data: ME },
      'GET /api/company/bank-accounts': { data: [BANK] },
      'GET /api/company/accounts': { data: [] },
      [`GET /api/company/bank-accounts/${BANK.id}/transfer-settings`]: { data: SETTINGS },
      [`PUT /api/company/bank-accounts/${BANK.id}/transfer-settings`]: () =>
        attempt++ === 0
          ? json(
              {
                message: '振込依頼人コードは10桁の数字で入力してください',
                errors: { requester_code: ['振込依頼人コードは10桁の数字で入力してください'] },
              },
              422,
            )
          : json({ data: { ...SETTINGS, configured: true } }),
    });
    seedToken();
    const user = userEvent.setup();
    renderApp('/company/bank_statement?tab=accounts');
    await user.click(await screen.findByRole('button', { name: `${BANK.bank_name} ${BANK.account_number} を編集` }));
    const dialog = within(await screen.findByRole('dialog'));
    const code = await dialog.findByRole('textbox', { name: '振込依頼人コード' });
    await user.type(code, '12');
    const name = dialog.getByRole('textbox', { name: '振込依頼人名' });
    await user.type(name, 'かぶしきがいしゃちょうぼ');
    await dialog.findByText('振込データでは「ｶ)ﾁﾖｳﾎﾞ」');
    const fee = dialog.getByRole('textbox', { name: '他行宛・3万円以上' });
    await user.clear(fee);
    await user.type(fee, '660');
    await user.click(dialog.getByRole('button', { name: '振込設定を保存' }));
    await dialog.findByText('振込依頼人コードは10桁の数字で入力してください');
    await user.clear(code);
    await user.type(code, '0123456789');
    await user.click(dialog.getByRole('button', { name: '振込設定を保存' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PUT')[1]?.body).toMatchObject({
      requester_code: '0123456789',
      requester_name_kana: 'かぶしきがいしゃちょうぼ',
      fees: { other_bank_over: 660, same_branch_under: 0 },
      updated_at: BANK.updated_at,
    });
  });
});
