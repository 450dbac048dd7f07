import type { Page } from 'playwright-core';

/** The bearer token the app keeps in localStorage (`tokenData`), or null when signed out. */
export async function tokenOf(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const raw = window.localStorage.getItem('tokenData');
    return raw ? (JSON.parse(raw) as { token: string }).token : null;
  });
}

/**
 * Calls the API from inside the page as the signed-in user (the token the app keeps in localStorage), as the
 * screens' client does. `body` is null for a 204 or an answer that is not JSON.
 */
export async function pageApi<T = unknown>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  // a call that never answers fails this test with its path, instead of the whole test's timeout
  return page.evaluate(
    async ({ method, path, body, timeoutMs }) => {
      const raw = window.localStorage.getItem('tokenData');
      const token = raw ? (JSON.parse(raw) as { token: string }).token : '';
      const res = await fetch(path, {
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      }).catch((e: unknown) => {
        throw new Error(`${method} ${path}: no answer within ${timeoutMs / 1000} s (${String(e)})`);
      });
      return { status: res.status, body: res.status === 204 ? null : await res.json().catch(() => null) };
    },
    { method, path, body, timeoutMs: 60_000 },
  );
}

/** The body of a GET of the API as the signed-in user. */
export async function apiGet<T>(page: Page, path: string): Promise<T> {
  return (await pageApi<T>(page, 'GET', path)).body;
}

interface MailRow {
  subject: string;
  body: string;
}

/** The platform's mail log (`GET /api/admin/mail-log`, what the admin's screen reads) for `email`, newest first. */
export async function mailsTo(admin: Page, email: string): Promise<MailRow[]> {
  const path = `/api/admin/mail-log?keyword=${encodeURIComponent(email)}&sort_by=id&sort_dir=desc`;
  return (await apiGet<{ data: MailRow[] }>(admin, path)).data;
}
