import { companyIdQuery, dataOf, idParams, noContentDto, pageOf, versioned } from '@chobo/core';
import type { FastifyInstance, FastifyReply, HTTPMethods } from 'fastify';
import { z } from 'zod';
import type { RouteAccess } from '../plugins/auth.js';
import type { CompanyCtx, Ctx } from './context.js';
import { notFound } from './http-errors.js';
import { csvType, sendFile } from './send-file.js';
import { companyRoute, requestCtx } from './tenant-route.js';

/**
 * The five routes of a resource — GET and POST {url}, GET / PUT (versioned; PATCH too unless told) / DELETE
 * {url}/{id}, answering 200, 201, 200, 200, 204 — declared once. `scope: 'company'` registers them with
 * companyRoute (the tenant resolved once, admins read-only where the access grants them); `scope: 'admin'`
 * for the platform's own resources (domains, notices, administrators, companies).
 */
type Scope = 'company' | 'admin';
type ScopeCtx<S extends Scope> = S extends 'company' ? CompanyCtx : Ctx;
type Versioned = { id: number; updated_at: string };

/** A paged list (`pageOf(dto)`, with its query), or the whole list as `{ data: [...] }`. */
export type CrudList<S extends Scope, _D extends z.ZodType, Q extends z.ZodType> =
  | {
      query: Q;
      /** The page (or its JSON text sent on reply) — also whatever else the list answers, such as a CSV. */
      run(args: { ctx: ScopeCtx<S>; query: z.output<Q>; reply: FastifyReply }): Promise<unknown>;
      /** `format=csv` answers this file instead of the page (the query's `encoding` picks UTF-8 or Shift_JIS). */
      csv?: { name: string; fallback: string; body(ctx: ScopeCtx<S>, query: z.output<Q>): unknown };
    }
  | { all(ctx: ScopeCtx<S>): Promise<unknown[]> };

export interface CrudResource<
  S extends Scope,
  I extends z.ZodType<Record<string, unknown>>,
  D extends z.ZodType,
  Q extends z.ZodType,
> {
  scope: S;
  url: string;
  config: { access: RouteAccess };
  tags: string[];
  input: I;
  /** The update body before `versioned` when it differs from the create body. */
  updateInput?: z.ZodType<Record<string, unknown>>;
  dto: D;
  /** 404 of GET {url}/{id}. */
  notFound: string;
  /** The OpenAPI summaries: list, create, read, update, delete. */
  summaries: [list: string, create: string | null, read: string, update: string, remove?: string];
  list: CrudList<S, D, Q>;
  /** More answers of the POST beside its 201 (e.g. a 409 with its own body). */
  createResponses?: Record<string, z.ZodType>;
  /** Omitted: the resource has no POST (its records come from elsewhere, e.g. invitations). */
  create?(args: { ctx: ScopeCtx<S>; input: z.output<I> }): Promise<unknown>;
  /** The record as the dto answers it, or null/undefined when there is none (404). */
  load(ctx: ScopeCtx<S>, id: number): Promise<unknown>;
  update(args: { ctx: ScopeCtx<S>; input: z.output<I> & Versioned }): Promise<unknown>;
  /** Omitted: the resource has no DELETE. */
  remove?(args: { ctx: ScopeCtx<S>; input: { id: number } }): Promise<unknown>;
  /** Default PUT and PATCH. */
  updateMethods?: HTTPMethods[];
  /** Admins may read one record of a company (GET {url}/{id}?company_id=). */
  adminReads?: boolean;
  /** Routes registered between create and read (e.g. a preview of the input, /{url}/summary). */
  more?(app: FastifyInstance): void;
}

type Handler<S extends Scope> = (args: {
  ctx: ScopeCtx<S>;
  // biome-ignore lint/suspicious/noExplicitAny: the body, query and params are typed by the resource's schemas
  req: { body: any; query: any; params: { id: number } };
  reply: FastifyReply;
}) => Promise<unknown>;

function register<S extends Scope>(
  app: FastifyInstance,
  scope: S,
  opts: { method: HTTPMethods | HTTPMethods[]; url: string; config: { access: RouteAccess }; schema: object },
  fn: Handler<S>,
) {
  if (scope === 'company') {
    companyRoute(app, opts, fn as never);
    return;
  }
  app.route({
    ...opts,
    handler: (req, reply) => fn({ ctx: requestCtx(req) as ScopeCtx<S>, req: req as never, reply }),
  });
}

export function crudRoutes<
  S extends Scope,
  I extends z.ZodType<Record<string, unknown>>,
  D extends z.ZodType,
  Q extends z.ZodType,
>(app: FastifyInstance, res: CrudResource<S, I, D, Q>) {
  const [listSummary, createSummary, readSummary, updateSummary, removeSummary] = res.summaries;
  const { scope, config, tags } = res;
  const one = `${res.url}/:id`;
  const list = res.list;
  if ('query' in list) {
    register(
      app,
      scope,
      {
        method: 'GET',
        url: res.url,
        config,
        schema: { tags, summary: listSummary, querystring: list.query, response: { 200: pageOf(res.dto) } },
      },
      ({ ctx, req, reply }) => {
        const csv = list.csv;
        if (csv && req.query.format === 'csv') {
          return Promise.resolve(
            sendFile(reply, csv.body(ctx, req.query), {
              type: csvType(req.query.encoding),
              name: csv.name,
              fallback: csv.fallback,
            }),
          );
        }
        return list.run({ ctx, query: req.query, reply });
      },
    );
  } else {
    register(
      app,
      scope,
      {
        method: 'GET',
        url: res.url,
        config,
        schema: { tags, summary: listSummary, response: { 200: dataOf(z.array(res.dto)) } },
      },
      async ({ ctx }) => ({ data: await list.all(ctx) }),
    );
  }
  const create = res.create;
  if (create) {
    register(
      app,
      scope,
      {
        method: 'POST',
        url: res.url,
        config,
        schema: {
          tags,
          summary: createSummary,
          body: res.input,
          response: { 201: dataOf(res.dto), ...res.createResponses },
        },
      },
      async ({ ctx, req, reply }) => reply.code(201).send({ data: await create({ ctx, input: req.body }) }),
    );
  }
  res.more?.(app);
  register(
    app,
    scope,
    {
      method: 'GET',
      url: one,
      config,
      schema: {
        tags,
        summary: readSummary,
        params: idParams,
        ...(res.adminReads ? { querystring: companyIdQuery } : {}),
        response: { 200: dataOf(res.dto) },
      },
    },
    async ({ ctx, req }) => {
      const data = await res.load(ctx, req.params.id);
      if (!data) throw notFound(res.notFound);
      return { data };
    },
  );
  register(
    app,
    scope,
    {
      method: res.updateMethods ?? ['PUT', 'PATCH'],
      url: one,
      config,
      schema: {
        tags,
        summary: updateSummary,
        params: idParams,
        body: versioned(res.updateInput ?? res.input),
        response: { 200: dataOf(res.dto) },
      },
    },
    async ({ ctx, req }) => ({ data: await res.update({ ctx, input: { ...req.body, id: req.params.id } }) }),
  );
  const remove = res.remove;
  if (!remove) return;
  register(
    app,
    scope,
    {
      method: 'DELETE',
      url: one,
      config,
      schema: { tags, summary: removeSummary, params: idParams, response: { 204: noContentDto } },
    },
    async ({ ctx, req, reply }) => {
      await remove({ ctx, input: { id: req.params.id } });
      return reply.code(204).send();
    },
  );
}
