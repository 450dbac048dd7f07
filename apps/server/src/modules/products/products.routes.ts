import { Readable } from 'node:stream';
import {
  dataOf,
  idParams,
  noContentDto,
  PRODUCT_CSV_HEADER,
  pageOf,
  productDto,
  productInput,
  productListQuery,
  productUploadReportDto,
  TAX_CATEGORY_LABELS,
  versioned,
} from '@chobo/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Tenant } from '../../lib/context.js';
import { csvLine, csvWriter } from '../../lib/csv.js';
import { notFound } from '../../lib/http-errors.js';
import { fileResponse } from '../../lib/responses.js';
import { csvType, sendFile } from '../../lib/send-file.js';
import { companyRoute } from '../../lib/tenant-route.js';
import { readUpload } from '../../lib/uploads.js';
import type { RouteAccess } from '../../plugins/auth.js';
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
export function productCsvStream(tenant: Tenant, keyword: string, encoding: 'utf8' | 'sjis') {
  const { db, companyId } = tenant;
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

  companyRoute(
    r,
    {
      method: 'GET',
      url: LIST,
      config: access('products.index'),
      schema: { tags, summary: '商品の一覧', response: { 200: pageOf(productDto) }, querystring: productListQuery },
    },
    async ({ ctx, req }) => listProducts(ctx, req.query),
  );

  companyRoute(
    r,
    {
      method: 'POST',
      url: LIST,
      config: access('products.create'),
      schema: { tags, summary: '商品の登録', response: { 201: dataOf(productDto) }, body: productInput },
    },
    async ({ ctx, req, reply }) => {
      const data = await createProduct({ ctx, input: req.body });
      return reply.status(201).send({ data });
    },
  );

  companyRoute(
    r,
    {
      method: 'GET',
      url: `${LIST}/:id`,
      config: access('products.index'),
      schema: { tags, summary: '商品の詳細', response: { 200: dataOf(productDto) }, params: idParams },
    },
    async ({ ctx, req }) => {
      const row = await findProduct(ctx, req.params.id);
      if (!row) throw notFound('商品が見つかりません');
      return { data: toProduct(row) };
    },
  );

  for (const method of ['PUT', 'PATCH'] as const) {
    companyRoute(
      r,
      {
        method,
        url: `${LIST}/:id`,
        config: access('products.update'),
        schema: {
          tags,
          summary: '商品の更新',
          response: { 200: dataOf(productDto) },
          params: idParams,
          body: versioned(productInput),
        },
      },
      async ({ ctx, req }) => ({
        data: await updateProduct({ ctx, input: { ...req.body, id: req.params.id } }),
      }),
    );
  }

  companyRoute(
    r,
    {
      method: 'DELETE',
      url: `${LIST}/:id`,
      config: access('products.delete'),
      schema: { tags, summary: '商品の削除', response: { 204: noContentDto }, params: idParams },
    },
    async ({ ctx, req, reply }) => {
      await deleteProduct({ ctx, input: { id: req.params.id } });
      return reply.status(204).send();
    },
  );

  companyRoute(
    r,
    {
      method: 'GET',
      url: '/api/product-download',
      config: access('products.download'),
      schema: {
        tags,
        summary: '商品CSVのダウンロード（UTF-8 BOM付き、encoding=sjis で Shift_JIS）',
        response: { 200: fileResponse(['text/csv'], 'products.csv') },
        querystring: downloadQuery,
      },
    },
    async ({ ctx, req, reply }) => {
      const { keyword, encoding } = req.query;
      return sendFile(reply, productCsvStream(ctx, keyword, encoding), {
        type: csvType(encoding),
        name: 'products.csv',
      });
    },
  );

  companyRoute(
    r,
    {
      method: 'POST',
      url: '/api/product-upload',
      config: access('products.upload'),
      schema: {
        tags,
        summary: '商品CSVのアップロード（dry_run=1 でプレビュー）',
        consumes: ['multipart/form-data'],
        response: { 200: dataOf(productUploadReportDto) },
        querystring: uploadQuery,
      },
    },
    async ({ ctx, req }) => {
      const upload = await readUpload(req, { maxBytes: MAX_CSV_BYTES, kinds: ['text'] });
      const dryRun = req.query.dry_run === '1' || req.query.dry_run === 'true';
      const data = await importProducts({
        ctx,
        input: { buffer: upload.buffer, filename: upload.filename, dryRun },
      });
      return { data };
    },
  );
}
