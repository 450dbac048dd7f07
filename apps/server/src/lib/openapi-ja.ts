/**
 * /api/docs in Japanese: operation groups (tags) with Japanese names, and every operation without its own
 * description gets one saying who may call it (from the route's access rule). Also the Content Security
 * Policy of the Swagger UI pages, scoped to /api/docs (the app's own CSP stays strict elsewhere).
 */
import type { FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { RouteAccess } from '../plugins/auth.js';

export const TAG_NAMES_JA: Record<string, string> = {
  system: 'システム',
  reference: '参照データ（都道府県・郵便番号）',
  auth: '認証',
  register: '登録',
  'account-settings': 'アカウント設定',
  'company-profile': '会社情報',
  dashboard: 'ホーム',
  customers: '顧客',
  products: '商品',
  transactions: '受注取引',
  invoices: '請求書',
  accounting: '会計帳簿',
  employees: '従業員',
  infos: 'お知らせ',
  'audit-logs': '操作ログ',
  'admin-companies': '企業（管理者）',
  'admin-dashboard': '管理者ホーム',
  admins: '管理者',
  'admin-invitations': '管理者の招待',
  'company-invitations': '企業の招待',
  domains: 'ドメイン',
  settings: 'システム設定',
};

const ROLE_NAMES: Record<string, string> = { admin: '管理者', company: '企業ユーザー', employee: '従業員' };

/** Who may call a route, in Japanese. */
export function accessText(access: RouteAccess | undefined): string {
  if (!access) return '';
  if (access.public) return 'ログイン不要。';
  const roles = (access.roles ?? ['admin', 'company', 'employee']).filter(
    (r) => r !== 'admin' || !access.adminPermission,
  );
  const who = roles.map((r) => ROLE_NAMES[r] ?? r).join('・');
  const perm = access.permission ? `（権限 ${access.permission}）` : '';
  const admin = access.adminPermission
    ? ` 管理者は権限 ${access.adminPermission} で company_id を指定して閲覧のみ（GET 以外は 403）。`
    : '';
  return `利用できる人: ${who}${perm}。${admin}`.trim();
}

/**
 * A stable operationId from the method and the path: `GET /api/company/customer/:id` →
 * `getCompanyCustomerById`. Routes may name their own (`schema.operationId`); the lint test checks that
 * every id is unique.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\/?/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((part) => (part.startsWith(':') ? ['by', ...part.slice(1).split(/[-_]/)] : part.split(/[-_.]/)));
  const camel = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
  return `${method.toLowerCase()}${camel}`;
}

type Operations = Record<string, Record<string, { operationId?: string }>>;

/**
 * Every operation gets its operationId here, over the whole document: one route may serve two methods
 * (PUT and PATCH), which the per-route transform cannot tell apart. The id is the method and the path.
 */
export function withOperationIds<T extends { paths?: unknown }>(doc: T): T {
  for (const [path, methods] of Object.entries((doc.paths ?? {}) as Operations)) {
    for (const [method, op] of Object.entries(methods)) {
      // PUT and PATCH of one route share one object: each gets its own copy
      methods[method] = { ...op, operationId: operationIdOf(method, path.replace(/\{(\w+)\}/g, ':$1')) };
    }
  }
  return doc;
}

type JsonNode = { [key: string]: unknown };

/**
 * OpenAPI 3.0 allows `nullable` only beside a `type`; zod's `.nullable()` of a union gives
 * `{ anyOf: [...], nullable: true }`. Each branch becomes nullable instead, which means the same.
 */
export function nullableBesideType(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullableBesideType);
  if (!node || typeof node !== 'object') return node;
  const out: JsonNode = {};
  for (const [key, value] of Object.entries(node as JsonNode)) out[key] = nullableBesideType(value);
  if (out.nullable === true && out.type === undefined) {
    const branches = (out.anyOf ?? out.oneOf) as JsonNode[] | undefined;
    delete out.nullable;
    if (branches) {
      const key = out.anyOf ? 'anyOf' : 'oneOf';
      out[key] = branches.map((b) => (b.type !== undefined ? { ...b, nullable: true } : b));
    }
  }
  return out;
}

/** The swagger transform: zod → JSON schema, then Japanese tags and descriptions. */
export const japaneseDocTransform: typeof jsonSchemaTransform = (args) => {
  const out = jsonSchemaTransform(args);
  const schema = nullableBesideType(out.schema) as FastifySchema & {
    tags?: string[];
    summary?: string;
    description?: string;
  };
  const access = (args.route.config as { access?: RouteAccess } | undefined)?.access;
  const tags = schema.tags?.map((t) => TAG_NAMES_JA[t] ?? t);
  const who = accessText(access);
  const description = schema.description
    ? `${schema.description}${who ? `\n\n${who}` : ''}`
    : [schema.summary ? `${schema.summary}。` : '', who].filter(Boolean).join('\n\n');
  return { ...out, schema: { ...schema, ...(tags ? { tags } : {}), ...(description ? { description } : {}) } };
};

/**
 * The CSP of the Swagger UI pages only: its bundle sets inline styles (style-src 'unsafe-inline'), loads
 * its scripts from /api/docs/static and its document from /api/openapi.json; nothing from elsewhere.
 */
export const DOCS_CSP: Record<string, string | string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
};
