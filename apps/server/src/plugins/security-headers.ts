import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The app's security headers: helmet's defaults with this CSP, no COEP, no HSTS (TLS ends in front of us).
 * The browser may connect to this origin and to the API origins the operator allows (env API_ALLOWED_ORIGINS:
 * what /api-settings may point the app at), nothing else.
 */
export function securityHeaderOptions(apiOrigins: readonly string[] = []): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...apiOrigins],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
  };
}

export const SECURITY_HEADERS = securityHeaderOptions();

/**
 * Helmet's security headers on every answer (CSP, nosniff, frame-ancestors, referrer policy…), from helmet's
 * middleware built ONCE. @fastify/helmet calls `helmet(options)` inside its onRequest hook, so every request
 * parsed the CSP directives again and made a new middleware chain (bench/helmet.ts; ADR 0033); this hook runs
 * the same middleware, made at start-up.
 */
async function securityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const middleware = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    middleware(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
}

export const securityHeadersPlugin = fp(securityHeaders, { name: 'chobo-security-headers' });
