/**
 * Drives the app against a REAL running server (API + built app on one origin):
 *   node --import tsx/esm apps/web/scripts/real-server-smoke.ts http://127.0.0.1:3000 <demo-password> [outDir]
 * Signs in as the demo company owner, walks the customer feature (list, sort, search, create with the
 * postal-code lookup, edit, delete), logs out, then signs in as the admin. Screenshots go to outDir.
 */
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';

const BASE = process.argv[2] ?? 'http://127.0.0.1:3000';
const PASSWORD = process.argv[3] ?? '';
const OUT = process.argv[4] ?? '/tmp';

function step(name: string) {
  console.log(`• ${name}`);
}

async function login(page: Page, email: string) {
  await page.goto(`${BASE}/login`);
  await page.getByRole('textbox', { name: 'メールアドレス' }).fill(email);
  await page.getByLabel('パスワード', { exact: false }).first().fill(PASSWORD);
  await page.getByRole('button', { name: 'ログイン' }).click();
}

async function main() {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const problems: string[] = [];
  try {
    const context = await browser.newContext({ viewport: { width: 1200, height: 860 }, locale: 'ja-JP' });
    const page = await context.newPage();
    page.on('pageerror', (e) => problems.push(`pageerror ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console ${m.text()}`);
    });

    step('login as owner → /company');
    await login(page, 'owner@example.com');
    await page.waitForURL(`${BASE}/company`);
    await page.getByText('データがまだありません').first().waitFor();
    await page.screenshot({ path: join(OUT, 'real-company-home.png'), fullPage: true });

    step('customers list, sort by name, search');
    await page.getByRole('link', { name: '顧客管理' }).first().click();
    await page.getByText(/全\d+件中/).waitFor();
    await page
      .getByRole('columnheader', { name: /顧客名/ })
      .getByRole('button')
      .click();
    await page.waitForURL(/sort_by=name&sort_dir=asc/);
    await page.getByRole('textbox', { name: 'キーワード検索' }).fill('株式会社');
    await page.waitForURL(/keyword=/);
    await page.getByText(/全\d+件中/).waitFor();
    await page.screenshot({ path: join(OUT, 'real-customers.png'), fullPage: true });

    step('create a customer with the postal-code lookup');
    await page.goto(`${BASE}/company/customers/create`);
    await page.getByRole('textbox', { name: '顧客名', exact: true }).fill('テスト商事株式会社');
    await page.getByRole('textbox', { name: '顧客名（カナ）' }).fill('テストショウジカブシキガイシャ');
    await page.getByRole('textbox', { name: '郵便番号' }).fill('1000001');
    await page.waitForFunction(
      () => (document.querySelector('input[name="address1"]') as HTMLInputElement)?.value !== '',
    );
    const address1 = await page.locator('input[name="address1"]').inputValue();
    if (address1 !== '千代田区千代田') problems.push(`zip lookup filled address1=${address1}`);
    await page.getByRole('textbox', { name: '登録番号' }).fill('T123');
    await page.getByRole('button', { name: '登録する' }).click();
    await page.getByText('登録番号は「T」と13桁の数字で入力してください').first().waitFor();
    await page.getByRole('textbox', { name: '登録番号' }).fill('');
    await page.getByRole('textbox', { name: '電話番号', exact: true }).fill('03-1234-5678');
    await page.getByRole('button', { name: '登録する' }).click();
    await page.getByText('顧客を登録しました').waitFor();
    await page.waitForURL(/\/company\/customers/);

    step('edit it');
    await page.getByRole('textbox', { name: 'キーワード検索' }).fill('テスト商事');
    await page
      .getByRole('cell', { name: /テスト商事株式会社/ })
      .first()
      .click();
    await page.waitForURL(/\/company\/customers\/edit\?id=\d+/);
    const name = page.getByRole('textbox', { name: '顧客名', exact: true });
    await name.fill('テスト商事ホールディングス株式会社');
    await page.screenshot({ path: join(OUT, 'real-customer-edit.png'), fullPage: true });
    await page.getByRole('button', { name: '更新する' }).click();
    await page.getByText('顧客を更新しました').waitFor();

    step('delete it');
    await page.getByRole('textbox', { name: 'キーワード検索' }).fill('テスト商事ホールディングス');
    await page.getByRole('button', { name: 'テスト商事ホールディングス株式会社を削除' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '削除する' }).click();
    await page.getByText('「テスト商事ホールディングス株式会社」を削除しました').waitFor();

    step('logout');
    await page.getByRole('button', { name: 'アカウントメニュー' }).click();
    await page.getByRole('menuitem', { name: 'ログアウト' }).click();
    await page.waitForURL(`${BASE}/login`);
    const stored = await page.evaluate(() => localStorage.getItem('tokenData'));
    if (stored !== null) problems.push('tokenData survived logout');
    await page.goto(`${BASE}/company/customers`);
    await page.waitForURL(/\/login/);

    step('login as admin → /system, read-only company customers');
    await login(page, 'admin@example.com');
    await page.waitForURL(`${BASE}/system`);
    await page.goto(`${BASE}/system/companies/1/customers`);
    await page.getByText(/全\d+件中/).waitFor();
    await page.screenshot({ path: join(OUT, 'real-admin-customers.png'), fullPage: true });
    await page.goto(`${BASE}/company/customers`);
    await page.waitForURL(/error-forbidden/);
  } finally {
    await browser.close();
  }
  if (problems.length) {
    console.log('problems:');
    for (const p of problems) console.log(`  ${p}`);
    process.exitCode = 1;
  } else {
    console.log('all steps passed');
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
