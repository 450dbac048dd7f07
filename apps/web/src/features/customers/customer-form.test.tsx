import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, makeCustomer, makeMe, mockApi, page, renderApp, seedToken } from '../../test/utils';

const PREFS = { data: { '01': '北海道', '13': '東京都', '27': '大阪府' } };

function errorOf(input: HTMLElement): string {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

function setup(extra: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    'GET /api/me': { data: makeMe() },
    'GET /api/prefectures': PREFS,
    'GET /api/company/customer': page([]),
    ...extra,
  });
  seedToken();
  return api;
}

describe('CustomerForm', () => {
  it('shows a server 422 message under the field it belongs to', async () => {
    const { calls } = setup({
      'POST /api/company/customer': () =>
        json(
          {
            message: '入力内容を確認してください',
            errors: { registration_number: ['この登録番号は既に別の顧客で使われています'] },
          },
          422,
        ),
    });
    const user = userEvent.setup();
    renderApp('/company/customers/create');
    const name = await screen.findByRole('textbox', { name: '顧客名' });
    expect(document.activeElement).toBe(name);
    await user.type(name, '株式会社テスト');
    const regNo = screen.getByRole('textbox', { name: '登録番号' });
    await user.type(regNo, 'T7000012050002{Enter}');

    await waitFor(() => expect(errorOf(regNo)).toContain('この登録番号は既に別の顧客で使われています'));
    expect(regNo.getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(name)).not.toContain('登録番号');
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({ name: '株式会社テスト', registration_number: 'T7000012050002', used_for: 3 });
  });

  it('validates with the shared contract before calling the server', async () => {
    const { calls } = setup();
    const user = userEvent.setup();
    renderApp('/company/customers/create');
    const submit = await screen.findByRole('button', { name: '登録する' });
    await user.type(screen.getByRole('textbox', { name: 'メールアドレス' }), 'not-an-email');
    await user.click(submit);
    const name = screen.getByRole('textbox', { name: '顧客名' });
    await waitFor(() => expect(errorOf(name)).toContain('顧客名を入力してください'));
    expect(errorOf(screen.getByRole('textbox', { name: 'メールアドレス' }))).toContain(
      'メールアドレスの形式が正しくありません',
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('fills 都道府県 and 住所1 from the postal code as soon as 7 digits are typed', async () => {
    const { calls } = setup({
      'GET /api/search-zipcode': (req) =>
        json({
          results:
            req.url.searchParams.get('zipcode') === '1000001'
              ? [{ zipcode: '1000001', prefecture_code: '13', prefecture: '東京都', city: '千代田区', town: '千代田' }]
              : [],
        }),
    });
    const user = userEvent.setup();
    renderApp('/company/customers/create');
    const postal = await screen.findByRole('textbox', { name: '郵便番号' });
    await user.type(postal, '100-0001');

    const address1 = screen.getByRole('textbox', { name: '住所1' }) as HTMLInputElement;
    await waitFor(() => expect(address1.value).toBe('千代田区千代田'));
    const prefecture = screen.getByRole('combobox', { name: '都道府県' }) as HTMLInputElement;
    expect(prefecture.value).toBe('東京都');
    const lookups = calls.filter((c) => c.url.pathname === '/api/search-zipcode');
    expect(lookups).toHaveLength(1);
    expect(lookups[0].url.searchParams.get('zipcode')).toBe('1000001');
  });

  it('says so under the postal code when the 住所検索 button finds nothing', async () => {
    setup({ 'GET /api/search-zipcode': { results: [] } });
    const user = userEvent.setup();
    renderApp('/company/customers/create');
    const postal = await screen.findByRole('textbox', { name: '郵便番号' });
    await user.type(postal, '9999999');
    await waitFor(() => expect(errorOf(postal)).toContain('該当する住所が見つかりませんでした'));
    await user.click(screen.getByRole('button', { name: '住所検索' }));
    expect(errorOf(postal)).toContain('該当する住所が見つかりませんでした');
  });

  it('creates a customer, toasts 顧客を登録しました and returns to the list', async () => {
    const { calls } = setup({
      'POST /api/company/customer': (req) => json({ data: makeCustomer(9, req.body as object) }, 201),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/company/customers/create');
    await user.type(await screen.findByRole('textbox', { name: '顧客名' }), '新規商事{Enter}');
    expect(await screen.findByText('顧客を登録しました')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/company/customers'));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ name: '新規商事', honorific: '御中' });
  });

  it('loads the customer of ?id=N, remembers it, updates it and toasts 顧客を更新しました', async () => {
    const { calls } = setup({
      'GET /api/company/customer/5': {
        data: makeCustomer(5, { name: '既存物産', closing_day: 31, updated_at: '2026-11-20T01:02:03.000Z' }),
      },
      'PUT /api/company/customer/5': (req) => json({ data: makeCustomer(5, req.body as object) }),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/company/customers/edit?id=5');
    const name = (await screen.findByRole('textbox', { name: '顧客名' })) as HTMLInputElement;
    expect(name.value).toBe('既存物産');
    expect((screen.getByRole('combobox', { name: '締め日' }) as HTMLInputElement).value).toBe('末日');
    expect(JSON.parse(localStorage.getItem('selectedCustomer') ?? '{}')).toEqual({ id: 5 });
    await user.clear(name);
    await user.type(name, '既存物産ホールディングス');
    await user.click(screen.getByRole('button', { name: '更新する' }));
    expect(await screen.findByText('顧客を更新しました')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/company/customers'));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      name: '既存物産ホールディングス',
      closing_day: 31,
      // the version the form was opened with, so the server can refuse a stale edit (409)
      updated_at: '2026-11-20T01:02:03.000Z',
    });
  });

  it("shows the server's 409 message when someone saved the customer first, and stays on the form", async () => {
    setup({
      'GET /api/company/customer/6': { data: makeCustomer(6, { name: '競合商事' }) },
      'PUT /api/company/customer/6': () =>
        json({ message: 'ほかのユーザーがこの顧客を更新しました。画面を再読み込みしてから編集してください' }, 409),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/company/customers/edit?id=6');
    await screen.findByRole('textbox', { name: '顧客名' });
    await user.click(screen.getByRole('button', { name: '更新する' }));
    expect(await screen.findByText(/ほかのユーザーがこの顧客を更新しました/)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/company/customers/edit');
  });

  it('shows 顧客が見つかりません for an unknown id', async () => {
    setup({ 'GET /api/company/customer/77': () => json({ message: '見つかりません' }, 404) });
    renderApp('/company/customers/edit?id=77');
    expect(await screen.findByText('顧客が見つかりません')).toBeTruthy();
  });
});

describe('CustomerForm: the same customer twice (issue 33)', () => {
  it('warns with a link when the name or 登録番号 exists, and still registers', async () => {
    const { calls } = setup({
      'GET /api/company/customer/similar': (req: { url: URL }) =>
        json({
          data: (req.url.searchParams.get('name') ?? '').includes('山田')
            ? [{ id: 12, name: '株式会社 山田商店', registration_number: null, matched_by: 'name' }]
            : [],
        }),
      'POST /api/company/customer': (req: { body: unknown }) =>
        json({ data: makeCustomer(40, req.body as object) }, 201),
    });
    const user = userEvent.setup();
    renderApp('/company/customers/create');
    await user.type(await screen.findByRole('textbox', { name: '顧客名' }, { timeout: 60_000 }), '㈱山田商店');
    const link = await screen.findByRole('link', { name: '株式会社 山田商店' }, { timeout: 10_000 });
    expect(link.getAttribute('href')).toBe('/company/customers/edit?id=12');
    expect(screen.getByText('同じ顧客が既に登録されています')).toBeTruthy();
    expect(screen.getByText('（名前が同じ）')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: '登録する' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({ name: '㈱山田商店', payment_month_offset: null, payment_day: null });
  });

  it('shows the registry’s name and status beside a typed 登録番号 (取消 in red), or that it is not published', async () => {
    setup({
      'GET /api/company/customer/similar': () => json({ data: [] }),
      'GET /api/registry/T7000012050002': () =>
        json({
          data: {
            registration_number: 'T7000012050002',
            name: '東海ロジスティクス株式会社',
            name_kana: null,
            address: null,
            registered_on: '2023-10-01',
            cancelled_on: '2026-04-01',
            expired_on: null,
            updated_on: '2026-04-01',
            process_kind: '04',
            date: '2026-12-01',
            valid_on_date: false,
            status: 'cancelled',
          },
        }),
      'GET /api/registry/T1010001112577': () => json({ message: 'この登録番号は公表データにありません' }, 404),
    });
    const user = userEvent.setup();
    renderApp('/company/customers/create');
    const input = await screen.findByRole('textbox', { name: '登録番号' }, { timeout: 60_000 });
    await user.type(input, 'T7000012050002');
    expect(await screen.findByText('登録取消', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText(/東海ロジスティクス株式会社（2026-04-01 取消）/)).toBeTruthy();
    await user.clear(input);
    await user.type(input, 'T1010001112577');
    expect(await screen.findByText('公表データにこの登録番号はありません', {}, { timeout: 10_000 })).toBeTruthy();
  });
});
