/**
 * `npx tsx bench/helmet.ts`: the security headers' cost per request (ADR 0033) — helmet's middleware made for
 * every request, as @fastify/helmet 13 does in its onRequest hook, beside the same middleware made once, as
 * plugins/security-headers.ts does; the app's options, a new ServerResponse per call, in the same run.
 */
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet from 'helmet';
import { SECURITY_HEADERS } from '../src/plugins/security-headers.js';

const N = Number(process.env.BENCH_HELMET_CALLS ?? 50_000);
const req = new IncomingMessage(new Socket());
const built = helmet(SECURITY_HEADERS);
const variants = [
  ['made for every request (@fastify/helmet 13)', () => helmet(SECURITY_HEADERS)],
  ['made once (plugins/security-headers.ts)', () => built],
] as const;
console.log('| security headers | µs per request (two rounds) |');
console.log('| --- | --- |');
for (const [label, middleware] of variants) {
  const rounds: string[] = [];
  for (let r = 0; r < 2; r++) {
    const t = performance.now();
    for (let i = 0; i < N; i++) middleware()(req, new ServerResponse(req), () => {});
    rounds.push((((performance.now() - t) / N) * 1000).toFixed(1));
  }
  console.log(`| ${label} | ${rounds.join(' / ')} |`);
}
