import {
  type ConsumptionTaxReturn,
  compareMethods,
  computeConsumptionTax,
  consumptionTaxComputeInput,
  consumptionTaxDraftInputs,
} from '@chobo/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, makeMe, mockApi, renderApp, seedToken } from '../../test/utils';

const FY = {
  id: 7,
  company_id: 1,
  start_date: '2025-04-01',
  end_date: '2026-03-31',
  label: '2025年4月1日〜2026年3月31日',
  status: 'open',
  closed_at: null,
  closing_entry_id: null,
};

/** The stored return as the server answers it, computed with the same core functions. */
function makeReturn(over: Partial<ConsumptionTaxReturn> = {}): ConsumptionTaxReturn {
  const inputs = consumptionTaxDraftInputs.parse({
    method: 'general',
    purchase_calc: 'warimodoshi',
    base_period_taxable_sales: 8_000_000,
    sales: { '10': { gross: 11_000_000 } },
    purchases: { '10': { gross: 5_500_000 } },
  });
  const input = consumptionTaxComputeInput.parse({ ...inputs, period_start: FY.start_date, period_end: FY.end_date });
  return {
    id: 1,
    fiscal_year: { id: 7, start_date: FY.start_date, end_date: FY.end_date, status: 'open', label: FY.label },
    inputs,
    simplified_elected: false,
    result: computeConsumptionTax(input, { simplified_elected: false }),
    refusal: null,
    comparison: compareMethods(input, { simplified_elected: false }),
    sources: {
      'sales.10.gross': [
        {
          kind: 'journal',
          label: '売上高（課税売上10%）',
          amount: 11_000_000,
          count: 1,
          query: { account_id: '30', tax_category: 'sales_10', from: FY.start_date, to: FY.end_date },
        },
      ],
    },
    settlement: { output_balance: 1_000_000, input_balance: 500_000, payable: 500_000, rounding: 0 },
    filled_at: '2026-05-10T01:00:00.000Z',
    entry_id: null,
    updated_at: '2026-05-10T01:00:00.000Z',
    ...over,
  };
}

function api(extra: Record<string, unknown> = {}) {
  return mockApi({
    'GET /api/me': { data: makeMe({ permissions: ['preparation-of-tax-return.index'] }) },
    'GET /api/company/fiscal-years': { data: [FY] },
    'GET /api/company/consumption-tax-returns/7': { data: makeReturn() },
    'GET /api/company/consumption-tax-settings': {
      data: {
        method: 'general',
        main_business_type: null,
        sales_calc: 'warimodoshi',
        purchase_calc: 'tsumiage',
        apportionment: null,
        base_period_taxable_sales: null,
        interim_national: 0,
        interim_local: 0,
        is_default: true,
        updated_at: null,
      },
    },
    'POST /api/company/consumption-tax-returns/7/post-entry': { data: makeReturn({ entry_id: 99 }) },
    ...extra,
  });
}

beforeEach(() => localStorage.clear());

describe('確定申告書の作成・出力 — 消費税', () => {
  it('compares the methods (cheapest marked, refused greyed with the reason) and explains each line with its entries', async () => {
    api();
    seedToken();
    renderApp('/company/preparation-of-tax-return?tab=consumption');
    const general = await screen.findByTestId('method-general');
    // 一般 500,000; 2割特例 780,000 × 20% = 156,000 + 44,000 = 200,000 → cheapest; 簡易 needs its election
    expect(within(general).getByTestId('method-total-general').textContent).toBe('納付 ¥500,000');
    expect(within(general).getByText('選択中')).toBeTruthy();
    const two = screen.getByTestId('method-two_tenths');
    expect(within(two).getByText('最も有利')).toBeTruthy();
    expect(within(two).getByTestId('method-total-two_tenths').textContent).toBe('納付 ¥200,000');
    const simplified = screen.getByTestId('method-simplified');
    expect(simplified.getAttribute('aria-disabled')).toBe('true');
    expect(within(simplified).getByText('適用できません')).toBeTruthy();

    const line1 = screen.getByTestId('ctax-line-taxable_base');
    expect(line1.textContent).toContain('¥10,000,000');
    await userEvent.click(within(line1).getByRole('button'));
    const link = within(line1).getAllByRole('link')[0] as HTMLAnchorElement;
    expect(link.getAttribute('href')).toContain('/company/accountings_bk?');
    expect(link.getAttribute('href')).toContain('tax_category=sales_10');

    // choosing 2割特例 recomputes at once, and the PDF waits for the save
    await userEvent.click(within(two).getByRole('button', { name: 'この方式で作成' }));
    await waitFor(() => expect(within(screen.getByTestId('method-two_tenths')).getByText('選択中')).toBeTruthy());
    expect(screen.getByTestId('ctax-save-state').textContent).toBe('未保存の変更があります');
    expect((screen.getByRole('button', { name: '申告書のPDF' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('tab', { name: '付表6' })).toBeTruthy();
  });

  it('previews 第一表 and the 付表, and saves the year with its version', async () => {
    const { calls } = api({
      'PUT /api/company/consumption-tax-returns/7': (req: { body: unknown }) =>
        json({ data: { ...makeReturn(), ...(req.body as object), updated_at: '2026-05-10T01:00:01.000Z' } }),
    });
    seedToken();
    renderApp('/company/preparation-of-tax-return?tab=consumption');
    const sheet = await screen.findByTestId('sheet-第一表');
    expect(sheet.textContent).toContain('課税標準額');
    expect(sheet.textContent).toContain('¥10,000,000');
    await userEvent.click(screen.getByRole('tab', { name: '付表2-3' }));
    expect((await screen.findByTestId('sheet-付表2-3')).textContent).toContain('100.00%');
    const interim = screen.getByLabelText('中間納付税額（国税）');
    await userEvent.type(interim, '100000');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'PUT' && c.url.pathname === '/api/company/consumption-tax-returns/7')).toBe(
        true,
      ),
    );
    const put = calls.find((c) => c.method === 'PUT') as {
      body: { inputs: { interim_national: number }; updated_at: string };
    };
    expect(put.body.inputs.interim_national).toBe(100_000);
    expect(put.body.updated_at).toBe('2026-05-10T01:00:00.000Z');
  });

  it('posts the settlement entry only after the confirmation', async () => {
    const { calls } = api();
    seedToken();
    renderApp('/company/preparation-of-tax-return?tab=consumption');
    await userEvent.click(await screen.findByRole('button', { name: '精算仕訳を計上…' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('（借方）仮受消費税等')).toBeTruthy();
    expect(within(dialog).getByText('（貸方）未払消費税等')).toBeTruthy();
    expect(calls.some((c) => c.url.pathname.endsWith('/post-entry'))).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: '計上する' }));
    await waitFor(() => expect(screen.getByTestId('ctax-entry-posted')).toBeTruthy());
    const post = calls.find((c) => c.url.pathname.endsWith('/post-entry')) as { body: unknown };
    expect(post.body).toEqual({ total_payable: 500_000, updated_at: '2026-05-10T01:00:00.000Z' });
  });

  it('a settled year shows the posted entry with its link, not a new proposal', async () => {
    api({
      'GET /api/company/consumption-tax-returns/7': {
        data: makeReturn({
          entry_id: 42,
          settlement: { output_balance: 1_000_000, input_balance: 500_000, payable: 499_997, rounding: 3 },
        }),
      },
    });
    seedToken();
    renderApp('/company/preparation-of-tax-return?tab=consumption');
    const posted = await screen.findByTestId('ctax-entry-posted');
    expect(within(posted).getByRole('link', { name: '仕訳を見る' }).getAttribute('href')).toContain('id=42');
    expect(screen.getByText('この年度の精算仕訳は計上済みです。計上した仕訳の内容です。')).toBeTruthy();
    expect(screen.getByText('（貸方）雑収入')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '精算仕訳を計上…' })).toBeNull();
  });

  it('company settings: 基準期間 and 中間納付 saved; 簡易課税 over 5,000万円 refused before sending', async () => {
    const { calls } = api({
      'PUT /api/company/consumption-tax-settings': (req: { body: Record<string, unknown> }) =>
        json({ data: { ...req.body, is_default: false, updated_at: '2026-05-10T02:00:00.000Z' } }),
    });
    seedToken();
    renderApp('/company/preparation-of-tax-return?tab=consumption');
    await userEvent.click(await screen.findByRole('button', { name: '消費税の設定' }));
    await userEvent.type(await screen.findByLabelText('基準期間の課税売上高（初期値）'), '60000000');
    await userEvent.type(screen.getByLabelText('中間納付税額（国税）（初期値）'), '600000');
    await userEvent.type(screen.getByLabelText('中間納付譲渡割額（地方消費税）（初期値）'), '169200');
    const form = screen.getByTestId('ctax-settings-form');
    await userEvent.click(within(form).getByLabelText('課税方式'));
    await userEvent.click(await screen.findByRole('option', { name: '簡易課税（届出済み）', hidden: true }));
    const type = within(form).getByLabelText('主な事業区分');
    await userEvent.click(type);
    // the year's own 事業区分 select has the same options: this one's listbox
    await waitFor(() => expect(document.getElementById(type.getAttribute('aria-controls') ?? '')).toBeTruthy());
    const listbox = document.getElementById(type.getAttribute('aria-controls') ?? '') as HTMLElement;
    await userEvent.click(within(listbox).getByRole('option', { name: '第2種事業（小売業等）', hidden: true }));
    await userEvent.click(screen.getByRole('button', { name: '設定を保存' }));
    expect(await screen.findByText(/5,000万円を超えるため、簡易課税は選択できません/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    const base = screen.getByLabelText('基準期間の課税売上高（初期値）');
    await userEvent.clear(base);
    await userEvent.type(base, '30000000');
    await userEvent.click(screen.getByRole('button', { name: '設定を保存' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT') as { body: Record<string, unknown> };
    expect(put.body).toMatchObject({
      method: 'simplified',
      main_business_type: 2,
      base_period_taxable_sales: 30_000_000,
      interim_national: 600_000,
      interim_local: 169_200,
      updated_at: null,
    });
  });

  it('a method refused only by the 簡易課税 election shows what it would cost, greyed', async () => {
    const inputs = consumptionTaxDraftInputs.parse({
      method: 'general',
      purchase_calc: 'warimodoshi',
      main_business_type: 5,
      base_period_taxable_sales: 30_000_000,
      sales: { '10': { gross: 11_000_000 } },
      purchases: { '10': { gross: 2_200_000 } },
    });
    api({ 'GET /api/company/consumption-tax-returns/7': { data: makeReturn({ inputs }) } });
    seedToken();
    renderApp('/company/preparation-of-tax-return?tab=consumption');
    const simplified = await screen.findByTestId('method-simplified');
    expect(simplified.getAttribute('aria-disabled')).toBe('true');
    // 簡易 第5種: 780,000 × 50% → 390,000 + 地方 110,000
    expect(within(simplified).getByTestId('method-reference-simplified').textContent).toContain('納付 ¥500,000');
    expect(within(simplified).getByText(/簡易課税制度選択届出書を提出していない/)).toBeTruthy();
    expect(within(screen.getByTestId('method-general')).getByText('最も有利')).toBeTruthy();
  });
});
