import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, type AuditLogRow, type AuditVerifyResult } from '@chobo/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/all-providers';
import { createQueryClient } from '../../app/query-client';
import { adminMe, json, makeMe, mockApi, page, renderApp, seedToken } from '../../test/utils';
import { AuditVerifyResultView } from './AuditVerifyPanel';

const row = (id: number, overrides: Partial<AuditLogRow> = {}): AuditLogRow => ({
  id,
  company_id: 1,
  company_name: '株式会社サンプル',
  actor_user_id: 1,
  actor_name: '山田 太郎',
  actor_email: 'owner@example.com',
  action: 'customer.create',
  action_label: '顧客の登録',
  target_type: 'customer',
  target_id: String(id),
  before: null,
  after: { name: `顧客${id}株式会社` },
  ip: '127.0.0.1',
  created_at: '2026-05-01T01:02:03.000Z',
  prev_hash: '0'.repeat(64),
  hash: 'a'.repeat(64),
  ...overrides,
});

function renderView(result: Parameters<typeof AuditVerifyResultView>[0]['result']) {
  return render(
    <AppProviders client={createQueryClient()}>
      <AuditVerifyResultView result={result} />
    </AppProviders>,
  );
}

const CHECKPOINT = {
  at: '2026-05-01T01:02:03.000Z',
  key_id: '0123456789abcdef',
  keyed_from: 1,
  chains: 3,
  rows: 1200,
  location: '/data/audit-checkpoints.jsonl',
};
const verified = (overrides: Partial<AuditVerifyResult>): AuditVerifyResult => ({
  ok: true,
  checked: 0,
  first_bad_id: null,
  problems: [],
  key_ids: ['0123456789abcdef'],
  unsigned: 0,
  checkpoint: CHECKPOINT,
  ...overrides,
});

describe('改ざんチェック result', () => {
  it('says plainly that nothing was found, with the number of rows checked and what it checked against', () => {
    renderView(verified({ checked: 1234, unsigned: 5 }));
    expect(screen.getByTestId('verify-ok').textContent).toContain('改ざんは検出されませんでした（1,234件を確認）');
    expect(screen.getByTestId('verify-against').textContent).toBe(
      '署名鍵: 0123456789abcdef ／ 署名開始前の記録: 5件 ／ チェックポイント: 2026年5月1日 10:02（1,200件）',
    );
    expect(screen.queryByTestId('verify-ng')).toBeNull();
  });

  it('lists each problem, also those of a whole chain (no row id)', () => {
    renderView(
      verified({
        ok: false,
        checked: 3,
        first_bad_id: null,
        problems: [{ company_id: 4, id: null, reason: '企業ID 4 の操作ログがすべて削除されています' }],
      }),
    );
    const alert = screen.getByTestId('verify-ng');
    expect(within(alert).queryByText(/最初に不整合/)).toBeNull();
    expect(within(alert).getByTestId('verify-problems').textContent).toBe(
      '企業ID 4 の操作ログがすべて削除されています',
    );
  });

  it('shows the first bad id in red when the chain is broken', () => {
    renderView(
      verified({
        ok: false,
        checked: 57,
        first_bad_id: 42,
        problems: [{ company_id: 1, id: 42, reason: '署名が一致しません' }],
      }),
    );
    const alert = screen.getByTestId('verify-ng');
    expect(alert.textContent).toContain('改ざんを検出しました');
    const id = within(alert).getByText('最初に不整合のあった操作ログ: ID 42');
    expect(id.getAttribute('style') ?? id.className).toMatch(/danger/);
    expect(alert.textContent).toContain('57件を確認');
    expect(screen.queryByTestId('verify-ok')).toBeNull();
  });

  it('runs from /system/audit-logs (the company filter narrows the check) and shows the answer', async () => {
    const { calls } = mockApi({
      'GET /api/me': { data: adminMe(['settings.index']) },
      'GET /api/admin/audit-logs': page([
        row(7),
        row(8, { company_id: null, company_name: null, action: 'x.y', action_label: 'x.y' }),
      ]),
      'GET /api/admin/audit-logs/verify': () =>
        json({
          data: verified({ ok: false, checked: 9, first_bad_id: 7, problems: [{ company_id: 1, id: 7, reason: 'x' }] }),
        }),
      'GET /api/admin/audit-logs/checkpoints/latest': { data: null },
      'POST /api/admin/audit-logs/checkpoints': () => json({ data: CHECKPOINT }, 201),
    });
    seedToken();
    const user = userEvent.setup();
    renderApp('/system/audit-logs?company_id=1');
    const table = await screen.findByRole('table', { name: '操作ログ' });
    await waitFor(() => expect(within(table).getAllByTestId('admin-row')).toHaveLength(2));
    expect(within(table).getByText('顧客の登録')).toBeTruthy();
    expect(within(table).getByText('システム')).toBeTruthy();
    expect(within(table).getByText('x.y')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: '改ざんチェック' }));
    expect((await screen.findByTestId('verify-ng')).textContent).toContain('ID 7');
    // the checkpoint: none yet, then one recorded on demand
    const checkpoint = screen.getByTestId('audit-checkpoint');
    expect(checkpoint.textContent).toContain('チェックポイントはまだありません');
    expect(within(checkpoint).getByRole('button', { name: 'ダウンロード' })).toHaveProperty('disabled', true);
    await user.click(within(checkpoint).getByRole('button', { name: 'チェックポイントを記録' }));
    await waitFor(() =>
      expect(checkpoint.textContent).toContain(
        '最新のチェックポイント: 2026年5月1日 10:02（3チェーン、1,200件、署名鍵 0123456789abcdef）',
      ),
    );
    expect(within(checkpoint).getByRole('button', { name: 'ダウンロード' })).toHaveProperty('disabled', false);
    const verify = calls.find((c) => c.url.pathname === '/api/admin/audit-logs/verify');
    expect(verify?.url.searchParams.get('company_id')).toBe('1');
    const list = calls.find((c) => c.url.pathname === '/api/admin/audit-logs');
    expect(list?.url.searchParams.get('company_id')).toBe('1');
  });

  it('gives the company owner a 操作ログ menu entry and page with the details of a row', async () => {
    mockApi({
      'GET /api/me': { data: makeMe() },
      'GET /api/company/audit-logs': page([row(3)]),
    });
    seedToken();
    const user = userEvent.setup();
    renderApp('/company/audit-logs');
    const sidebar = within(await screen.findByRole('complementary', { name: '企業メニュー' }));
    expect(sidebar.getByRole('link', { name: '操作ログ' }).getAttribute('aria-current')).toBe('page');
    await user.click(await screen.findByRole('button', { name: '操作ログ3の詳細' }));
    expect((await screen.findByTestId('audit-changes')).textContent).toContain('顧客3株式会社');
  });

  it('shows a row’s details as 変更前 → 変更後 per field with Japanese labels, never raw JSON', async () => {
    const before = {
      name: '株式会社東京商事',
      tel: '03-1234-5678',
      is_active: true,
      lines: [
        { account_id: 5, debit: 5000 },
        { account_id: 1, credit: 5000 },
      ],
      custom_flag: 'x',
    };
    const after = {
      name: '株式会社東京商事ホールディングス',
      tel: '03-1234-5678',
      is_active: false,
      lines: [{ account_id: 5, debit: 6000 }],
      custom_flag: 'x',
      bank_account: { bank_name: 'みずほ銀行', branch_name: '丸の内支店' },
    };
    mockApi({
      'GET /api/me': { data: makeMe() },
      'GET /api/company/audit-logs': page([
        row(4, { action: 'customer.update', action_label: '顧客の更新', before, after }),
      ]),
    });
    seedToken();
    const user = userEvent.setup();
    renderApp('/company/audit-logs');
    await user.click(await screen.findByRole('button', { name: '操作ログ4の詳細' }));
    const table = await screen.findByTestId('audit-changes');
    expect(table.textContent).not.toMatch(/[{}"]/);
    const rows = within(table)
      .getAllByTestId('audit-change')
      .map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent));
    expect(rows).toEqual([
      ['名称', '株式会社東京商事', '→', '株式会社東京商事ホールディングス'],
      ['電話番号', '03-1234-5678', '', '03-1234-5678'],
      ['有効', 'はい', '→', 'いいえ'],
      ['明細', '2件（勘定科目: 5、借方: 5000 ほか）', '→', '1件（勘定科目: 5、借方: 6000）'],
      ['custom_flag', 'x', '', 'x'],
      ['振込先口座', '—', '→', '銀行名: みずほ銀行、支店名: 丸の内支店'],
    ]);
    const changed = within(table)
      .getAllByTestId('audit-change')
      .filter((r) => r.hasAttribute('data-changed'));
    expect(changed).toHaveLength(4);
  });

  it("shows each row's action by the label the server answers and filters by a label, sending its code", async () => {
    const { calls } = mockApi({
      'GET /api/me': { data: makeMe() },
      'GET /api/company/audit-logs': page([
        row(4, { action: 'bank_statement_row.confirm', action_label: '銀行明細の確定' }),
        row(5, { action: 'attendance.clock_in', action_label: '出勤' }),
      ]),
    });
    seedToken();
    const user = userEvent.setup();
    const { router } = renderApp('/company/audit-logs');
    const table = await screen.findByRole('table', { name: '操作ログ' });
    await waitFor(() => expect(within(table).getAllByTestId('admin-row')).toHaveLength(2));
    expect(within(table).getByText('銀行明細の確定')).toBeTruthy();
    expect(within(table).getByText('出勤')).toBeTruthy();
    expect(within(table).queryByText('bank_statement_row.confirm')).toBeNull();

    // the select offers every action by its label (none by its code)
    await user.click(screen.getByRole('combobox', { name: '操作' }));
    const options = (await screen.findAllByRole('option', { hidden: true })).map((o) => o.textContent);
    expect(options).toHaveLength(AUDIT_ACTIONS.length);
    expect(options).toEqual(AUDIT_ACTIONS.map((a) => AUDIT_ACTION_LABELS[a]));
    await user.click(await screen.findByRole('option', { name: '仕訳ルールの登録', hidden: true }));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('action')).toBe('bank_rule.create'),
    );
    const last = () => calls.filter((c) => c.url.pathname === '/api/company/audit-logs').at(-1);
    await waitFor(() => expect(last()?.url.searchParams.get('action')).toBe('bank_rule.create'));
  });

  it('hides the entry from employees', async () => {
    mockApi({
      'GET /api/me': { data: makeMe({ roles: ['employee'] }) },
      'GET /api/company/customer': page([]),
    });
    seedToken();
    renderApp('/company/customers');
    const sidebar = within(await screen.findByRole('complementary', { name: '企業メニュー' }));
    expect(sidebar.getByRole('link', { name: '顧客管理' })).toBeTruthy();
    expect(sidebar.queryByRole('link', { name: '操作ログ' })).toBeNull();
  });
});
