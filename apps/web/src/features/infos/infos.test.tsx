import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminMe, json, mockApi, page, renderApp, seedToken } from '../../test/utils';

/** An option of a picker's own dropdown (jsdom keeps it display:none, so not by role). */
async function optionOf(input: HTMLElement, text: string): Promise<HTMLElement> {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    const list = document.getElementById(input.getAttribute('aria-controls') ?? '');
    found = [...(list?.querySelectorAll<HTMLElement>('[data-combobox-option]') ?? [])].find(
      (o) => o.textContent === text,
    );
    expect(found, text).toBeDefined();
  });
  return found as HTMLElement;
}

const company = (id: number, name: string) => ({ id, name, name_kana: null, email: null, domain_id: 1 });
const domain = (id: number, name: string, is_default = false) => ({ id, name, host: null, is_default });

describe('notice form: audience pickers', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('searches companies (debounced, keyword + per_page=20) and sends the chosen company_id', async () => {
    const { calls } = mockApi({
      'GET /api/me': { data: adminMe() },
      'GET /api/admin/companies': (req) =>
        json(
          req.url.searchParams.get('keyword') === 'テスト'
            ? page([company(7, '株式会社テスト商会'), company(8, 'テスト工業株式会社')])
            : page([company(1, '株式会社サンプル')]),
        ),
      'POST /api/admin/infos': () => json({ data: { id: 1 } }, 201),
      'GET /api/admin/infos': page([]),
    });
    seedToken();
    // a fake clock that also runs on its own, so the debounce below can be passed for certain
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { router } = renderApp('/system/infos/create');
    await user.type(await screen.findByRole('textbox', { name: 'タイトル' }), 'メンテナンスのお知らせ');
    await user.type(screen.getByRole('textbox', { name: '本文' }), '12月1日に停止します。');
    await user.click(screen.getByText('企業指定'));
    expect(screen.queryByRole('textbox', { name: '企業ID' })).toBeNull();

    const picker = (await screen.findByLabelText('企業', { selector: 'input' })) as HTMLInputElement;
    await user.click(picker);
    await user.type(picker, 'テスト');
    await user.click(await optionOf(picker, '株式会社テスト商会（ID: 7）'));
    expect(picker.value).toBe('株式会社テスト商会（ID: 7）');
    // the chosen name is not taken for a new keyword once the debounce has passed
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(picker.value).toBe('株式会社テスト商会（ID: 7）');

    const searches = calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/admin/companies');
    const keywords = searches.map((c) => c.url.searchParams.get('keyword'));
    expect(keywords).toContain('テスト');
    // debounced: no request per keystroke
    expect(keywords).not.toContain('テ');
    expect(searches.every((c) => c.url.searchParams.get('per_page') === '20')).toBe(true);

    await user.click(screen.getByRole('button', { name: '作成する' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST') as { body: Record<string, unknown> };
    expect(post.body).toMatchObject({ title: 'メンテナンスのお知らせ', audience: 'company', company_id: 7 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/infos'));
  }, 30_000);

  it('without a company chosen the form says so and sends nothing', async () => {
    const { calls } = mockApi({
      'GET /api/me': { data: adminMe() },
      'GET /api/admin/companies': page([company(1, '株式会社サンプル')]),
    });
    seedToken();
    const user = userEvent.setup();
    renderApp('/system/infos/create');
    await user.type(await screen.findByRole('textbox', { name: 'タイトル' }), '件名');
    await user.type(screen.getByRole('textbox', { name: '本文' }), '本文');
    await user.click(screen.getByText('企業指定'));
    await user.click(screen.getByRole('button', { name: '作成する' }));
    expect(await screen.findByText('企業を選択してください')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  }, 30_000);

  it('the edit page shows the current company by name; a domain notice shows its domain and can pick another', async () => {
    const info = {
      id: 3,
      title: '請求書機能のご案内',
      body: '本文',
      published_at: '2026-11-01T00:00:00Z',
      ends_at: null,
      audience: 'company',
      domain_id: null,
      company_id: 42,
      is_important: false,
      created_at: '2026-11-01T00:00:00Z',
      updated_at: '2026-11-01T00:00:00Z',
    };
    const { calls } = mockApi({
      'GET /api/me': { data: adminMe() },
      'GET /api/admin/infos/3': { data: info },
      'GET /api/admin/infos/4': { data: { ...info, id: 4, audience: 'domain', company_id: null, domain_id: 2 } },
      // the current company is not on the first page of results
      'GET /api/admin/companies': page([company(1, '株式会社サンプル')]),
      'GET /api/admin/companies/42': { data: company(42, '株式会社四十二') },
      'GET /api/admin/domains': page([domain(1, '標準', true), domain(2, '会計事務所向け')]),
      'GET /api/admin/domains/2': { data: domain(2, '会計事務所向け') },
      'PUT /api/admin/infos/4': () => json({ data: info }),
      'GET /api/admin/infos': page([]),
    });
    seedToken();
    const user = userEvent.setup();
    const { router } = renderApp('/system/infos/3/edit');
    const picker = (await screen.findByLabelText('企業', { selector: 'input' })) as HTMLInputElement;
    await waitFor(() => expect((picker as HTMLInputElement).value).toBe('株式会社四十二（ID: 42）'));

    await router.navigate('/system/infos/4/edit');
    const domainPicker = await screen.findByLabelText('ドメイン', { selector: 'input' });
    await waitFor(() => expect((domainPicker as HTMLInputElement).value).toBe('会計事務所向け（ID: 2）'));
    await user.click(domainPicker);
    await user.clear(domainPicker);
    await user.click(await optionOf(domainPicker, '標準（既定）（ID: 1）'));
    await user.click(screen.getByRole('button', { name: '更新する' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT') as { body: Record<string, unknown> };
    expect(put.body).toMatchObject({ audience: 'domain', domain_id: 1 });
  }, 30_000);
});
