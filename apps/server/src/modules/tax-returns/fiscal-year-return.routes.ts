import { dataOf, idField } from '@chobo/core';
import { z } from 'zod';
import type { CompanyCtx } from '../../lib/context.js';
import { companyRoute, type ZodApp } from '../../lib/tenant-route.js';
import type { RouteAccess } from '../../plugins/auth.js';

type Z = z.ZodTypeAny;

const params = z.object({
  fiscal_year_id: idField('会計年度', '会計年度を指定してください'),
});

/** A route of the declaration: its summary, the body it takes (if any) and what it answers. */
interface Step<B extends Z | undefined, Run> {
  summary: string;
  body: B;
  response?: Z;
  run: Run;
}

/**
 * A return kept per fiscal year (法人税の確定申告書, 消費税の申告書): the same seven routes, declared once —
 * POST {base}/compute (pure), GET/PUT {settingsUrl}, GET/PUT {base}/:fiscal_year_id (409 on stale),
 * POST {base}/:fiscal_year_id/fill (from the books) and POST {base}/:fiscal_year_id/post-entry.
 */
export interface FiscalYearReturnSpec<CB extends Z, SB extends Z, DB extends Z, FB extends Z, EB extends Z> {
  config: { access: RouteAccess };
  tags: string[];
  base: string;
  settingsUrl: string;
  /** the answer of the draft routes (GET, PUT, post-entry; fill unless it names its own) */
  dto: Z;
  compute: Step<CB, (body: z.output<CB>) => unknown> & { response: Z };
  settings: {
    getSummary: string;
    putSummary: string;
    body: SB;
    response: Z;
    load: (ctx: CompanyCtx) => Promise<unknown>;
    save: (args: { ctx: CompanyCtx; input: z.output<SB> }) => Promise<unknown>;
  };
  load: { summary: string; run: (ctx: CompanyCtx, fiscalYearId: number) => Promise<unknown> };
  save: Step<DB, (ctx: CompanyCtx, fiscalYearId: number, body: z.output<DB>) => Promise<unknown>>;
  fill: Step<FB, (ctx: CompanyCtx, fiscalYearId: number, body: z.output<FB> | undefined) => Promise<unknown>>;
  postEntry: Step<EB, (ctx: CompanyCtx, fiscalYearId: number, body: z.output<EB>) => Promise<unknown>>;
}

export function fiscalYearReturnRoutes<CB extends Z, SB extends Z, DB extends Z, FB extends Z, EB extends Z>(
  r: ZodApp,
  s: FiscalYearReturnSpec<CB, SB, DB, FB, EB>,
): void {
  const { config, tags, base } = s;
  const data = (schema: Z) => ({ 200: dataOf(schema) });
  const route = (method: 'GET' | 'PUT' | 'POST', url: string, schema: Record<string, unknown>, fn: Handler) =>
    companyRoute(r, { method, url, config, schema: { tags, ...schema } }, async ({ ctx, req }) => ({
      data: await fn(ctx, req as unknown as Req),
    }));
  const fy = (req: Req) => req.params.fiscal_year_id;

  route(
    'POST',
    `${base}/compute`,
    { summary: s.compute.summary, body: s.compute.body, response: data(s.compute.response) },
    async (_, req) => s.compute.run(req.body as z.output<CB>),
  );
  route('GET', s.settingsUrl, { summary: s.settings.getSummary, response: data(s.settings.response) }, (ctx) =>
    s.settings.load(ctx),
  );
  route(
    'PUT',
    s.settingsUrl,
    { summary: s.settings.putSummary, body: s.settings.body, response: data(s.settings.response) },
    (ctx, req) => s.settings.save({ ctx, input: req.body as z.output<SB> }),
  );
  route('GET', `${base}/:fiscal_year_id`, { summary: s.load.summary, params, response: data(s.dto) }, (ctx, req) =>
    s.load.run(ctx, fy(req)),
  );
  const withBody = <B extends Z>(method: 'PUT' | 'POST', url: string, step: Step<B, BodyRun<B>>) =>
    route(
      method,
      url,
      { summary: step.summary, params, body: step.body, response: data(step.response ?? s.dto) },
      (ctx, req) => step.run(ctx, fy(req), req.body as z.output<B>),
    );
  withBody('PUT', `${base}/:fiscal_year_id`, s.save);
  withBody('POST', `${base}/:fiscal_year_id/fill`, s.fill);
  withBody('POST', `${base}/:fiscal_year_id/post-entry`, s.postEntry);
}

type Req = { params: { fiscal_year_id: number }; body: unknown };
type Handler = (ctx: CompanyCtx, req: Req) => unknown;
type BodyRun<B extends Z> = (ctx: CompanyCtx, fiscalYearId: number, body: z.output<B>) => Promise<unknown>;
