import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyOwner, createTestApp, type TestContext } from '../test/harness.js';

/**
 * An integrator's typed client: the types openapi-typescript generates from /api/openapi.json, and real
 * answers of the API checked against them by the TypeScript compiler (a request body the API accepts, and
 * what it answers, must both type-check; a wrong field must not).
 */

let ctx: TestContext;
let dir: string;

beforeAll(async () => {
  ctx = await createTestApp();
  dir = mkdtempSync(join(tmpdir(), 'chobo-openapi-client-'));
});
afterAll(async () => {
  await ctx?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function diagnostics(files: Record<string, string>): string[] {
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const program = ts.createProgram(
    Object.keys(files).map((f) => join(dir, f)),
    { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, skipLibCheck: true },
  );
  return ts
    .getPreEmitDiagnostics(program)
    .map(
      (d) =>
        `${d.file ? d.file.fileName.split('/').pop() : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`,
    );
}

describe('a typed client generated from /api/openapi.json', () => {
  it('type-checks real calls and their answers, and refuses a wrong field', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const types = astToString(await openapiTS(doc));
    const owner = await companyOwner(ctx);
    const customerBody = { name: '株式会社型検査', honorific: '御中' };
    const created = await owner.api.post('/api/company/customer', customerBody);
    expect(created.statusCode).toBe(201);
    const list = await owner.api.get('/api/company/customer?page=1');
    const me = await owner.api.get('/api/me');
    const trial = await owner.api.get('/api/company/trial-balance');
    for (const r of [list, me, trial]) expect(r.statusCode).toBe(200);

    const json = (value: unknown) => JSON.stringify(value);
    const calls = `import type { paths } from './api';
type Json<P extends keyof paths, M extends keyof paths[P], S extends number> =
  paths[P][M] extends { responses: { [K in S]: { content: { 'application/json': infer T } } } } ? T : never;
type Body<P extends keyof paths, M extends keyof paths[P]> =
  paths[P][M] extends { requestBody?: { content: { 'application/json': infer T } } } ? T : never;

export const createBody: Body<'/api/company/customer', 'post'> = ${json(customerBody)};
export const created: Json<'/api/company/customer', 'post', 201> = ${created.body};
export const list: Json<'/api/company/customer', 'get', 200> = ${list.body};
export const me: Json<'/api/me', 'get', 200> = ${me.body};
export const trial: Json<'/api/company/trial-balance', 'get', 200> = ${trial.body};
export const id: number = created.data.id;
`;
    const wrong = `import type { paths } from './api';
type Created = paths['/api/company/customer']['post']['responses'][201]['content']['application/json'];
export const name: number = (null as unknown as Created).data.name;
`;
    // one compilation of both (the generated types are large): only the wrong field fails
    const found = diagnostics({ 'api.ts': types, 'calls.ts': calls, 'wrong.ts': wrong });
    expect(found.filter((d) => !d.startsWith('wrong.ts'))).toEqual([]);
    expect(found.filter((d) => d.startsWith('wrong.ts')).length).toBeGreaterThan(0);
  }, 600_000);
});
