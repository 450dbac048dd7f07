/** /api/docs: its own CSP (inline styles allowed there only), Japanese groups and descriptions; journal CSV name. */
import { describe, expect, it } from 'vitest';
import { journalCsvName } from '../modules/accounting/journal.routes.js';
import { companyOwner, useTestApp } from '../test/harness.js';

const ctx = useTestApp();

describe('/api/docs', () => {
  it('serves Swagger UI with a CSP that allows its inline styles, and only there', async () => {
    const docs = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    const csp = String(docs.headers['content-security-policy']);
    expect(csp).toMatch(/style-src 'self' 'unsafe-inline'/);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toContain('validator.swagger.io');
    expect(csp).not.toContain('upgrade-insecure-requests');
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(String(health.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('describes every operation in Japanese, grouped under Japanese names', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const ops = Object.values(
      doc.paths as Record<string, Record<string, { summary?: string; description?: string; tags?: string[] }>>,
    ).flatMap((byMethod) => Object.values(byMethod));
    expect(ops.length).toBeGreaterThan(100);
    const japanese = /[\u3040-\u30ff\u4e00-\u9fff]/;
    for (const op of ops) {
      expect(op.summary ?? '').toMatch(japanese);
      expect(op.description ?? '').toMatch(japanese);
    }
    const dashboard = doc.paths['/api/company/dashboard'].get;
    expect(dashboard.tags).toEqual(['ホーム']);
    expect(dashboard.description).toContain('利用できる人: 企業ユーザー・従業員（権限 customer.index）');
    expect(doc.paths['/api/health'].get.description).toContain('ログイン不要');
  });
});

describe('journal CSV file name', () => {
  it('names the period, or 全期間 when none is set', async () => {
    expect(journalCsvName(null, null)).toBe('仕訳帳_全期間.csv');
    expect(journalCsvName('2026-04-01', '2027-03-31')).toBe('仕訳帳_2026-04-01_2027-03-31.csv');
    expect(journalCsvName('2026-04-01', undefined)).toBe('仕訳帳_2026-04-01から.csv');
    const o = await companyOwner(ctx);
    const res = await o.api.get('/api/accountings?format=csv');
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('仕訳帳_全期間.csv'));
  });
});
