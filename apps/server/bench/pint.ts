/**
 * `npx tsx bench/pint.ts` (part of `npm run bench`): JP PINT e-invoices (issue 30, ADR 0048), through the API
 * (app.inject, signed in) on the embedded database, BENCH_RUNS (40) timed calls after a warm-up:
 * - export: GET /api/invoices/{id}/ubl of an issued 合計請求書 (3 sales, 12 lines, 10 % and 8 %), beside its
 *   GET …/pdf (the document it stands beside) — target ≤ 50 ms;
 * - import: POST /api/transaction-documents/ubl of that XML (a new 発注取引, its entry, the XML stored, the
 *   checker), beside POST /api/transaction-documents of the same figures as JSON (the same action without the
 *   XML) — target ≤ 100 ms;
 * - the official validation of the same XML (both schematron XSLTs through saxon-js, SEF loaded once, in this
 *   process), when ../shared/peppol is there; and core's offline checker on the parsed document.
 */
import { performance } from 'node:perf_hooks';
import { checkEInvoice } from '@chobo/core';
import { eq } from 'drizzle-orm';
import { companies } from '../src/db/schema/index.js';
import { readUblInvoice } from '../src/modules/transaction-documents/ubl-read.js';
import { client, createTestApp, createUser, signIn } from '../src/test/harness.js';
import { multipartFiles } from '../src/test/multipart.js';
import { officialValidate, PEPPOL_MISSING, peppolZip } from '../src/test/peppol.js';
import { stats, timed } from './support.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const fmt = (s: { p50: number; p95: number }) => `${s.p50.toFixed(1)} / ${s.p95.toFixed(1)}`;

async function main() {
  const ctx = await createTestApp();
  try {
    const { createCompany } = await import('../src/test/harness.js');
    const company = await createCompany(ctx.db, {
      name: '株式会社ベンチ商事',
      registration_number: 'T7000012050002',
      corporate_number: '7000012050002',
    });
    const user = await createUser(ctx.db, { role: 'company', companyId: company.id });
    const token = await signIn(ctx.app, user.email);
    const api = client(ctx.app, token);
    const buyer = (
      await api.post('/api/company/customer', {
        name: '株式会社ベンチ物産',
        used_for: 3,
        registration_number: 'T8010001187654',
      })
    ).json().data;
    const saleIds: number[] = [];
    for (const day of ['02', '14', '27']) {
      const res = await api.post('/api/transactions', {
        customer_id: buyer.id,
        transaction_date: `2026-05-${day}`,
        subject: '納品',
        lines: [
          { description: '機材', quantity: 3, unit: '台', unit_price: 12_345, tax_category: '10' },
          { description: '消耗品', quantity: 40, unit: '個', unit_price: 321, tax_category: '10' },
          { description: '食品', quantity: 12, unit: 'kg', unit_price: 1_080, tax_category: '8' },
          { description: '弁当', quantity: 7, unit: '個', unit_price: 864, tax_category: '8' },
        ],
      });
      saleIds.push(res.json().data.id);
    }
    const draft = (
      await api.post('/api/invoices', {
        customer_id: buyer.id,
        transaction_ids: saleIds,
        issue_date: '2026-05-31',
        due_date: '2026-06-30',
      })
    ).json().data;
    const invoice = (await api.post(`/api/invoices/${draft.id}/issue`)).json().data;
    const ubl = `/api/invoices/${invoice.id}/ubl`;
    const xml = (await api.get(ubl)).body;

    const exportXml = await timed(() => api.get(ubl), { runs: RUNS });
    const exportPdf = await timed(() => api.get(`/api/invoices/${invoice.id}/pdf`), { runs: RUNS });

    const post = () => {
      const { body, headers } = multipartFiles([{ name: `請求書_${invoice.number}.xml`, bytes: Buffer.from(xml) }]);
      return ctx.app.inject({
        method: 'POST',
        url: '/api/transaction-documents/ubl',
        payload: body,
        headers: { ...headers, authorization: `Bearer ${token}` },
      });
    };
    const importXml = await timed(post, { runs: RUNS, ok: 201 });
    const json = {
      customer_id: buyer.id,
      document_type: 4,
      transaction_date: '2026-05-31',
      amount: invoice.totals.total,
      taxes: invoice.totals.by_rate,
      registration_number: 'T7000012050002',
      due_date: '2026-06-30',
      confirm_duplicate: true,
    };
    const importJson = await timed(() => api.post('/api/transaction-documents', json), { runs: RUNS, ok: 201 });

    const parsed = readUblInvoice(xml);
    if (!parsed) throw new Error('the exported XML does not read back');
    const checker: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      checkEInvoice(readUblInvoice(xml) as NonNullable<typeof parsed>);
      checker.push(performance.now() - t);
    }
    let official = `— (${PEPPOL_MISSING})`;
    if (peppolZip()) {
      const t0 = performance.now();
      const first = officialValidate(xml);
      const firstMs = performance.now() - t0;
      const s: number[] = [];
      for (let i = 0; i < Math.min(RUNS, 20); i++) {
        const t = performance.now();
        officialValidate(xml);
        s.push(performance.now() - t);
      }
      official = `${fmt(stats(s))} (first call, SEF load included: ${firstMs.toFixed(0)} ms; ${first.filter((f) => f.flag === 'fatal').length} fatal)`;
    }
    const [{ name }] = await ctx.db
      .select({ name: companies.name })
      .from(companies)
      .where(eq(companies.id, company.id));
    console.log(`\nJP PINT e-invoices (${name}: 合計請求書 of 3 sales, 12 lines; ${RUNS} runs; p50 / p95 ms)\n`);
    console.log('| what | p50 / p95 ms | baseline (same run) | baseline p50 / p95 ms |');
    console.log('|---|---|---|---|');
    console.log(
      `| export: GET …/ubl (XML, ${xml.length.toLocaleString('en-US')} chars) | ${fmt(exportXml)} | GET …/pdf of the same invoice | ${fmt(exportPdf)} |`,
    );
    console.log(
      `| import: POST /api/transaction-documents/ubl (one XML) | ${fmt(importXml)} | POST /api/transaction-documents (same figures as JSON) | ${fmt(importJson)} |`,
    );
    console.log(
      `| core checker (read XML + checkEInvoice) | ${fmt(stats(checker))} | official rules (saxon-js, both XSLTs) | ${official} |`,
    );
  } finally {
    await ctx.close();
  }
}

await main();
