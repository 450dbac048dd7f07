import { dataOf, noContentDto, versioned } from '@chobo/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { CompanyCtx } from '../../../lib/context.js';
import { notFound } from '../../../lib/http-errors.js';
import { companyRoute } from '../../../lib/tenant-route.js';
import { config, idParams, tags } from './shared.js';

/** The five routes of a company resource kept as a list (bank accounts, rules, column mappings). */
export interface CrudResource<I extends z.ZodType<Record<string, unknown>>, D extends z.ZodType> {
  url: string;
  input: I;
  dto: D;
  /** 404 of GET {url}/{id}. */
  notFound: string;
  /** The OpenAPI summaries: list, create, read, update, delete. */
  summaries: [string, string, string, string, string];
  list(ctx: CompanyCtx): Promise<z.output<D>[]>;
  create(args: { ctx: CompanyCtx; input: z.output<I> }): Promise<z.output<D>>;
  load(ctx: CompanyCtx, id: number): Promise<z.output<D> | null>;
  update(args: { ctx: CompanyCtx; input: z.output<I> & { id: number; updated_at: string } }): Promise<z.output<D>>;
  remove(args: { ctx: CompanyCtx; input: { id: number } }): Promise<unknown>;
  /** Routes registered between create and read (e.g. a preview of the input). */
  more?(app: FastifyInstance): void;
}

/** GET and POST {url}, GET / PUT (versioned) / DELETE {url}/{id}: 200, 201, 200, 200, 204. */
export function crudRoutes<I extends z.ZodType<Record<string, unknown>>, D extends z.ZodType>(
  app: FastifyInstance,
  res: CrudResource<I, D>,
) {
  const [list, create, read, update, remove] = res.summaries;
  const one = `${res.url}/:id`;
  companyRoute(
    app,
    {
      method: 'GET',
      url: res.url,
      config,
      schema: { tags, summary: list, response: { 200: dataOf(z.array(res.dto)) } },
    },
    async ({ ctx }) => ({ data: await res.list(ctx) }),
  );
  companyRoute(
    app,
    {
      method: 'POST',
      url: res.url,
      config,
      schema: { tags, summary: create, body: res.input, response: { 201: dataOf(res.dto) } },
    },
    async ({ ctx, req, reply }) =>
      reply.code(201).send({ data: await res.create({ ctx, input: req.body as z.output<I> }) }),
  );
  res.more?.(app);
  companyRoute(
    app,
    {
      method: 'GET',
      url: one,
      config,
      schema: { tags, summary: read, params: idParams, response: { 200: dataOf(res.dto) } },
    },
    async ({ ctx, req }) => {
      const data = await res.load(ctx, req.params.id);
      if (!data) throw notFound(res.notFound);
      return { data };
    },
  );
  companyRoute(
    app,
    {
      method: 'PUT',
      url: one,
      config,
      schema: {
        tags,
        summary: update,
        params: idParams,
        body: versioned(res.input),
        response: { 200: dataOf(res.dto) },
      },
    },
    async ({ ctx, req }) => {
      const body = req.body as z.output<I> & { updated_at: string };
      return { data: await res.update({ ctx, input: { ...body, id: req.params.id } }) };
    },
  );
  companyRoute(
    app,
    {
      method: 'DELETE',
      url: one,
      config,
      schema: { tags, summary: remove, params: idParams, response: { 204: noContentDto } },
    },
    async ({ ctx, req, reply }) => {
      await res.remove({ ctx, input: { id: req.params.id } });
      return reply.code(204).send();
    },
  );
}
