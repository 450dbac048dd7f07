/**
 * Screenshots of the built app with a mocked API (no server needed):
 *   npm run build -w @chobo/web
 *   npx vite preview --config apps/web/vite.config.ts --port 4173 &   (from /work/main)
 *   node --import tsx/esm apps/web/scripts/screenshots.ts [baseUrl] [outDir]
 * Launches Debian's chromium through playwright-core (which gives every launch a fresh temporary profile);
 * /api/* is answered by context.route().
 */
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page, type Route } from 'playwright-core';

const BASE = process.argv[2] ?? 'http://127.0.0.1:4173';
const OUT = process.argv[3] ?? '/tmp';

const PERMS_COMPANY = [
  'customer.index',
  'transactions.index',
  'transaction-documents.index',
  'ocr-documents.index',
  'company-accountings.show',
  'products.*',
  'bank_statement.index',
  'attendance.index',
  'account.max-employee',
  'employees.index',
  'payment-management.index',
  'preparation-of-tax-return.index',
  'profile.update-name',
  'profile.update-email',
  'profile.update-password',
  'taxes.show',
  'data.expiration',
];

const companyMe = {
  user_id: 2,
  name: '佐藤 健一',
  email: 'owner@example.com',
  roles: ['company'],
  permissions: PERMS_COMPANY,
  expiration_year: 7,
  max_employee: 20,
  logo_data: null,
  company: { id: 1, name: '株式会社さくら商事' },
  domain: { id: 1, name: 'Chobo', logo_url: null, roles: [], permissions: PERMS_COMPANY },
};

const adminMe = {
  user_id: 1,
  name: '管理 花子',
  email: 'admin@example.com',
  roles: ['admin'],
  permissions: [
    'companies.index',
    'admin.index',
    'infos.index',
    'domains.index',
    'settings.index',
    'profile.update-name',
  ],
  expiration_year: null,
  max_employee: null,
  logo_data: null,
  company: null,
  domain: null,
};

const NAMES = [
  ['株式会社山田製作所', 'カブシキガイシャヤマダセイサクショ', '13', '千代田区丸の内1-1-1', '1000005', 1],
  ['有限会社青空商店', 'ユウゲンガイシャアオゾラショウテン', '27', '大阪市北区梅田2-4-9', '5300001', 2],
  ['合同会社みどりデザイン', 'ゴウドウガイシャミドリデザイン', '14', '横浜市西区みなとみらい3-3', '2200012', 3],
  ['株式会社北斗システム', 'カブシキガイシャホクトシステム', '01', '札幌市中央区北一条西2丁目', '0600001', 1],
  ['田中 一郎', 'タナカ イチロウ', '23', '名古屋市中区栄3-5-12', '4600008', 1],
  ['株式会社ひかり物流', 'カブシキガイシャヒカリブツリュウ', '40', '福岡市博多区博多駅前2-1-1', '8120011', 2],
  ['株式会社コスモ電機', 'カブシキガイシャコスモデンキ', '26', '京都市下京区烏丸通七条下ル', '6008216', 3],
  ['一般社団法人つばさ会', 'イッパンシャダンホウジンツバサカイ', '04', '仙台市青葉区中央1-3-1', '9800021', 1],
] as const;

const customers = Array.from({ length: 20 }, (_, i) => {
  const [name, kana, pref, address1, postal, usedFor] = NAMES[i % NAMES.length];
  return {
    id: 45 - i,
    company_id: 1,
    name: i < NAMES.length ? name : `${name}（${i + 1}）`,
    name_kana: kana,
    honorific: name.includes('株式会社') || name.includes('会社') || name.includes('法人') ? '御中' : '様',
    used_for: usedFor,
    postal_code: postal,
    prefecture_code: pref,
    address1,
    address2: null,
    tel: `0${3 + (i % 6)}-${1200 + i * 7}-${5600 + i * 13}`,
    mobile: null,
    fax: null,
    email: null,
    url: null,
    contact_person: '鈴木 花子',
    department: '経理部',
    registration_number: i % 3 === 0 ? 'T7000012050002' : null,
    closing_day: 31,
    payment_month_offset: 1,
    payment_day: 31,
    payment_terms: null,
    memo: null,
    created_at: '2026-01-05T09:00:00+09:00',
    updated_at: `2026-${String((i % 9) + 1).padStart(2, '0')}-1${i % 10}T10:00:00+09:00`,
  };
});

const PREFS: Record<string, string> = {
  '01': '北海道',
  '04': '宮城県',
  '13': '東京都',
  '14': '神奈川県',
  '23': '愛知県',
  '26': '京都府',
  '27': '大阪府',
  '40': '福岡県',
};

function fulfil(route: Route, body: unknown, status = 200) {
  return route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
}

async function mockApi(context: BrowserContext, me: unknown) {
  await context.route('**/api/**', (route) => {
    const url = new URL(route.request().url());
    const path = url.pathname;
    if (path === '/api/me') return fulfil(route, { data: me });
    if (path === '/api/prefectures') return fulfil(route, { data: PREFS });
    if (path === '/api/search-zipcode')
      return fulfil(route, {
        results: [
          { zipcode: '1000005', prefecture_code: '13', prefecture: '東京都', city: '千代田区', town: '丸の内' },
        ],
      });
    if (path === '/api/company/customer')
      return fulfil(route, {
        data: customers,
        meta: { current_page: 1, last_page: 3, per_page: 20, total: 45, from: 1, to: 20 },
      });
    const m = /^\/api\/company\/customer\/(\d+)$/.exec(path);
    if (m) return fulfil(route, { data: customers.find((c) => c.id === Number(m[1])) ?? customers[0] });
    return fulfil(route, { message: '見つかりません' }, 404);
  });
}

async function signedIn(context: BrowserContext) {
  await context.addInitScript(() => {
    localStorage.setItem(
      'tokenData',
      JSON.stringify({ token: 'demo-token', tokenExpires: Math.floor(Date.now() / 1000) + 3600 }),
    );
  });
}

async function shot(page: Page, path: string, file: string, waitFor?: string) {
  await page.goto(`${BASE}${path}`, { waitUntil: 'networkidle' });
  if (waitFor) await page.getByText(waitFor).first().waitFor({ timeout: 10_000 });
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(OUT, file), fullPage: true });
  console.log(`saved ${join(OUT, file)}`);
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
  const errors: string[] = [];
  try {
    const newContext = async (me: unknown, width = 1200) => {
      const context = await browser.newContext({ viewport: { width, height: 860 }, locale: 'ja-JP' });
      await mockApi(context, me);
      return context;
    };
    const watch = (page: Page) => {
      page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(`${page.url()}: ${msg.text()}`);
      });
    };

    const anon = await newContext(null);
    const p1 = await anon.newPage();
    watch(p1);
    await shot(p1, '/login', 'chobo-login.png', 'ログイン');
    await shot(p1, '/this/does/not/exist', 'chobo-404.png', 'This page could not be found');
    await shot(p1, '/api-settings', 'chobo-api-settings.png', 'API接続設定');
    await anon.close();

    const company = await newContext(companyMe);
    await signedIn(company);
    const p2 = await company.newPage();
    watch(p2);
    await shot(p2, '/company', 'chobo-company-home.png', 'データがまだありません');
    await shot(p2, '/company/customers', 'chobo-customers.png', '全45件中 1〜20件');
    await shot(p2, '/company/customers/create', 'chobo-customer-create.png', '基本情報');
    await p2.getByRole('textbox', { name: '郵便番号' }).fill('1000005');
    await p2.waitForTimeout(500);
    await p2.screenshot({ path: join(OUT, 'chobo-customer-create-zip.png'), fullPage: false });
    await shot(p2, '/company/customers/edit?id=44', 'chobo-customer-edit.png', '顧客の編集');
    await shot(p2, '/company/products', 'chobo-coming-soon.png', 'この機能は準備中です');
    await p2.getByRole('button', { name: 'アカウントメニュー' }).click();
    await p2.waitForTimeout(300);
    await p2.screenshot({ path: join(OUT, 'chobo-user-menu.png') });
    await company.close();

    const narrow = await newContext(companyMe, 700);
    await signedIn(narrow);
    const p3 = await narrow.newPage();
    watch(p3);
    await shot(p3, '/company/customers', 'chobo-narrow.png', '顧客管理');
    await p3.getByRole('button', { name: 'メニューを開く' }).click();
    await p3.waitForTimeout(300);
    await p3.screenshot({ path: join(OUT, 'chobo-narrow-menu.png') });
    await narrow.close();

    const admin = await newContext(adminMe);
    await signedIn(admin);
    const p4 = await admin.newPage();
    watch(p4);
    await shot(p4, '/system', 'chobo-admin-home.png', 'ようこそ');
    await shot(p4, '/system/companies/1/customers', 'chobo-admin-customers.png', '閲覧のみ');
    await shot(p4, '/company', 'chobo-forbidden.png', 'アクセス権限がありません');
    await admin.close();
  } finally {
    await browser.close();
  }
  if (errors.length) {
    console.log('browser errors:');
    for (const e of errors) console.log(`  ${e}`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
