import type { BankImportDetail, BankRow } from '@chobo/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import iconv from 'iconv-lite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, makeMe, mockApi, renderApp, seedToken } from '../../test/utils';
import { decodeCsv, parseCsv } from './csv-preview';
import { splitCheck } from './RuleForm';
import { bankAccount, bankImport } from './test-fixtures';

const ME = makeMe({ permissions: ['bank_statement.index', 'profile.update-name'] });
const T = '2026-04-01T09:00:00+09:00';

const account = (id: number, code: string, name: string) => ({
  id,
  company_id: 1,
  code,
  name,
  kana: null,
  category: 'expense',
  section: 'expense',
  normal_side: 'debit',
  parent_id: null,
  cash_flow_role: 'operating',
  default_tax_category: 'purchase_10',
  is_active: true,
  is_system: false,
  sort_order: id,
  updated_at: T,
});
const ACCOUNTS = [account(3, '1120', '普通預金'), account(8, '6200', '地代家賃'), account(9, '6240', '支払手数料')];
const BANK = bankAccount();

afterEach(() => vi.unstubAllGlobals());

/** Click then paste (far quicker than typing key by key on a loaded machine). */
async function typeIn(user: ReturnType<typeof userEvent.setup>, el: HTMLElement, text: string) {
  await user.click(el);
  await user.paste(text);
}

/** Picks an option of a Mantine Select / AccountSelect by typing into it (jsdom keeps the dropdown display:none). */
async function pick(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, typed: string, option: RegExp) {
  await user.click(input);
  if (typed) await user.paste(typed);
  const found = await waitFor(() => {
    const list = document.getElementById(input.getAttribute('aria-controls') ?? '');
    const o = [...(list?.querySelectorAll<HTMLElement>('[data-combobox-option]') ?? [])].find((x) =>
      option.test(x.textContent ?? ''),
    );
    if (!o) throw new Error(`no option ${option}`);
    return o;
  });
  await user.click(found);
}

describe('splitCheck (the rule form’s live check)', () => {
  it('divides an amount as the server does and says what is wrong', () => {
    const ok = splitCheck(10_000, [
      { mode: 'amount', amount: 660, percent: '' },
      { mode: 'percent', amount: '', percent: 10 },
    ]);
    expect(ok).toMatchObject({ parts: [660, 1000], rest: 8340, ok: true });
    expect(splitCheck(500, [{ mode: 'amount', amount: 660, percent: '' }]).problems[0]).toBe(
      '分割の合計 ¥660 が金額 ¥500 以上です（主の勘定科目に残りません）',
    );
    expect(splitCheck(500, [{ mode: 'percent', amount: '', percent: 100 }]).problems[0]).toMatch(/100%未満/);
  });
});

describe('rule form', () => {
  it('checks the splits live, previews the past rows it would match, and saves the rule', async () => {
    const { calls } = mockApi({
      'GET /api/me': { data: ME },
      'GET /api/company/bank-rules': { data: [] },
      'GET /api/company/accounts': { data: ACCOUNTS },
      'POST /api/company/bank-rules/preview': {
        data: {
          total: 2,
          rows: [
            {
              id: 1,
              date: '2026-03-25',
              direction: 'out',
              amount: 165_660,
              description: 'E2E 家賃',
              lines: [
                { account_id: 8, amount: 165_000, description: 'E2E 家賃' },
                { account_id: 9, amount: 660, description: '振込手数料' },
              ],
            },
          ],
        },
      },
      'POST /api/company/bank-rules': (req) => json({ data: { id: 5, ...(req.body as object), updated_at: T } }, 201),
    });
    seedToken();
    const user = userEvent.setup();
    renderApp('/company/bank_statement?tab=rules');
    await user.click(await screen.findByRole('button', { name: 'ルールを作成' }));
    const dialog = await screen.findByRole('dialog');
    const form = within(dialog);
    await typeIn(user, form.getByLabelText(/ルール名/), '家賃');
    await typeIn(user, form.getByRole('textbox', { name: '摘要に含む文字' }), 'ﾔﾁﾝ');
    await pick(user, form.getByRole('combobox', { name: /^勘定科目/ }), '6200', /地代家賃/);
    await user.click(form.getByRole('button', { name: '分割の行を追加' }));
    await pick(user, form.getByRole('combobox', { name: '分割1 勘定科目' }), '6240', /支払手数料/);
    const amount = form.getByRole('textbox', { name: '分割1の金額' });
    await typeIn(user, amount, '660');
    await form.findByText('合計が一致しています');
    // a split over the example amount: the live check says so and saving is refused
    const sample = form.getByRole('textbox', { name: '試算する明細の金額' });
    await user.clear(sample);
    await typeIn(user, sample, '500');
    await form.findByText('分割の合計 ¥660 が金額 ¥500 以上です（主の勘定科目に残りません）');
    await user.click(form.getByRole('button', { name: 'ルールを保存' }));
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/company/bank-rules')).toBe(false);
    await user.clear(sample);
    await typeIn(user, sample, '165660');
    await form.findByText('合計が一致しています');

    await user.click(form.getByRole('button', { name: 'プレビュー' }));
    await form.findByText(/過去の明細のうち 2件 に一致します/);
    expect(form.getByText('振込手数料 ¥660'.replace('振込手数料', '支払手数料'))).toBeTruthy();
    await user.click(form.getByRole('button', { name: 'ルールを保存' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/company/bank-rules')).toBe(true),
    );
    const saved = calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/company/bank-rules');
    expect(saved?.body).toMatchObject({
      name: '家賃',
      description_contains: 'ﾔﾁﾝ',
      description_regex: null,
      account_id: 8,
      splits: [{ account_id: 9, amount: 660, percent: null, tax_category: 'purchase_10' }],
    });
  }, 180_000); // a big modal form: slow to render on the loaded machine, never waited on when passing
});

describe('column-mapping setup', () => {
  it('decodes Shift_JIS and parses quoted CSV', () => {
    const bytes = iconv.encode('日付,摘要,"1,000"\r\n2026/04/01,ﾌﾘｺﾐ,"a""b"\r\n', 'cp932');
    const { text, encoding } = decodeCsv(new Uint8Array(bytes));
    expect(encoding).toBe('shift_jis');
    expect(parseCsv(text)).toEqual([
      ['日付', '摘要', '1,000'],
      ['2026/04/01', 'ﾌﾘｺﾐ', 'a"b'],
    ]);
  });

  it('opens when the format is not recognised: the file’s rows, the columns chosen, saved and reused', async () => {
    const { calls } = mockApi({
      'GET /api/me': { data: ME },
      'GET /api/company/bank-accounts': { data: [BANK] },
      'GET /api/bank-statements': { data: [] },
      'GET /api/company/bank-csv-mappings': { data: [] },
      'POST /api/company/bank-csv-mappings': (req) =>
        json({ data: { id: 5, ...(req.body as object), updated_at: T } }, 201),
      'POST /api/bank-statements': (req) => {
        const format = (req.body as FormData).get('format');
        if (format === 'auto') {
          const message =
            'ファイルの形式を判別できませんでした。形式を選ぶか、列の対応付けを保存してから取り込んでください';
          return json({ message, errors: { format: [message] } }, 422);
        }
        return json({
          data: {
            format: 'mapping:5',
            format_label: '列の対応付け「うちの信金」',
            encoding: 'shift_jis',
            total_rows: 1,
            new_rows: 1,
            skipped_rows: 0,
            rows: [
              {
                line_no: 3,
                date: '2026-04-01',
                direction: 'in',
                amount: 5000,
                description: 'ﾌﾘｺﾐ ﾃｽﾄ',
                counterparty_name: null,
                balance: 15000,
                duplicate: false,
              },
            ],
            problems: [],
          },
        });
      },
    });
    seedToken();
    const user = userEvent.setup();
    const { container } = renderApp('/company/bank_statement');
    await screen.findByText('明細ファイルの取り込み');
    const csv = iconv.encode(
      'うちの信金 入出金明細\r\n日付,摘要,入金,出金,残高\r\n2026/04/01,ﾌﾘｺﾐ ﾃｽﾄ,5000,,15000\r\n',
      'cp932',
    );
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File([new Uint8Array(csv)], 'うちの信金.csv', { type: 'text/csv' }));
    const setup = await screen.findByTestId('mapping-setup');
    const s = within(setup);
    await s.findByText('ﾌﾘｺﾐ ﾃｽﾄ');
    expect(s.getByText('Shift_JIS')).toBeTruthy();
    // guessed from the header row (the first line skipped)
    expect((s.getByRole('textbox', { name: '先頭で読み飛ばす行数' }) as HTMLInputElement).value).toBe('1');
    expect((s.getByRole('combobox', { name: /^日付の列/ }) as HTMLInputElement).value).toBe('1列目（日付）');
    expect((s.getByRole('combobox', { name: /^入金の列/ }) as HTMLInputElement).value).toBe('3列目（入金）');
    await pick(user, s.getByRole('combobox', { name: /^相手先の列/ }), '', /^2列目/);
    fireEvent.change(s.getByRole('textbox', { name: /^名前/ }), { target: { value: 'うちの信金' } });
    await user.click(s.getByRole('button', { name: '対応付けを保存' }));
    await screen.findByText('列の対応付け「うちの信金」');
    const saved = calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/company/bank-csv-mappings');
    expect(saved?.body).toEqual({
      name: 'うちの信金',
      skip_rows: 1,
      has_header: true,
      date_column: 1,
      description_column: 2,
      amount_column: null,
      in_column: 3,
      out_column: 4,
      balance_column: 5,
      counterparty_column: 2,
    });
    const dry = calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/bank-statements').at(-1);
    expect((dry?.body as FormData | undefined)?.get('format')).toBe('mapping:5');
    await waitFor(() =>
      expect((screen.getByRole('button', { name: '取り込む' }) as HTMLButtonElement).disabled).toBe(false),
    );
  });
});

describe('a row’s account before confirming', () => {
  it('is changed on the row (with its version) and confirmed with it', async () => {
    const row: BankRow = {
      id: 1,
      line_no: 2,
      date: '2026-04-01',
      direction: 'out',
      amount: 1_234,
      description: 'ｻﾞｯﾋﾟ',
      counterparty_name: null,
      balance: 1_000,
      status: 'unconfirmed',
      journal_entry_id: null,
      journal_entry_number: null,
      suggestion: null,
      edit: null,
      updated_at: T,
    };
    let current = row;
    const detail = (): BankImportDetail =>
      bankImport({
        format: 'mufg',
        format_label: '三菱UFJ銀行 CSV',
        file_name: 'a.csv',
        file_size: 100,
        total_rows: 250,
        imported_rows: 250,
        processed_rows: 250,
        period_to: '2026-04-30',
        rows: [current],
        rows_meta: { total: 250, page: 1, per_page: 100 },
      });
    const { calls } = mockApi({
      'GET /api/me': { data: ME },
      'GET /api/company/accounts': { data: ACCOUNTS },
      'GET /api/bank-statements/7': () => json({ data: detail() }),
      'PUT /api/bank-statements/7/rows/1': (req) => {
        const b = req.body as { account_id: number; tax_category: string; description: string };
        current = {
          ...row,
          edit: {
            account_id: b.account_id,
            account_name: '支払手数料',
            tax_category: b.tax_category,
            description: b.description,
          },
          updated_at: '2026-04-02T09:00:00+09:00',
        };
        return json({ data: { id: 1, edit: current.edit, updated_at: current.updated_at } });
      },
      'POST /api/bank-statements/7/confirm': {
        data: { confirmed: [{ id: 1, journal_entry_id: 50, journal_entry_number: 12 }], failed: [], rule_offers: [] },
      },
    });
    seedToken();
    const user = userEvent.setup();
    renderApp('/company/bank_statement/7');
    await screen.findByText('候補なし');
    // paging past 100 rows
    expect(screen.getByText('250件中 1〜100件')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '次のページ' }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.url.pathname === '/api/bank-statements/7' && c.url.searchParams.get('page') === '2'),
      ).toBe(true),
    );
    await user.click(screen.getByRole('button', { name: /ｻﾞｯﾋﾟ の勘定科目を変更/ }));
    const dialog = within(await screen.findByRole('dialog'));
    await pick(user, dialog.getByRole('combobox', { name: /^勘定科目/ }), '6240', /支払手数料/);
    await user.click(dialog.getByRole('button', { name: '変更を保存' }));
    await screen.findByText(/支払手数料（課税仕入 10%）/);
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({ account_id: 9, updated_at: T, description: 'ｻﾞｯﾋﾟ' });
    await user.click(screen.getByRole('checkbox', { name: /ｻﾞｯﾋﾟ を選択/ }));
    await user.click(screen.getByRole('button', { name: '選択した1件を確定' }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/bank-statements/7/confirm')).toBe(true));
    expect(calls.find((c) => c.url.pathname === '/api/bank-statements/7/confirm')?.body).toEqual({
      rows: [{ id: 1, account_id: 9, tax_category: 'purchase_10', description: 'ｻﾞｯﾋﾟ' }],
    });
  });
});

describe('a large import being stored', () => {
  it('shows a real progress bar with rows done / total, polled until the import is whole', async () => {
    let processed = 2_500;
    const detail = (): BankImportDetail =>
      bankImport({
        id: 8,
        format: 'smbc',
        format_label: '三井住友銀行 CSV',
        file_name: 'big.csv',
        file_size: 5_000_000,
        status: processed < 10_000 ? 'processing' : 'imported',
        total_rows: 10_000,
        imported_rows: processed < 10_000 ? 0 : 10_000,
        processed_rows: processed,
        period_to: '2026-04-30',
        rows_meta: { total: processed < 10_000 ? 0 : 10_000, page: 1, per_page: 100 },
      });
    mockApi({
      'GET /api/me': { data: ME },
      'GET /api/company/accounts': { data: ACCOUNTS },
      'GET /api/bank-statements/8': () => {
        const d = detail();
        processed = Math.min(10_000, processed + 5_000); // the job goes on between two polls
        return json({ data: d });
      },
    });
    seedToken();
    renderApp('/company/bank_statement/8');
    expect((await screen.findByTestId('import-progress')).textContent).toBe('2,500 / 10,000件（25%）');
    expect(screen.getByRole('progressbar', { name: '取り込みの進み具合 25%' }).getAttribute('aria-valuenow')).toBe(
      '25',
    );
    await waitFor(() => expect(screen.getByTestId('import-progress').textContent).toBe('7,500 / 10,000件（75%）'), {
      timeout: 30_000,
    });
    await waitFor(() => expect(screen.queryByTestId('import-progress')).toBeNull(), { timeout: 30_000 });
    expect(screen.getByText('10000件（確定 0件）')).toBeTruthy();
  }, 90_000);
});

describe('bank accounts tab', () => {
  it('edits an account and shows a stale edit (409) as a clear message', async () => {
    const message = 'ほかのユーザーがこの銀行口座を更新しました。画面を再読み込みしてから編集してください';
    const { calls } = mockApi({
      'GET /api/me': { data: ME },
      'GET /api/company/bank-accounts': { data: [BANK] },
      'GET /api/company/accounts': { data: ACCOUNTS },
      'PUT /api/company/bank-accounts/1': () => json({ message }, 409),
    });
    seedToken();
    const user = userEvent.setup();
    renderApp('/company/bank_statement?tab=accounts');
    await user.click(await screen.findByRole('button', { name: 'みずほ銀行 1234567 を編集' }));
    const dialog = within(await screen.findByRole('dialog'));
    const branch = dialog.getByRole('textbox', { name: '支店名' });
    await user.clear(branch);
    await typeIn(user, branch, '本店');
    await user.click(dialog.getByRole('button', { name: '銀行口座を更新' }));
    await dialog.findByText(message);
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      branch_name: '本店',
      account_id: 3,
      create_account: false,
      updated_at: T,
    });
  });
});
