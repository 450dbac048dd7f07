import type { Customer, Me } from '@chobo/core';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/all-providers';
import { createQueryClient } from '../app/query-client';
import { createRoutes } from '../app/routes';
import { setNavigator } from '../lib/navigation';
import { saveToken } from '../lib/token';

/**
 * Renders the whole app (real routes, guards, layouts) at `path` in a memory router. `prefetch`: the route
 * loaders start the pages' first data requests as in the app (createAppRouter gives them the query client).
 */
export function renderApp(path: string, opts: { prefetch?: boolean } = {}) {
  const client = createQueryClient();
  const router = createMemoryRouter(createRoutes(opts.prefetch ? client : undefined), { initialEntries: [path] });
  setNavigator((to, opts) => router.navigate(to, opts));
  const view = render(
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, client };
}

export function seedToken(token = 'test-token', expiresInSeconds = 3600): void {
  saveToken(token, Math.floor(Date.now() / 1000) + expiresInSeconds);
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

type Handler = (req: RecordedRequest) => Response | Promise<Response>;

/**
 * A fetch stub routed by "METHOD /path" (query ignored). Unmatched calls answer 404 so a test never
 * reaches the network. Returns the recorded requests.
 */
export function mockApi(routes: Record<string, Handler | object>) {
  const calls: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = (init?.method ?? 'GET').toUpperCase();
    let body: unknown = init?.body;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        // keep the text
      }
    }
    const req: RecordedRequest = { method, url, headers: new Headers(init?.headers), body };
    calls.push(req);
    const handler = routes[`${method} ${url.pathname}`];
    if (handler === undefined) return json({ message: `no mock for ${method} ${url.pathname}` }, 404);
    return typeof handler === 'function' ? (handler as Handler)(req) : json(handler);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export function makeMe(overrides: Partial<Me> = {}): Me {
  return {
    user_id: 1,
    name: '山田 太郎',
    email: 'owner@example.com',
    roles: ['company'],
    permissions: ['customer.index', 'profile.update-name', 'profile.update-email', 'profile.update-password'],
    expiration_year: 7,
    max_employee: 10,
    logo_data: null,
    company: { id: 1, name: '株式会社サンプル' },
    domain: null,
    ...overrides,
  };
}

export const adminMe = (permissions: string[] = ['companies.index', 'admin.index', 'infos.index', 'domains.index']) =>
  makeMe({ name: '管理 花子', email: 'admin@example.com', roles: ['admin'], permissions, company: null });

export function makeCustomer(id: number, overrides: Partial<Customer> = {}): Customer {
  return {
    id,
    company_id: 1,
    name: `顧客${id}株式会社`,
    name_kana: `コキャク${id}`,
    honorific: '御中',
    used_for: 3,
    postal_code: '1000001',
    prefecture_code: '13',
    address1: '千代田区千代田',
    address2: null,
    tel: '03-1234-5678',
    mobile: null,
    fax: null,
    email: null,
    url: null,
    contact_person: null,
    department: null,
    registration_number: null,
    closing_day: 31,
    payment_month_offset: 1,
    payment_day: 31,
    payment_terms: null,
    memo: null,
    bank_account: null,
    created_at: '2026-01-05T09:00:00+09:00',
    updated_at: '2026-02-10T09:00:00+09:00',
    ...overrides,
  };
}

export function page<T>(data: T[], meta: Partial<{ current_page: number; last_page: number; total: number }> = {}) {
  const current = meta.current_page ?? 1;
  const total = meta.total ?? data.length;
  const from = data.length ? (current - 1) * 20 + 1 : null;
  return {
    data,
    meta: {
      current_page: current,
      last_page: meta.last_page ?? Math.max(1, Math.ceil(total / 20)),
      per_page: 20,
      total,
      from,
      to: from === null ? null : from + data.length - 1,
    },
  };
}

/** The text box with this accessible name. */
export const textInput = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

/** The error message a field shows (through its aria-describedby), '' when there is none. */
export const errorOf = (el: HTMLElement) => {
  const id = el
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((x) => x.includes('error'));
  return id ? (document.getElementById(id)?.textContent ?? '') : '';
};

/** A company's profile as the API returns it: only a name and the fiscal year end (March); a test overrides the rest. */
export const companyProfile = (overrides: Record<string, unknown> = {}) => ({
  id: 1,
  name: '株式会社サンプル',
  name_kana: null,
  corporate_number: null,
  registration_number: null,
  representative_name: null,
  representative_name_kana: null,
  postal_code: null,
  prefecture_code: null,
  address1: null,
  address2: null,
  tel: null,
  email: null,
  capital: null,
  fiscal_year_end_month: 3,
  business_type: null,
  tax_office: null,
  updated_at: '2026-01-01T00:00:00Z',
  ...overrides,
});
