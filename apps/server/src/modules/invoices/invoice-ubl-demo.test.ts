import { checkEInvoice } from '@chobo/core';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  invoices,
  invoiceTransactions,
  transactionDocumentFiles,
  transactionDocuments,
  users,
} from '../../db/schema/index.js';
import { seedIfEmpty } from '../../db/seed/seed.js';
import { MemoryFileStorage } from '../../lib/storage.js';
import { client, signIn, useTestApp } from '../../test/harness.js';
import { fatalOnly, officialValidate, PEPPOL_MISSING, peppolZip } from '../../test/peppol.js';
import { readUblInvoice } from '../transaction-documents/ubl-read.js';

/**
 * Issue 30, done when: every invoice of the demo company — single, 合計 (summarised) and corrected — exports
 * through GET /api/invoices/{id}/ubl and passes the official JP PINT rules with 0 fatal findings, and core's
 * offline checker finds nothing either.
 */

const ctx = useTestApp();
const official = peppolZip() !== null;
if (!official) console.warn(`invoice-ubl-demo.test: official validation skipped — ${PEPPOL_MISSING}`);

const DEMO_PASSWORD = 'demo-pass-123';
// the seed's files, read back by the received e-invoices' test
const storage = new MemoryFileStorage();
let companyId = 0;
let token = '';

// the whole demo year is seeded first: minutes on a loaded 2-core machine
beforeAll(async () => {
  const seeded = await seedIfEmpty(ctx.db, {
    adminEmail: 'boss@example.com',
    adminPassword: 'admin-pass-123',
    demo: true,
    demoPassword: DEMO_PASSWORD,
    storage,
  });
  expect(seeded.created).toBe(true);
  const [owner] = await ctx.db.select().from(users).where(eq(users.email, 'owner@example.com'));
  companyId = owner.company_id as number;
  token = await signIn(ctx.app, owner.email, DEMO_PASSWORD);
}, 900_000);

type Kind = 'single' | 'summarised' | 'corrected';

describe('the demo company’s invoices as JP PINT e-invoices', { timeout: 900_000 }, () => {
  it('every one (single, 合計, corrected) exports and passes the official rules and core’s checker', async () => {
    const api = client(ctx.app, token);
    const sales = ctx.db
      .select({ invoice_id: invoiceTransactions.invoice_id, n: sql<number>`count(*)::int`.as('n') })
      .from(invoiceTransactions)
      .groupBy(invoiceTransactions.invoice_id)
      .as('sales');
    const list = await ctx.db
      .select({
        id: invoices.id,
        number: invoices.number,
        status: invoices.status,
        corrects_id: invoices.corrects_id,
        sales: sql<number>`coalesce(${sales.n}, 0)::int`,
      })
      .from(invoices)
      .leftJoin(sales, eq(sales.invoice_id, invoices.id))
      .where(eq(invoices.company_id, companyId))
      .orderBy(asc(invoices.id));
    expect(list.length).toBeGreaterThan(0);

    const kinds: Record<Kind, number> = { single: 0, summarised: 0, corrected: 0 };
    const failures: { number: number; kind: Kind; status: string; problem: unknown }[] = [];
    for (const inv of list) {
      const kind: Kind = inv.corrects_id ? 'corrected' : inv.sales > 1 ? 'summarised' : 'single';
      kinds[kind]++;
      const res = await api.get(`/api/invoices/${inv.id}/ubl`);
      if (res.statusCode !== 200) {
        failures.push({ number: inv.number, kind, status: inv.status, problem: `${res.statusCode} ${res.body}` });
        continue;
      }
      expect(res.headers['content-type']).toMatch(/^application\/xml/);
      const xml = res.body;
      const data = readUblInvoice(xml);
      if (!data) {
        failures.push({ number: inv.number, kind, status: inv.status, problem: 'not read back as UBL' });
        continue;
      }
      const core = checkEInvoice(data);
      if (core.length) failures.push({ number: inv.number, kind, status: inv.status, problem: { core } });
      if (kind === 'summarised') expect(data.lines.some((l) => l.period_start)).toBe(true);
      if (kind === 'corrected') expect(data.preceding?.number).toBeTruthy();
      if (official) {
        const fatal = fatalOnly(officialValidate(xml));
        if (fatal.length) failures.push({ number: inv.number, kind, status: inv.status, problem: { official: fatal } });
      }
    }
    console.info(
      `invoice-ubl-demo: ${list.length} invoices (${kinds.single} single, ${kinds.summarised} 合計, ${kinds.corrected} corrected), ${failures.length} failing`,
    );
    expect(failures).toEqual([]);
    // one customer is billed per delivery (demo-sales.ts): the single-sale form is there too
    expect(kinds.single).toBeGreaterThan(0);
    expect(kinds.summarised).toBeGreaterThan(0);
    expect(kinds.corrected).toBeGreaterThan(0);
  });

  it('the two e-invoices the demo received are stored with their XML: one clean, one 要確認 with its findings', async () => {
    const rows = await ctx.db
      .select()
      .from(transactionDocuments)
      .where(and(eq(transactionDocuments.company_id, companyId), isNotNull(transactionDocuments.einvoice_findings)))
      .orderBy(asc(transactionDocuments.id));
    expect(rows).toHaveLength(2);
    const [clean, broken] = rows;
    expect(clean.needs_review).toBe(false);
    expect(clean.einvoice_findings).toEqual([]);
    expect(clean.journal_entry_id).not.toBeNull();
    expect(broken.needs_review).toBe(true);
    const rules = (broken.einvoice_findings as { rule: string }[]).map((f) => f.rule);
    // no 登録番号, the 10% tax a yen off, no buyer
    expect(rules).toEqual(expect.arrayContaining(['aligned-ibr-jp-04', 'ibr-081', 'aligned-ibrp-051-jp', 'ibr-080']));
    const api = client(ctx.app, token);
    for (const doc of [clean, broken]) {
      const files = await ctx.db
        .select()
        .from(transactionDocumentFiles)
        .where(eq(transactionDocumentFiles.document_id, doc.id));
      expect(files.map((f) => [f.version, f.content_type])).toEqual([[1, 'application/xml']]);
      const shown = (await api.get(`/api/transaction-documents/${doc.id}`)).json().data;
      expect(shown.needs_review).toBe(doc.needs_review);
    }
    if (official) {
      const [file] = await ctx.db
        .select()
        .from(transactionDocumentFiles)
        .where(eq(transactionDocumentFiles.document_id, clean.id));
      const bytes = await storage.get(file.storage_key);
      expect(fatalOnly(officialValidate(bytes?.toString('utf8') ?? ''))).toEqual([]);
    }
  });
});
