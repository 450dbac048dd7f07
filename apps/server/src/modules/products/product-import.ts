import {
  fieldErrors,
  PRODUCT_CSV_HEADER,
  type ProductUploadReport,
  type ProductUploadRowError,
  type ProductValues,
  parseActiveCell,
  parseTaxCategoryCell,
  productInput,
} from '@chobo/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { products } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import type { ActionArgs, CompanyCtx } from '../../lib/context.js';
import { decodeCsv, parseCsv } from '../../lib/csv.js';
import { unprocessable } from '../../lib/http-errors.js';

export const MAX_IMPORT_ROWS = 100_000;
const PREVIEW_ROWS = 200;
const MAX_REPORTED_ERRORS = 500;
const FIELD_LABELS: Record<string, string> = {
  code: '商品コード',
  name: '商品名',
  unit: '単位',
  unit_price: '単価',
  tax_category: '税区分',
  description: '説明',
  is_active: '有効',
};

interface ParsedRow {
  line: number;
  values: ProductValues;
}

/** Reads and checks every row of an uploaded products CSV; nothing is written. */
export function parseProductCsv(buf: Buffer) {
  const { text, encoding } = decodeCsv(buf);
  const records = parseCsv(text);
  const header = (records[0] ?? []).map((h) => h.trim());
  if (PRODUCT_CSV_HEADER.some((h, i) => header[i] !== h)) {
    const message = `1行目の見出しが正しくありません。「${PRODUCT_CSV_HEADER.join(',')}」の順に並べてください`;
    throw unprocessable({ file: [message] }, message);
  }
  const body = records.slice(1);
  if (body.length === 0) throw unprocessable({ file: ['商品の行がありません'] }, '商品の行がありません');
  if (body.length > MAX_IMPORT_ROWS) {
    const message = `一度に取り込めるのは${MAX_IMPORT_ROWS.toLocaleString('en-IN')}行までです`;
    throw unprocessable({ file: [message] }, message);
  }
  const rows: ParsedRow[] = [];
  const errors: ProductUploadRowError[] = [];
  const seen = new Map<string, number>();
  body.forEach((cells, index) => {
    const line = index + 2;
    const [code = '', name = '', unit = '', price = '', tax = '', description = '', active = ''] = cells;
    const messages: string[] = [];
    if (cells.length > PRODUCT_CSV_HEADER.length && cells.slice(PRODUCT_CSV_HEADER.length).some((c) => c !== '')) {
      messages.push(`列が多すぎます（${PRODUCT_CSV_HEADER.length}列まで）`);
    }
    const taxCategory = parseTaxCategoryCell(tax);
    const isActive = parseActiveCell(active);
    const parsed = productInput.safeParse({
      code,
      name,
      unit,
      unit_price: /^\s*-?[\d,]+\s*$/.test(price) ? price.replace(/[,\s]/g, '') : price === '' ? undefined : 'x',
      tax_category: taxCategory ?? tax,
      description,
      is_active: isActive ?? 'x',
    });
    if (!parsed.success) {
      for (const [field, list] of Object.entries(fieldErrors(parsed.error.issues))) {
        if (field === 'tax_category')
          messages.push('税区分は「10%」「8%（軽減）」「非課税」「対象外」のいずれかを入力してください');
        else if (field === 'is_active') messages.push('有効は「有効」または「無効」を入力してください');
        else if (field === 'unit_price' && price.trim() === '') messages.push('単価を入力してください');
        else
          messages.push(
            ...list.map((m) =>
              m.startsWith(FIELD_LABELS[field] ?? '\0') ? m : `${FIELD_LABELS[field] ?? field}: ${m}`,
            ),
          );
      }
    }
    const trimmedCode = code.trim();
    if (trimmedCode) {
      const first = seen.get(trimmedCode);
      if (first) messages.push(`商品コード「${trimmedCode}」が${first}行目と重複しています`);
      else seen.set(trimmedCode, line);
    }
    if (messages.length > 0) errors.push({ line, code: trimmedCode || null, messages });
    else if (parsed.success) rows.push({ line, values: parsed.data });
  });
  return { encoding, total: body.length, rows, errors };
}

/**
 * The CSV upload: checks every row first; a file with any bad row imports nothing. Codes already present
 * update those products (upsert by code). With `dryRun` only the report is returned.
 */
export async function importProducts({
  ctx,
  input: { buffer, filename, dryRun },
}: ActionArgs<CompanyCtx, { buffer: Buffer; filename: string; dryRun: boolean }>): Promise<ProductUploadReport> {
  const { encoding, total, rows, errors } = parseProductCsv(buffer);
  const existing = new Set<string>();
  const codes = rows.map((r) => r.values.code);
  for (let i = 0; i < codes.length; i += 1000) {
    const found = await ctx.db
      .select({ code: products.code })
      .from(products)
      .where(and(eq(products.company_id, ctx.companyId), inArray(products.code, codes.slice(i, i + 1000))));
    for (const f of found) existing.add(f.code);
  }
  const report: ProductUploadReport = {
    dry_run: dryRun,
    encoding,
    total,
    added: rows.filter((r) => !existing.has(r.values.code)).length,
    updated: rows.filter((r) => existing.has(r.values.code)).length,
    errors: errors.slice(0, MAX_REPORTED_ERRORS),
    rows: rows.slice(0, PREVIEW_ROWS).map((r) => ({
      line: r.line,
      code: r.values.code,
      name: r.values.name,
      unit_price: r.values.unit_price,
      tax_category: r.values.tax_category,
      action: existing.has(r.values.code) ? 'update' : 'add',
    })),
  };
  if (errors.length > 0) {
    if (dryRun) return report;
    const summary = `${errors.length}行に誤りがあるため、取り込みませんでした`;
    throw unprocessable(
      {
        file: [summary],
        ...Object.fromEntries(report.errors.map((e) => [`line_${e.line}`, e.messages])),
      },
      `${summary}。誤りを直してから、もう一度アップロードしてください`,
    );
  }
  if (dryRun) return report;

  let added = 0;
  let updated = 0;
  await ctx.db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 500) {
      const chunk = rows.slice(i, i + 500).map((r) => ({ ...r.values, company_id: ctx.companyId }));
      const result = await tx
        .insert(products)
        .values(chunk)
        .onConflictDoUpdate({
          target: [products.company_id, products.code],
          set: {
            name: sql`excluded.name`,
            unit: sql`excluded.unit`,
            unit_price: sql`excluded.unit_price`,
            tax_category: sql`excluded.tax_category`,
            description: sql`excluded.description`,
            is_active: sql`excluded.is_active`,
            updated_at: sql`now()`,
          },
        })
        .returning({ inserted: sql<boolean>`(xmax = 0)` });
      for (const r of result) {
        if (r.inserted) added++;
        else updated++;
      }
    }
    await audit(tx, {
      actor: ctx.actor,
      companyId: ctx.companyId,
      action: 'product.import',
      targetType: 'product',
      after: { filename, encoding, rows: rows.length, added, updated },
    });
  });
  return { ...report, added, updated };
}
