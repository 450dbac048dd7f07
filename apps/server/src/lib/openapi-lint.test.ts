import { writeFileSync } from 'node:fs';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.js';

let ctx: TestContext;
let source: string;

beforeAll(async () => {
  ctx = await createTestApp();
  const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  source = res.body;
});
afterAll(async () => {
  await ctx?.close();
});

describe('/api/openapi.json under redocly lint (recommended rules)', () => {
  it('has no errors', async () => {
    if (process.env.OPENAPI_DUMP) writeFileSync(process.env.OPENAPI_DUMP, source);
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
    const errors = problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId}: ${p.message} @ ${p.location[0]?.pointer ?? ''}`);
    expect(errors).toEqual([]);
    // the recommended rules' warnings too (operationId, licence): none
    expect(problems.map((p) => `${p.ruleId}: ${p.location[0]?.pointer ?? ''}`)).toEqual([]);
  });

  it('gives every operation an operationId and a Japanese summary', () => {
    const doc = JSON.parse(source) as {
      paths: Record<string, Record<string, { operationId?: string; summary?: string }>>;
    };
    const ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
    );
    expect(ops.length).toBeGreaterThan(200);
    expect(ops.filter(({ op }) => !op.operationId).map((o) => o.name)).toEqual([]);
    expect(ops.filter(({ op }) => !/[\u3040-\u30ff\u4e00-\u9fff]/.test(op.summary ?? '')).map((o) => o.name)).toEqual(
      [],
    );
    expect(
      doc.paths['/api/company/customer/{id}'] && Object.keys(doc.paths['/api/company/customer/{id}']),
    ).toBeTruthy();
    expect(doc.paths['/api/company/customer/{id}'].put.operationId).toBe('putCompanyCustomerById');
    expect(doc.paths['/api/company/customer/{id}'].patch.operationId).toBe('patchCompanyCustomerById');
  });
});
