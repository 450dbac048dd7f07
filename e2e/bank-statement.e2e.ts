import iconv from 'iconv-lite';
import { describe, expect, inject, it } from 'vitest';
import { pageApi } from './support/api';
import { signInAs, toast, waitForPath } from './support/app';
import { newPage } from './support/browser';
import { shots, useBrowser } from './support/page';

const baseURL = inject('baseURL');

describe('銀行の取引明細取り込み', () => {
  const browser = useBrowser();

  it('uploads a Shift_JIS CSV, shows suggestions, confirms two rows, and the entries appear in 仕訳帳', async () => {
    const t = await newPage(browser(), baseURL);
    const { page } = t;
    try {
      await signInAs(page, 'owner');
      // two rules (the company's accounts by code)
      const accounts = (await pageApi<{ data: { id: number; code: string }[] }>(page, 'GET', '/api/company/accounts'))
        .body.data;
      const id = (code: string) => accounts.find((a) => a.code === code)?.id;
      expect(
        (
          await pageApi(page, 'POST', '/api/company/bank-rules', {
            name: 'E2E 電話料',
            description_contains: 'ﾃﾞﾝﾜ',
            direction: 'out',
            account_id: id('6170'),
            tax_category: 'purchase_10',
            description_template: 'E2E 電話料金 {date}',
          })
        ).status,
      ).toBe(201);
      // the landlord has no 登録番号: its rent is suggested as 適格請求書なし (経過措置)
      const landlord = await pageApi<{ data: { id: number } }>(page, 'POST', '/api/company/customer', {
        name: 'E2E 第一不動産',
        name_kana: 'イーツーイーダイイチフドウサン',
        honorific: '御中',
        used_for: 2,
      });
      expect(landlord.status).toBe(201);
      expect(
        (
          await pageApi(page, 'POST', '/api/company/bank-rules', {
            customer_id: landlord.body.data.id,
            name: 'E2E 家賃',
            description_regex: 'ﾔﾁﾝ|家賃',
            direction: 'out',
            account_id: id('6200'),
            tax_category: 'purchase_10',
            description_template: 'E2E 家賃 {counterparty}',
            splits: [{ account_id: id('6240'), tax_category: 'purchase_10', amount: 660, description: '振込手数料' }],
          })
        ).status,
      ).toBe(201);

      // the current month (the demo's earlier fiscal year is closed)
      const ym = new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 7);
      const day = (d: number) => `${ym.replace('-', '/')}/0${d}`;
      const csv = iconv.encode(
        [
          '年月日,お引出し,お預入れ,お取り扱い内容,残高',
          `${day(1)},"8,800",,ﾃﾞﾝﾜﾘﾖｳ NTT,"991,200"`,
          `${day(2)},"165,660",,ﾌﾘｺﾐ ﾔﾁﾝ ﾀﾞｲｲﾁﾌﾄﾞｳｻﾝ,"825,540"`,
          `${day(3)},"1,234",,ｻﾞｯﾋﾟ,"824,306"`,
          '',
        ].join('\r\n'),
        'cp932',
      );
      await page.goto('/company/bank_statement');
      await page.getByText('明細ファイルの取り込み').waitFor();
      await page
        .locator('input[type="file"]')
        .setInputFiles({ name: `smbc_${ym}.csv`, mimeType: 'text/csv', buffer: csv });
      const badge = (text: string) => page.locator('.mantine-Badge-label', { hasText: text });
      await badge('三井住友銀行 CSV').waitFor({ timeout: 30_000 });
      await badge('Shift_JIS').waitFor();
      await page.getByText('3件（新規 3件・取り込み済みのため除外 0件）').waitFor();
      await shots(page, 'bank-statement-upload', 'all');
      await page.getByRole('button', { name: '取り込む' }).click();
      await toast(page, '3件を取り込みました').waitFor({ timeout: 30_000 });
      await waitForPath(page, /\/company\/bank_statement\/\d+$/, 30_000);

      // suggestions with their score and reasons
      await page.getByText('ルール「E2E 電話料」の条件に一致').waitFor({ timeout: 30_000 });
      await page.getByText('ルール「E2E 家賃」の条件に一致').waitFor();
      await page.getByText('分割: 振込手数料 ¥660').waitFor();
      await page
        .getByText(/取引先「E2E 第一不動産」に登録番号がないため、適格請求書なし（経過措置 \d+%控除）としました/)
        .waitFor();
      await shots(page, 'bank-statement-suggestions', 'all');

      await page.getByRole('checkbox', { name: /ﾃﾞﾝﾜﾘﾖｳ NTT を選択/ }).check();
      await page.getByRole('checkbox', { name: /ﾔﾁﾝ ﾀﾞｲｲﾁﾌﾄﾞｳｻﾝ を選択/ }).check();
      await page.getByRole('button', { name: '選択した2件を確定' }).click();
      await toast(page, '2件の明細を確定し、仕訳を登録しました').waitFor({ timeout: 30_000 });
      await page.locator('.mantine-SegmentedControl-label', { hasText: '確定済' }).click();
      await page
        .getByText(/仕訳 No\.\d+/)
        .first()
        .waitFor();
      await shots(page, 'bank-statement-confirmed', 'all');

      // the row without a suggestion: its 勘定科目 changed before confirming, then confirmed with it
      await page.locator('.mantine-SegmentedControl-label', { hasText: '未確定' }).click();
      await page.getByRole('button', { name: /ｻﾞｯﾋﾟ の勘定科目を変更/ }).click();
      const rowDialog = page.getByRole('dialog', { name: '明細の勘定科目の変更' });
      await rowDialog.getByRole('combobox', { name: /^勘定科目/ }).fill('6240');
      await page.getByRole('option', { name: /6240/ }).click();
      await rowDialog.getByRole('textbox', { name: '摘要' }).fill('E2E 雑費の振込');
      await shots(page, 'bank-statement-row-edit', 'all');
      await rowDialog.getByRole('button', { name: '変更を保存' }).click();
      await toast(page, '勘定科目を変更しました').waitFor({ timeout: 30_000 });
      await page.getByText('摘要: E2E 雑費の振込').waitFor();
      await page.getByRole('checkbox', { name: /ｻﾞｯﾋﾟ を選択/ }).check();
      await page.getByRole('button', { name: '選択した1件を確定' }).click();
      await toast(page, '1件の明細を確定し、仕訳を登録しました').waitFor({ timeout: 30_000 });

      // a rule written through the form, with its preview over past rows
      await page.goto('/company/bank_statement?tab=rules');
      await page.getByRole('button', { name: 'ルールを作成' }).click();
      const ruleDialog = page.getByRole('dialog', { name: '自動仕訳ルールの作成' });
      await ruleDialog.getByRole('textbox', { name: /ルール名/ }).fill('E2E 雑費');
      await ruleDialog.getByRole('textbox', { name: '摘要に含む文字' }).fill('ｻﾞｯﾋﾟ');
      await ruleDialog.getByRole('combobox', { name: /^勘定科目/ }).fill('6240');
      await page.getByRole('option', { name: /6240/ }).click();
      await ruleDialog.getByRole('button', { name: '分割の行を追加' }).click();
      await ruleDialog.getByRole('combobox', { name: '分割1 勘定科目' }).fill('6240');
      await page.getByRole('option', { name: /6240/ }).click();
      await ruleDialog.getByRole('textbox', { name: '分割1の金額' }).fill('110');
      await ruleDialog.getByText('合計が一致しています').waitFor();
      await ruleDialog.getByRole('button', { name: 'プレビュー' }).click();
      await ruleDialog.getByText(/過去の明細のうち 1件 に一致します/).waitFor({ timeout: 30_000 });
      await shots(page, 'bank-statement-rule-form', 'all');
      await ruleDialog.getByRole('button', { name: 'ルールを保存' }).click();
      await toast(page, '自動仕訳ルールを保存しました').waitFor({ timeout: 30_000 });
      await page.getByRole('cell', { name: 'E2E 雑費', exact: true }).waitFor();
      await shots(page, 'bank-statement-rules', 'all');
      await page.getByRole('tab', { name: '列の対応付け' }).click();
      await page.getByRole('button', { name: '対応付けを作成' }).waitFor();
      await shots(page, 'bank-statement-mappings', 'all');
      await page.getByRole('tab', { name: '銀行口座' }).click();
      await page.getByRole('button', { name: '銀行口座を追加' }).waitFor();
      await shots(page, 'bank-statement-accounts', 'all');

      // the entries are in 仕訳帳
      await page.goto('/company/accountings_bk');
      await page.getByRole('textbox', { name: 'キーワード検索' }).fill('E2E');
      await page.waitForURL((url) => url.searchParams.get('keyword') === 'E2E');
      await page.getByText(`E2E 電話料金 ${ym}-01`).first().waitFor({ timeout: 30_000 });
      await page.getByText('E2E 家賃 ﾔﾁﾝ ﾀﾞｲｲﾁﾌﾄﾞｳｻﾝ').first().waitFor();
      await shots(page, 'bank-statement-journal', 'all');
    } finally {
      await t.close();
    }
  }, 180_000);
});
