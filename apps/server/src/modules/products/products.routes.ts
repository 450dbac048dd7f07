import { Readable } from 'node:stream';
import { PRODUCT_CSV_HEADER, productInput, productListQuery, TAX_CATEGORY_LABELS } from '@chobo/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { actionCtx } from '../../lib/context.js';
import { csvLine, csvWriter } from '../../lib/csv.js';
import { notFound } from '../../lib/http-errors.js';
import { readUpload } from '../../lib/uploads.js';
import { companyScope, type RouteAccess } from '../../plugins/auth.js';
import { createProduct, deleteProduct, updateProduct } from './product-actions.js';
import { importProducts } from './product-import.js';
import { findProduct, listProducts, type ProductRow, productBatches, toProduct } from './products.queries.js';

/** `products.*` (the domain grant) covers every one of these. */
const access = (permission: string): { access: RouteAccess } => ({
  access: { roles: ['company', 'employee'], permission },
});
const tags = ['products'];
const LIST = '/api/products';
export const MAX_CSV_BYTES = 20 * 1024 * 1024;

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const downloadQuery = productListQuery.extend({
  encoding: z.enum(['utf8', 'sjis'], { error: '文字コードは utf8 または sjis で指定してください' }).default('utf8'),
});
const uploadQuery = z.object({ dry_run: z.enum(['0', '1', 'true', 'false']).optional() });

function productCsvRow(p: ProductRow) {
  return [
    p.code,
    p.name,
    p.unit,
    p.unit_price,
    TAX_CATEGORY_LABELS[p.tax_category as keyof typeof TAX_CATEGORY_LABELS] ?? p.tax_category,
    p.description,
    p.is_active ? '有効' : '無効',
  ];
}

/** products.csv as a stream: the header, then the matching products fetched batch by batch. */
export function productCsvStream(db: DbOrTx, companyId: number, keyword: string, encoding: 'utf8' | 'sjis') {
  const w = csvWriter(encoding);
  async function* chunks() {
    yield Buffer.concat([w.bom, w.encode(csvLine(PRODUCT_CSV_HEADER, w.eol))]);
    for await (const batch of productBatches(db, companyId, keyword)) {
      yield w.encode(batch.map((p) => csvLine(productCsvRow(p), w.eol)).join(''));
    }
  }
  // byte mode with a small buffer: at most one batch is read ahead of what the client has taken
  return Readable.from(chunks(), { objectMode: false, highWaterMark: 64 * 1024 });
}

export async function productRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    LIST,
    { config: access('products.index'), schema: { tags, summary: '商品の一覧', querystring: productListQuery } },
    async (req) => listProducts(app.deps.db, await companyScope(req, { write: false }), req.query),
  );

  r.post(
    LIST,
    { config: access('products.create'), schema: { tags, summary: '商品の登録', body: productInput } },
    async (req, reply) => {
      const companyId = await companyScope(req, { write: true });
      const data = await createProduct({ ctx: actionCtx(req, companyId), input: req.body });
      return reply.status(201).send({ data });
    },
  );

  r.get(
    `${LIST}/:id`,
    { config: access('products.index'), schema: { tags, summary: '商品の詳細', params: idParams } },
    async (req) => {
      const companyId = await companyScope(req, { write: false });
      const row = await findProduct(app.deps.db, companyId, req.params.id);
      if (!row) throw notFound('商品が見つかりません');
      return { data: toProduct(row) };
    },
  );

  for (const method of ['PUT', 'PATCH'] as const) {
    r.route({
      method,
      url: `${LIST}/:id`,
      config: access('products.update'),
      schema: { tags, summary: '商品の更新', params: idParams, body: productInput },
      handler: async (req) => {
        const companyId = await companyScope(req, { write: true });
        return { data: await updateProduct({ ctx: actionCtx(req, companyId), id: req.params.id, input: req.body }) };
      },
    });
  }

  r.delete(
    `${LIST}/:id`,
    { config: access('products.delete'), schema: { tags, summary: '商品の削除', params: idParams } },
    async (req, reply) => {
      const companyId = await companyScope(req, { write: true });
      await deleteProduct({ ctx: actionCtx(req, companyId), id: req.params.id });
      return reply.status(204).send();
    },
  );

  r.get(
    '/api/product-download',
    {
      config: access('products.download'),
      schema: {
        tags,
        summary: '商品CSVのダウンロード（UTF-8 BOM付き、encoding=sjis で Shift_JIS）',
        querystring: downloadQuery,
      },
    },
    async (req, reply) => {
      const companyId = await companyScope(req, { write: false });
      const { keyword, encoding } = req.query;
      reply
        .header('Content-Type', `text/csv; charset=${encoding === 'sjis' ? 'Shift_JIS' : 'utf-8'}`)
        .header('Content-Disposition', 'attachment; filename="products.csv"')
        .header('Cache-Control', 'no-store');
      return reply.send(productCsvStream(app.deps.db, companyId, keyword, encoding));
    },
  );

  r.post(
    '/api/product-upload',
    {
      config: access('products.upload'),
      schema: { tags, summary: '商品CSVのアップロード（dry_run=1 でプレビュー）', querystring: uploadQuery },
    },
    async (req) => {
      const companyId = await companyScope(req, { write: true });
      const upload = await readUpload(req, { maxBytes: MAX_CSV_BYTES, kinds: ['text'] });
      const dryRun = req.query.dry_run === '1' || req.query.dry_run === 'true';
      const data = await importProducts({
        ctx: actionCtx(req, companyId),
        buffer: upload.buffer,
        filename: upload.filename,
        dryRun,
      });
      return { data };
    },
  );
}
