/**
 * The links the server mails, opened exactly as mailed (issue 33): an employee's invitation to set a first
 * password and a password reset both end in `…&email=<address>` — which must open the app's page, not a
 * JSON 404 (the server once took any URL ending in a dot and 2–5 letters for a missing file).
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { mailsTo, pageApi } from './support/api';
import { field, signIn, signInAs, waitForPath } from './support/app';
import { newPage, screenshot } from './support/browser';
import { useBrowser } from './support/page';

const baseURL = inject('baseURL');

/** The newest mail to `email`, read from the platform's mail log as the admin's screen reads it. */
async function newestLink(admin: Page, email: string, count: number): Promise<string> {
  await expect.poll(async () => (await mailsTo(admin, email)).length).toBe(count);
  const mails = await mailsTo(admin, email);
  const link = /https?:\/\/\S+\/password-reset\?\S+/.exec(mails[0]?.body ?? '')?.[0];
  expect(link, mails[0]?.body).toBeTruthy();
  // exactly as mailed: the query keeps the encoded address, which ends in `.co.jp`
  expect(link).toContain(`email=${encodeURIComponent(email)}`);
  const url = new URL(link as string);
  return `${url.pathname}${url.search}`;
}

async function setPassword(page: Page, link: string, newPassword: string, shot: string) {
  const res = await page.goto(link);
  expect(res?.headers()['content-type']).toContain('text/html');
  await page.getByText('新しいパスワードの設定').waitFor();
  await field(page, '新しいパスワード').fill(newPassword);
  await field(page, '新しいパスワード（確認）').fill(newPassword);
  await screenshot(page, shot);
  await page.getByRole('button', { name: /設定|再設定/ }).click();
  await waitForPath(page, '/login');
}

describe('mailed links', () => {
  const browser = useBrowser();

  it('an employee invitation and a password reset open their pages as mailed and set the password', async () => {
    const owner = await newPage(browser(), baseURL);
    const admin = await newPage(browser(), baseURL);
    const invitee = await newPage(browser(), baseURL);
    try {
      await signInAs(owner.page, 'owner');
      await signInAs(admin.page, 'admin');

      // room for one more employee, whatever the demo's limit
      const settings = await pageApi<{ data: Record<string, unknown> & { active_employees: number } }>(
        owner.page,
        'GET',
        '/api/company/employee-settings',
      );
      const { max_employee_cap: _cap, active_employees, ...rest } = settings.body.data;
      const raised = await pageApi(owner.page, 'PUT', '/api/company/employee-settings', {
        ...rest,
        max_employee: active_employees + 1,
      });
      expect(raised.status).toBe(200);

      const email = `mailed-${Date.now()}@example.co.jp`;
      const created = await pageApi<{ data: { id: number } }>(owner.page, 'POST', '/api/company/employees', {
        code: `ML${Date.now() % 100000}`,
        name: '鈴木 次郎',
        name_kana: 'スズキ ジロウ',
        email,
        employment_type: 'full_time',
        login_enabled: true,
      });
      expect(created.status).toBe(201);

      // the invitation: its link ends in the address; the page opens and sets the first password
      const invitation = await newestLink(admin.page, email, 1);
      await setPassword(invitee.page, invitation, 'first-Pass-2026', 'mailed-links-invitation.png');
      await signIn(invitee.page, {
        email,
        password: 'first-Pass-2026',
        loginPath: '/employee/login',
        expectedPath: '/company/attendance',
      });

      // a password reset asked for on the sign-in side, opened as mailed
      const forgetter = await newPage(browser(), baseURL);
      try {
        await forgetter.page.goto('/password-forget');
        await field(forgetter.page, 'メールアドレス').fill(email);
        await forgetter.page.getByRole('button', { name: '再設定メールを送信' }).click();
        await waitForPath(forgetter.page, '/password-forget/complete');
        const reset = await newestLink(admin.page, email, 2);
        await setPassword(forgetter.page, reset, 'second-Pass-2026', 'mailed-links-reset.png');
        await signIn(forgetter.page, {
          email,
          password: 'second-Pass-2026',
          loginPath: '/employee/login',
          expectedPath: '/company/attendance',
        });
        forgetter.assertNoErrors();
      } finally {
        await forgetter.close();
      }
      owner.assertNoErrors();
      admin.assertNoErrors();
      invitee.assertNoErrors();
    } finally {
      await owner.close();
      await admin.close();
      await invitee.close();
    }
  });
});
