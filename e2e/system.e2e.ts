import { describe, expect, inject, it } from 'vitest';
import { mailsTo } from './support/api';
import { field, signInAs, waitForPath } from './support/app';
import { newPage, screenshot } from './support/browser';
import { shots, useBrowser, withPage } from './support/page';

const baseURL = inject('baseURL');

describe('platform administration', () => {
  const browser = useBrowser();

  it('an admin invites a company, resends, and the invitee registers through the mailed link into the company portal', async () => {
    const admin = await newPage(browser(), baseURL);
    const invitee = await newPage(browser(), baseURL);
    const email = `e2e-invite-${Date.now()}@example.jp`;
    try {
      const { page } = admin;
      await signInAs(page, 'admin');
      await page.goto('/system/company-invitations/create');
      await field(page, '企業名').fill('株式会社イーツーイー');
      await field(page, '担当者のメールアドレス').fill(email);
      await page.getByRole('button', { name: '招待メールを送信' }).click();
      await waitForPath(page, '/system/company-invitations');
      await page.getByText('メールを送信しました').first().waitFor();
      const row = page.getByTestId('admin-row').filter({ hasText: email });
      await row.getByText('招待中').waitFor();

      // the mail is in the mail log (no SMTP_URL in the e2e server); resend replaces its link
      expect((await mailsTo(page, email)).length).toBe(1);
      await page
        .getByText('メールを送信しました')
        .first()
        .waitFor({ state: 'hidden', timeout: 8000 })
        .catch(() => {});
      await row.getByRole('button', { name: '再送' }).click();
      await page.getByText('メールを送信しました').first().waitFor();
      await expect.poll(async () => (await mailsTo(page, email)).length).toBe(2);
      const mails = await mailsTo(page, email);
      expect(mails[0].subject).toContain('株式会社イーツーイー');
      const link = /https?:\/\/\S+\/register\?token=[A-Za-z0-9_-]+/.exec(mails[0].body)?.[0];
      const oldLink = /https?:\/\/\S+\/register\?token=[A-Za-z0-9_-]+/.exec(mails[1].body)?.[0];
      expect(link && oldLink).toBeTruthy();
      await screenshot(page, 'system-company-invitations.png');

      // the old link now shows a clear page
      const p2 = invitee.page;
      const oldUrl = new URL(oldLink as string);
      await p2.goto(`${oldUrl.pathname}${oldUrl.search}`);
      await p2.getByText('招待が見つからないか、有効期限が切れています').waitFor();

      // the new link registers the company and signs its owner in
      const url = new URL(link as string);
      await p2.goto(`${url.pathname}${url.search}`);
      await p2.getByText('株式会社イーツーイー の利用を開始します').waitFor();
      await field(p2, '氏名').fill('招待 太郎');
      await field(p2, 'パスワード').fill('e2e-register-pass-1');
      await field(p2, 'パスワード（確認）').fill('e2e-register-pass-1');
      await screenshot(p2, 'register-company.png');
      await p2.getByRole('button', { name: '登録してはじめる' }).click();
      await waitForPath(p2, '/company');
      await p2.getByRole('heading', { name: '株式会社イーツーイー' }).waitFor();

      // the admin's list now shows 登録済
      await page.reload();
      await page.getByTestId('admin-row').filter({ hasText: email }).getByText('登録済').waitFor();
      admin.assertNoErrors();
      // the old link answers 404 once (expected console error of the lookup)
      invitee.assertNoErrors([/404|Not Found/]);
    } finally {
      await admin.close();
      await invitee.close();
    }
  });

  it('an admin publishes a notice and the company sees it on its home, unread until opened', async () => {
    const admin = await newPage(browser(), baseURL);
    const owner = await newPage(browser(), baseURL);
    const title = `メンテナンスのお知らせ ${Date.now()}`;
    try {
      const { page } = admin;
      await signInAs(page, 'admin');
      await page.goto('/system/infos/create');
      await field(page, 'タイトル').fill(title);
      await field(page, '本文').fill('11月30日 2:00〜4:00 にメンテナンスを行います。');
      await page.getByLabel('重要なお知らせとして表示する').check();
      await page.getByRole('button', { name: '作成する' }).click();
      await waitForPath(page, '/system/infos');
      await page.getByTestId('admin-row').filter({ hasText: title }).getByText('掲載中').waitFor();
      await screenshot(page, 'system-infos.png');

      const p2 = owner.page;
      await signInAs(p2, 'owner');
      const notice = p2.getByTestId('company-notice').filter({ hasText: title });
      await notice.getByText('未読').waitFor();
      await screenshot(p2, 'company-home-notices.png');
      await notice.click();
      await waitForPath(p2, /^\/company\/infos\/\d+$/);
      await p2.getByText('11月30日 2:00〜4:00 にメンテナンスを行います。').waitFor();
      await p2.getByRole('link', { name: 'ホームへ戻る' }).click();
      await waitForPath(p2, '/company');
      const again = p2.getByTestId('company-notice').filter({ hasText: title });
      await again.waitFor();
      await expect.poll(() => again.getByText('未読').count()).toBe(0);
      admin.assertNoErrors();
      owner.assertNoErrors();
    } finally {
      await admin.close();
      await owner.close();
    }
  });
});

describe('/api-settings under the CSP (connect-src: this origin and API_ALLOWED_ORIGINS only)', () => {
  const browser = useBrowser();

  it('an address the server does not allow cannot be reached from the page, and is not saved', async () => {
    // the browser's own report of the blocked request is expected
    await withPage(
      browser(),
      [/Content Security Policy|connect-src|Failed to fetch|ERR_BLOCKED/i],
      async ({ page }) => {
        const res = await page.goto('/api-settings');
        expect(res?.headers()['content-security-policy']).toMatch(/(^|;)connect-src 'self'(;|$)/);
        await page.getByTestId('current-api-base').waitFor();
        await shots(page, 'api-settings');
        const blocked: string[] = [];
        page.on('console', (m) => m.type() === 'error' && blocked.push(m.text()));
        await field(page, 'APIのアドレス').fill('http://127.0.0.1:9');
        await page.getByRole('button', { name: '接続を確認して保存' }).click();
        await page.getByText(/接続を確認できませんでした/).waitFor();
        expect(blocked.some((t) => /Content Security Policy|connect-src/i.test(t))).toBe(true);
        expect(await page.evaluate(() => localStorage.getItem('API_BASE_URL'))).toBeNull();
      },
    );
  });
});
