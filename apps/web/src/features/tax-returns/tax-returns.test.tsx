import {
  computeTaxReturn,
  DEFAULT_LOCAL_TAX_RATES,
  emptyTaxReturnForm,
  estimateLocalTaxes,
  type TaxReturn,
} from '@chobo/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, makeMe, mockApi, renderApp, seedToken } from '../../test/utils';

const FY = {
  id: 7,
  company_id: 1,
  start_date: '2025-04-01',
  end_date: '2026-03-31',
  label: '2025年4月1日〜2026年3月31日',
  status: 'closed',
  closed_at: '2026-05-01T00:00:00.000Z',
  closing_entry_id: 3,
};

/** A tax return as the server answers it, computed with the same core functions. */
function makeReturn(over: Partial<TaxReturn> & { book_income?: number | null } = {}): TaxReturn {
  const book = over.book_income ?? null;
  const input = {
    income: book ?? 0,
    fiscal_year_start: FY.start_date,
    fiscal_year_end: FY.end_date,
    capital: 10_000_000,
    interim_corporate_tax: 0,
    interim_local_corporate_tax: 0,
    withholding_income_tax: 0,
    foreign_tax: 0,
  };
  const r = computeTaxReturn(input);
  return {
    id: book === null ? null : 1,
    fiscal_year: { id: FY.id, start_date: FY.start_date, end_date: FY.end_date, status: 'closed', label: FY.label },
    form: emptyTaxReturnForm(),
    lines: r.lines,
    computed_lines: r.lines,
    explanations: r.explanations,
    overrides: {},
    adjustments: [],
    inputs: { interim_corporate_tax: 0, interim_local_corporate_tax: 0, withholding_income_tax: 0, foreign_tax: 0 },
    book_income: book,
    income: book ?? 0,
    defense_special_corporate_tax: r.defense_special_corporate_tax,
    local_rates: DEFAULT_LOCAL_TAX_RATES,
    local_estimate: estimateLocalTaxes(input, r),
    filled_at: book === null ? null : '2026-05-10T01:00:00.000Z',
    entry_id: null,
    updated_at: book === null ? null : '2026-05-10T01:00:00.000Z',
    ...over,
  };
}

const filled = () =>
  makeReturn({
    book_income: 10_000_000,
    form: {
      ...emptyTaxReturnForm(),
      corporate_name: '株式会社サンプル商事',
      corporate_number_01: '7',
      corporate_number_13: '2',
      fiscal_year_from_era: '令和',
      fiscal_year_from_year: '7',
      fiscal_year_from_month: '4',
      fiscal_year_from_day: '1',
      fiscal_year_to_era: '令和',
      fiscal_year_to_year: '8',
      fiscal_year_to_month: '3',
      fiscal_year_to_day: '31',
      line_02_number_05: '1',
      line_02_number_06: '6',
      line_02_number_07: '6',
      line_02_number_08: '4',
      line_02_number_09: '0',
      line_02_number_10: '0',
      line_02_number_11: '0',
    },
  });

/** What browser storage held when each PUT left (proves the draft is stored before the server save). */
const storedAtPut: string[] = [];

function api(extra: Record<string, unknown> = {}) {
  return mockApi({
    'GET /api/me': { data: makeMe({ permissions: ['customer.index', 'preparation-of-tax-return.index'] }) },
    'GET /api/company/fiscal-years': { data: [FY] },
    'GET /api/company/tax-returns/7': { data: makeReturn() },
    'POST /api/company/tax-returns/7/fill': { data: filled() },
    'PUT /api/company/tax-returns/7': (req: { body: unknown }) => {
      storedAtPut.push(localStorage.getItem('kakuteiFormData') ?? '');
      const body = req.body as { adjustments: { amount: number; kind: string }[] };
      const add = body.adjustments.reduce((s, a) => s + (a.kind === 'add' ? a.amount : -a.amount), 0);
      return json({
        data: { ...filled(), ...(body as object), income: 10_000_000 + add, updated_at: '2026-05-10T01:00:01.000Z' },
      });
    },
    ...extra,
  });
}

beforeEach(() => {
  localStorage.clear();
  storedAtPut.length = 0;
});

describe('確定申告書の作成・出力', () => {
  it('fills from the books, shows the computed lines with explanations and the filer notice', async () => {
    const { calls } = api();
    seedToken();
    renderApp('/company/preparation-of-tax-return');
    expect(await screen.findByText(/必ずご自身（または税理士）で確認してください/)).toBeTruthy();
    const fill = await screen.findByRole('button', { name: '帳簿から作成' });
    await waitFor(() => expect((fill as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(fill);
    await waitFor(() => expect(screen.getByTestId('book-income').textContent).toContain('10,000,000'));
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/company/tax-returns/7/fill')).toBe(true);
    const line2 = screen.getByLabelText('2 法人税額') as HTMLInputElement;
    expect(line2.value).toBe('1,664,000円');
    expect((screen.getByLabelText('31 地方法人税額') as HTMLInputElement).value).toBe('171,392円');
    await userEvent.click(screen.getByRole('button', { name: '2行目の計算の説明' }));
    expect(screen.getByTestId('explanation-2').textContent).toContain('8,000,000円 × 12/12');
    expect(screen.getByTestId('fiscal-period').textContent).toBe('自 令和7年4月1日　至 令和8年3月31日');
  });

  it('keeps every change in browser storage at once and saves it to the server with updated_at', async () => {
    const { calls } = api({ 'GET /api/company/tax-returns/7': { data: filled() } });
    seedToken();
    renderApp('/company/preparation-of-tax-return?fiscal_year_id=7');
    const add = await screen.findByRole('button', { name: '加算・減算の行を追加' });
    await userEvent.click(add);
    const amount = screen.getByLabelText('金額') as HTMLInputElement;
    fireEvent.change(amount, { target: { value: '500000' } });
    await waitFor(() => expect(screen.getByTestId('income').textContent).toContain('10,500,000'));
    const stored = JSON.parse(localStorage.getItem('kakuteiFormData') ?? '{}');
    expect(stored['7'].adjustments[0].amount).toBe(500_000);
    // line 1 follows at once (the same pure function as the server)
    expect((screen.getByLabelText('1 所得金額又は欠損金額') as HTMLInputElement).value).toBe('10,500,000円');
    // the row was saved when added (amount 0) and again with the amount: wait for the latter
    const puts = () => calls.filter((c) => c.method === 'PUT' && c.url.pathname === '/api/company/tax-returns/7');
    const isFull = (c: { body: unknown }) =>
      (c.body as { adjustments: { amount: number }[] }).adjustments[0]?.amount === 500_000;
    await waitFor(() => expect(puts().some(isFull)).toBe(true), { timeout: 30_000 });
    const i = puts().findIndex(isFull);
    expect(puts()[i].body).toMatchObject({ adjustments: [{ kind: 'add', amount: 500_000 }] });
    expect((puts()[i].body as { updated_at: string }).updated_at).toMatch(/^2026-05-10T01:00:0[01]\.000Z$/);
    expect(JSON.parse(storedAtPut[i])['7']).toMatchObject({ dirty: true, adjustments: [{ amount: 500_000 }] });
    await waitFor(() => expect(JSON.parse(localStorage.getItem('kakuteiFormData') ?? '{}')['7'].dirty).toBe(false));
  });

  it('marks a line typed by hand as 手入力 and clears it back to the computed value', async () => {
    api({ 'GET /api/company/tax-returns/7': { data: filled() } });
    seedToken();
    renderApp('/company/preparation-of-tax-return?fiscal_year_id=7');
    const line16 = (await screen.findByLabelText('16 所得税の額')) as HTMLInputElement;
    fireEvent.change(line16, { target: { value: '1234' } });
    const row = screen.getByTestId('line-16');
    await waitFor(() => expect(within(row).getByText('手入力')).toBeTruthy());
    expect((screen.getByLabelText('21 所得税額等の還付金額') as HTMLInputElement).value).toBe('0円');
    expect((screen.getByLabelText('12 控除税額') as HTMLInputElement).value).toBe('1,234円');
    await userEvent.click(within(row).getByRole('button', { name: '16行目の手入力を解除' }));
    await waitFor(() => expect(within(screen.getByTestId('line-16')).queryByText('手入力')).toBeNull());
  });

  it('previews the printed form: amounts in 11 boxes, 法人番号 in 13, the period in 和暦', async () => {
    api({ 'GET /api/company/tax-returns/7': { data: filled() } });
    seedToken();
    renderApp('/company/preparation-of-tax-return-preview?fiscal_year_id=7');
    const line2 = await screen.findByTestId('preview-line-2');
    const boxes = within(line2).getByRole('group');
    const cells = boxes.querySelectorAll('[data-box]');
    expect(cells).toHaveLength(11);
    expect([...cells].map((c) => c.textContent).join('')).toBe('1664000');
    const corp = screen.getByRole('group', { name: /^法人番号/ });
    expect(corp.querySelectorAll('[data-box]')).toHaveLength(13);
    expect(screen.getByTestId('preview-period').textContent).toBe('自 令和7年4月1日　至 令和8年3月31日');
  });

  it('shows the conflict when someone saved the return since (409) and reloads it', async () => {
    let reads = 0;
    api({
      'GET /api/company/tax-returns/7': () => {
        reads += 1;
        return json({ data: reads === 1 ? filled() : { ...filled(), updated_at: '2026-05-10T02:00:00.000Z' } });
      },
      'PUT /api/company/tax-returns/7': () =>
        json(
          { message: 'ほかのユーザーがこの確定申告書を更新しました。画面を再読み込みしてから編集してください' },
          409,
        ),
    });
    seedToken();
    renderApp('/company/preparation-of-tax-return?fiscal_year_id=7');
    const add = await screen.findByRole('button', { name: '加算・減算の行を追加' });
    await userEvent.click(add);
    expect(await screen.findByTestId('conflict-alert', {}, { timeout: 30_000 })).toBeTruthy();
    expect(screen.getByText(/ほかのユーザーがこの確定申告書を更新しました/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '最新の内容を読み込む' }));
    await waitFor(() => expect(screen.queryByTestId('conflict-alert')).toBeNull());
    expect(screen.queryByLabelText('金額')).toBeNull();
  });

  it('offers the year-end entry 法人税、住民税及び事業税 / 未払法人税等 and posts it on confirmation', async () => {
    const open = { ...filled(), fiscal_year: { ...filled().fiscal_year, status: 'open' } };
    const { calls } = api({
      'GET /api/company/fiscal-years': { data: [{ ...FY, status: 'open' }] },
      'GET /api/company/tax-returns/7': { data: open },
      'POST /api/company/tax-returns/7/post-entry': { data: { ...open, entry_id: 99 } },
    });
    seedToken();
    renderApp('/company/preparation-of-tax-return?fiscal_year_id=7');
    const total = await screen.findByTestId('estimate-total');
    const expected = open.local_estimate.total;
    expect(total.textContent).toBe(`¥${expected.toLocaleString('en-US')}`);
    expect(screen.getAllByText('見積もり').length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('button', { name: '法人税等の仕訳を計上…' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('（借方）法人税、住民税及び事業税')).toBeTruthy();
    expect(within(dialog).getByText('（貸方）未払法人税等')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: '計上する' }));
    await screen.findByText('仕訳を見る');
    const post = calls.find((c) => c.method === 'POST' && c.url.pathname.endsWith('/post-entry'));
    expect(post?.body).toEqual({ amount: expected, updated_at: '2026-05-10T01:00:00.000Z' });
  });

  it('restores unsaved changes kept in browser storage after a reload, then saves them', async () => {
    const f = filled();
    localStorage.setItem(
      'kakuteiFormData',
      JSON.stringify({
        '7': {
          form: { ...f.form, former_tax_corporate_name: '旧商号の記入' },
          overrides: {},
          adjustments: [{ kind: 'add', label: '損金不算入の交際費', amount: 250_000 }],
          inputs: f.inputs,
          updated_at: f.updated_at,
          dirty: true,
        },
      }),
    );
    const { calls } = api({ 'GET /api/company/tax-returns/7': { data: f } });
    seedToken();
    renderApp('/company/preparation-of-tax-return?fiscal_year_id=7');
    await waitFor(() => expect(screen.getByTestId('income').textContent).toContain('10,250,000'));
    expect((screen.getByLabelText('旧納税地及び旧法人名等') as HTMLInputElement).value).toBe('旧商号の記入');
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true), { timeout: 30_000 });
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      updated_at: f.updated_at,
      adjustments: [{ amount: 250_000 }],
    });
  });
});
