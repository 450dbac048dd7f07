import { eq } from 'drizzle-orm';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  HTTPMethods,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companies } from '../db/schema/index.js';
import { type RouteAccess, requireAuth } from '../plugins/auth.js';
import { audit } from './audit.js';
import type { CompanyCtx, Ctx, UserCtx } from './context.js';
import { forbidden, notFound, unprocessable } from './http-errors.js';

/**
 * Tenant scoping by construction.
 *
 * A company route is any /api route open to company users or employees. It must be registered with
 * `companyRoute(...)`, which resolves the caller's company ONCE and hands the handler a CompanyCtx
 * (db, companyId, actor, deps) — the only value the company query helpers accept. The app refuses to
 * start when a company route is registered any other way (see `assertTenantRoute`), and the handler
 * modules never see a bare database handle or a company id taken from the request.
 *
 * Which company: company users and employees — their own, always. Platform admins (where the route
 * grants them an adminPermission) — read-only, the company named by the `company_id` query parameter;
 * any non-GET request by an admin is refused with 403.
 */

/** The app with the zod type provider (`app.withTypeProvider<ZodTypeProvider>()`): what route-registration helpers take. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** The request of a route with schema S (body, query and params typed from its zod schemas). */
export type SchemaRequest<S extends FastifySchema> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  S,
  ZodTypeProvider
>;

export type TenantHandler<S extends FastifySchema, R> = (args: {
  ctx: CompanyCtx;
  req: SchemaRequest<S>;
  reply: FastifyReply;
}) => Promise<R>;

export interface CompanyRouteOptions<S extends FastifySchema> {
  method: HTTPMethods | HTTPMethods[];
  url: string;
  config: { access: RouteAccess };
  schema: S;
}

const wrapped = new WeakSet<object>();
const companyIdQuery = z.object({ company_id: z.coerce.number().int().positive().max(2_147_483_647) });
const READ_METHODS = new Set(['GET', 'HEAD']);

/** The actor and dependencies of any signed-in request (user-level routes, admin routes). */
export function requestCtx(req: FastifyRequest): Ctx {
  const auth = requireAuth(req);
  return { db: req.server.deps.db, deps: req.server.deps, actor: { userId: auth.userId, ip: req.ip } };
}

/** The ctx of a public route (sign-in, password reset, invitations): no user yet, the caller's IP. */
export function publicCtx(req: FastifyRequest): Ctx {
  return { db: req.server.deps.db, deps: req.server.deps, actor: { userId: req.auth?.userId ?? null, ip: req.ip } };
}

/** The ctx of a signed-in user's own actions. */
export function userCtx(req: FastifyRequest): UserCtx {
  return { ...requestCtx(req), auth: requireAuth(req) };
}

async function resolveCompanyId(req: FastifyRequest): Promise<{ companyId: number; readOnly: boolean }> {
  const auth = requireAuth(req);
  if (auth.role !== 'admin') {
    if (auth.companyId === null) throw forbidden();
    return { companyId: auth.companyId, readOnly: false };
  }
  if (!READ_METHODS.has(req.method)) throw forbidden('管理者は企業のデータを変更できません');
  const parsed = companyIdQuery.safeParse(req.query ?? {});
  if (!parsed.success) throw unprocessable({ company_id: ['企業を指定してください'] });
  const [company] = await req.server.deps.db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, parsed.data.company_id))
    .limit(1);
  if (!company) throw notFound('企業が見つかりません');
  return { companyId: company.id, readOnly: true };
}

/** The CompanyCtx of a request (used by companyRoute). */
export async function companyCtx(req: FastifyRequest): Promise<CompanyCtx> {
  const { companyId, readOnly } = await resolveCompanyId(req);
  return { ...requestCtx(req), companyId, readOnly } as CompanyCtx;
}

/**
 * Registers a company route: resolves the tenant once per request and calls `fn({ ctx, req, reply })`.
 * The only way to register a route open to company users or employees.
 */
export function companyRoute<S extends FastifySchema, R>(
  app: FastifyInstance | ZodApp,
  opts: CompanyRouteOptions<S>,
  fn: TenantHandler<S, R>,
): void {
  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    const ctx = await companyCtx(req);
    const result = await fn({ ctx, req: req as unknown as SchemaRequest<S>, reply });
    if (ctx.readOnly) await auditAdminRead(ctx, req, reply);
    return result;
  };
  wrapped.add(handler);
  (app as FastifyInstance).route({ ...opts, handler } as RouteOptions);
}

/**
 * A platform admin's successful read of a company's data goes into that company's own chain, so the company
 * sees it in its 操作ログ (運営者が閲覧 / 運営者がダウンロード for a file): the route, its parameters and
 * the query without company_id.
 */
async function auditAdminRead(ctx: CompanyCtx, req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const { company_id: _company, ...query } = (req.query ?? {}) as Record<string, unknown>;
  const params = (req.params ?? {}) as Record<string, unknown>;
  await audit(req.server.deps.db, {
    actor: ctx.actor,
    companyId: ctx.companyId,
    action: reply.hasHeader('content-disposition') ? 'admin.company_export' : 'admin.company_view',
    targetType: 'company',
    targetId: ctx.companyId,
    after: {
      route: `${req.method} ${req.routeOptions.url ?? req.url}`,
      ...(Object.keys(params).length > 0 ? { params } : {}),
      ...(Object.keys(query).length > 0 ? { query } : {}),
    },
  });
}

/** A route open to company users or employees reaches company data: it must be a tenant route. */
export function isCompanyRoute(access: RouteAccess | undefined): boolean {
  if (!access || access.public) return false;
  return access.roles?.some((r) => r === 'company' || r === 'employee') ?? false;
}

export function isTenantHandler(handler: unknown): boolean {
  return typeof handler === 'function' && wrapped.has(handler);
}

/** Called for every registered route (plugins/auth.ts): a company route not registered by companyRoute stops start-up. */
export function assertTenantRoute(route: RouteOptions): void {
  const access = route.config?.access;
  if (isCompanyRoute(access) && !isTenantHandler(route.handler)) {
    throw new Error(`company route ${String(route.method)} ${route.url} must be registered with companyRoute(...)`);
  }
}
