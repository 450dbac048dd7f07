import type { FastifyReply } from 'fastify';

/** One answer in this many is also checked in production (a mismatch is logged; the answer is sent). */
const SAMPLE_EVERY = 100;
let sent = 0;

/**
 * Sends a JSON answer that is already serialised — built by PostgreSQL in the statement that read the data
 * (ADR 0030) — as it is: no parse, no serialisation in this process.
 *
 * It must be byte for byte what the route's serialiser (lib/response-serializer.ts) makes of the same data.
 * Under tests every such answer is parsed and serialised again through the route's response schema (zod
 * validates it, the fast serialiser is compared with it) and any difference of a byte fails the request;
 * in production one answer in SAMPLE_EVERY is checked the same way and a difference is logged.
 */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  const strict = reply.server.deps.env.NODE_ENV === 'test';
  if (strict || ++sent % SAMPLE_EVERY === 0) {
    const expected = reply.serialize(JSON.parse(json));
    if (expected !== json) {
      const route = `${reply.request.method} ${reply.request.routeOptions.url}`;
      if (strict) {
        const error = new Error(`the JSON text of ${route} differs from its serialiser's:\n${json}\n${expected}`);
        console.error(error.message);
        throw error;
      }
      reply.log.error({ route }, 'JSON text differs from the serialiser; sent as serialised');
      return reply.type('application/json; charset=utf-8').send(expected);
    }
  }
  return reply.type('application/json; charset=utf-8').send(json);
}
