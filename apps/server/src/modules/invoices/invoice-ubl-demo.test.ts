import { checkEInvoice } from '@chobo/core';
import { asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { invoices, invoiceTransactions, users } from '../../db/schema/index.js';
import { seedIfEmpty } from '../../db/seed/seed.js';
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
let companyId = 0;
let token = '';

// the whole demo year is seeded first: minutes on a loaded 2-core machine
beforeAll(async () => {
  const seeded = await seedIfEmpty(ctx.db, {
    adminEmail: 'boss@example.com',
    adminPassword: 'admin-pass-123',
    demo: true,
    demoPassword: DEMO_PASSWORD,
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
    // not asserted yet: the demo seed bills each customer 2–3 sales a month (demo-sales.ts), so it has no
    // single-sale invoice — the demo needs one before `kinds.single > 0` can be required here
    expect(kinds.summarised).toBeGreaterThan(0);
    expect(kinds.corrected).toBeGreaterThan(0);
  });
});
