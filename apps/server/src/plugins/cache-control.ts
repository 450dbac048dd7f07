import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Every /api answer is private, per-user data: `Cache-Control: no-store` unless the route set its own
 * header. The built web app's /assets keep their immutable caching (set by @fastify/static).
 */
export const cacheControlPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (req, reply, payload) => {
    if ((req.url === '/api' || req.url.startsWith('/api/')) && !reply.hasHeader('cache-control')) {
      reply.header('Cache-Control', 'no-store');
    }
    return payload;
  });
});
