import Fastify, { type FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { fastSchemaOf, responseSerializerCompiler } from './response-serializer.js';

const item = z.object({ data: z.object({ id: z.number().int(), name: z.string() }) });

/** A tiny app with one route whose handler answers `payload` through the schema `item`. */
async function appAnswering(strict: boolean, payload: unknown) {
  const log = { error: vi.fn() };
  const app = Fastify();
  app.setSerializerCompiler(responseSerializerCompiler({ strict, log: log as unknown as FastifyBaseLogger }));
  app.get('/x', { schema: { response: { 200: item } } }, async () => payload);
  app.get('/file', { schema: { response: { 200: item } } }, async (_req, reply) =>
    reply.header('Content-Type', 'text/csv; charset=utf-8').send(Buffer.from('a,b\n')),
  );
  await app.ready();
  return { app, log };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('responseSerializerCompiler', () => {
  it('sends what matches and strips undeclared fields', async () => {
    const { app, log } = await appAnswering(false, { data: { id: 1, name: 'a', secret: 'x' }, extra: 1 });
    const res = await app.inject('/x');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { id: 1, name: 'a' } });
    expect(log.error).not.toHaveBeenCalled();
  });

  it('production: a mismatch is logged with the route and the issues, and the data is sent unchecked', async () => {
    const { app, log } = await appAnswering(false, { data: { id: 'one', name: 'a' } });
    const res = await app.inject('/x');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { id: 'one', name: 'a' } });
    expect(log.error).toHaveBeenCalledTimes(1);
    const [fields] = log.error.mock.calls[0];
    expect(fields.route).toBe('GET /x (200)');
    expect(fields.issues[0].path).toEqual(['data', 'id']);
  });

  it('tests: a mismatch fails the request loudly', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { app, log } = await appAnswering(true, { data: { id: 'one', name: 'a' } });
    const res = await app.inject('/x');
    expect(res.statusCode).toBe(500);
    expect(printed.mock.calls[0][0]).toContain('GET /x (200)');
    expect(printed.mock.calls[0][0]).toContain('data.id');
    expect(log.error).not.toHaveBeenCalled();
  });

  it('a file sent as a Buffer bypasses the serializer', async () => {
    const { app } = await appAnswering(true, null);
    const res = await app.inject('/file');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.body).toBe('a,b\n');
  });

  it('production: the fast serialiser sends what zod sends (nullable fields and objects, a field named description)', async () => {
    const schema = z.object({
      data: z.object({
        id: z.number().int(),
        description: z.string().nullable(),
        company: z.object({ id: z.number().int(), name: z.string() }).nullable(),
        tags: z.array(z.string()),
      }),
    });
    const json = fastSchemaOf(schema);
    expect(JSON.stringify(json)).not.toContain('anyOf');
    const app = Fastify();
    app.setSerializerCompiler(
      responseSerializerCompiler({ strict: false, log: { error: vi.fn() } as unknown as FastifyBaseLogger }),
    );
    const answers = [
      { data: { id: 1, description: 'メモ', company: { id: 2, name: '株式会社A', secret: 'x' }, tags: ['a'] }, x: 1 },
      { data: { id: 1, description: null, company: null, tags: [] } },
    ];
    let n = 0;
    app.get('/y', { schema: { response: { 200: schema } } }, async () => answers[n++]);
    await app.ready();
    for (const answer of answers) {
      const res = await app.inject('/y');
      expect(res.json()).toEqual(z.encode(schema, answer as never));
    }
  });
});
