/**
 * Demo OCR書類 of the demo company, one per status: three receipts / invoices of real demo suppliers left
 * 0 待機中 (the server reads them with the real engine right after start-up: `requeueWaitingOcr`, so the
 * list shows them 処理中 → 完了), one unreadable PDF 3 失敗, and one 4 登録済 linked to the latest demo
 * 発注取引 (its fields as the extractor reads the drawn text). The images are drawn like the benchmark's
 * fixtures (small receipts: fast to seed).
 */
import { addDays, extractFieldsFromText, todayInTokyo } from '@chobo/core';
import { and, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Tenant } from '../../lib/context.js';
import type { FileStorage } from '../../lib/storage.js';
import { newStorageKey } from '../../lib/storage.js';
import { type FixtureSpec, fixtureSpecs } from '../../modules/ocr-documents/ocr-fixtures.js';
import { sha256Hex } from '../../modules/transaction-documents/transaction-document-actions.js';
import { customers, ocrDocuments, transactionDocuments } from '../schema/index.js';
import { type DemoFiles, localDemoFiles } from './demo-files.js';

const BROKEN_PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/**
 * The three images of real demo suppliers, asked for as soon as the suppliers exist (drawn by the seed's
 * worker while the demo year is written); seedDemoOcr stores them.
 */
export async function drawDemoOcrImages(tenant: Tenant, files: DemoFiles) {
  const suppliers = await tenant.db
    .select({ name: customers.name, reg: customers.registration_number, tel: customers.tel })
    .from(customers)
    .where(
      and(
        eq(customers.company_id, tenant.companyId),
        inArray(customers.used_for, [2, 3]),
        isNotNull(customers.registration_number),
        isNotNull(customers.tel),
        isNull(customers.deleted_at),
      ),
    )
    .orderBy(customers.id)
    .limit(3);
  const base = fixtureSpecs(4, 4242).filter((s) => s.format !== 'pdf');
  const today = todayInTokyo();
  const specs: FixtureSpec[] = suppliers.map((s, i) => {
    const spec = base[i % base.length];
    // received in the last days, like the documents a company has just been sent
    const transaction_date = addDays(today, -(2 + 4 * i));
    return {
      ...spec,
      layout: i === 1 ? 'receipt' : spec.layout === 'receipt' ? 'invoice' : spec.layout,
      rotation: 0,
      noise: 0,
      dpi: 200,
      format: 'png',
      truth: {
        ...spec.truth,
        transaction_date,
        issuer_name: s.name,
        registration_number: s.reg as string,
        phone: s.tel as string,
      },
    };
  });
  return specs.map((spec, i) => {
    const drawn = files.ocr(spec, i + 1).then((f) => ({ spec, ...f }));
    drawn.catch(() => {}); // awaited by seedDemoOcr; not an unhandled rejection meanwhile
    return drawn;
  });
}

export async function seedDemoOcr(
  tenant: Tenant,
  storage: FileStorage,
  files: DemoFiles = localDemoFiles(),
  images?: Awaited<ReturnType<typeof drawDemoOcrImages>>,
) {
  const db = tenant.db;
  const base = fixtureSpecs(4, 4242).filter((s) => s.format !== 'pdf');
  const store = async (prefix: string, bytes: Buffer, ext: string) => {
    const key = newStorageKey(`ocr-documents/${tenant.companyId}/${prefix}`, ext);
    await storage.put(key, bytes);
    return key;
  };
  for (const drawing of images ?? (await drawDemoOcrImages(tenant, files))) {
    const { spec, ...f } = await drawing;
    await db.insert(ocrDocuments).values({
      company_id: tenant.companyId,
      file_name: `${spec.truth.document_type === 5 ? '領収書' : '請求書'}_${spec.truth.issuer_name}.png`,
      content_type: 'image/png',
      size: f.bytes.length,
      sha256: sha256Hex(f.bytes),
      storage_key: await store('demo', f.bytes, '.png'),
    });
  }
  await db.insert(ocrDocuments).values({
    company_id: tenant.companyId,
    status: 3,
    error: 'ファイルを画像として読み込めませんでした',
    file_name: 'スキャン_破損.pdf',
    content_type: 'application/pdf',
    size: BROKEN_PDF.length,
    sha256: sha256Hex(BROKEN_PDF),
    storage_key: await store('demo', BROKEN_PDF, '.pdf'),
    finished_at: new Date(),
  });

  // 登録済: the latest demo 請求書 of a supplier, as if it had come in through OCR
  const [td] = await db
    .select({
      id: transactionDocuments.id,
      date: transactionDocuments.transaction_date,
      amount: transactionDocuments.amount,
      taxes: transactionDocuments.taxes,
      reg: transactionDocuments.registration_number,
      name: customers.name,
      tel: customers.tel,
    })
    .from(transactionDocuments)
    .innerJoin(customers, eq(customers.id, transactionDocuments.customer_id))
    .where(
      and(
        eq(transactionDocuments.company_id, tenant.companyId),
        eq(transactionDocuments.document_type, 4),
        isNotNull(transactionDocuments.registration_number),
        isNotNull(customers.tel),
      ),
    )
    .orderBy(desc(transactionDocuments.transaction_date))
    .limit(1);
  if (!td) return;
  const taxes = (td.taxes as { tax_category: string; base: number; tax: number }[]).filter(
    (t): t is { tax_category: '10' | '8'; base: number; tax: number } =>
      t.tax_category === '10' || t.tax_category === '8',
  );
  const spec: FixtureSpec = {
    ...base[0],
    layout: 'invoice',
    included: false,
    rotation: 0,
    noise: 0,
    dpi: 200,
    format: 'png',
    items: taxes.map((t) => ({
      name: t.tax_category === '8' ? '食品' : '商品',
      qty: 1,
      amount: t.base,
      reduced: t.tax_category === '8',
    })),
    truth: {
      issuer_name: td.name,
      registration_number: td.reg as string,
      transaction_date: td.date,
      total: td.amount,
      taxes,
      phone: td.tel as string,
      document_type: 4,
    },
  };
  const f = await files.ocr(spec, 99);
  const read = extractFieldsFromText(f.text);
  await db.insert(ocrDocuments).values({
    company_id: tenant.companyId,
    status: 4,
    progress: 100,
    file_name: `請求書_${td.name}.png`,
    content_type: 'image/png',
    size: f.bytes.length,
    sha256: sha256Hex(f.bytes),
    storage_key: await store('demo', f.bytes, '.png'),
    text: f.text,
    fields: read,
    transaction_document_id: td.id,
    finished_at: new Date(),
  });
}
