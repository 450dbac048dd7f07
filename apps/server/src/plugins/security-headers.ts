import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers on every answer (CSP, nosniff, frame-ancestors, referrer policy…), from helmet's
 * middleware built ONCE. @fastify/helmet calls `helmet(options)` inside its onRequest hook, so every request
 * parsed the CSP directives again and made a new middleware chain (≈ 6 % of the server's CPU under load,
 * ADR 0033); this hook runs the same middleware, made at start-up.
 */
async function securityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const middleware = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    middleware(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
}

export const securityHeadersPlugin = fp(securityHeaders, { name: 'chobo-security-headers' });
