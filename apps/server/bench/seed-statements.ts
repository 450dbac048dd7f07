/**
 * `npx tsx bench/seed-statements.ts`: the statements a first start's demo seed sends (embedded, in memory),
 * counted per progress step and by their first words — where the seed's time goes, statement by statement.
 */
import { PglitePreparedQuery } from 'drizzle-orm/pglite/session';
import { openDatabase } from '../src/db/client.js';
import { prepareDatabase } from '../src/db/startup.js';

const counts = new Map<string, { n: number; ms: number }>();
let step = 0;
const shape = (q: string) =>
  q
    .replace(/\s+/g, ' ')
    .replace(/\$\d+/g, '?')
    .replace(/\(\?(, \?)*\)(, \(\?(, \?)*\))*/g, '(…)')
    .slice(0, 110);
for (const method of ['execute', 'all', 'values'] as const) {
  const proto = PglitePreparedQuery.prototype as unknown as Record<string, (...a: unknown[]) => unknown>;
  const original = proto[method];
  proto[method] = function (this: { queryString: string }, ...args: unknown[]) {
    step++;
    const k = shape(this.queryString);
    const t = performance.now();
    const done = () => {
      const c = counts.get(k) ?? { n: 0, ms: 0 };
      c.n++;
      c.ms += performance.now() - t;
      counts.set(k, c);
    };
    const r = original.apply(this, args) as Promise<unknown>;
    return r.then((v) => {
      done();
      return v;
    });
  };
}
const database = await openDatabase({ dataDir: 'memory://' });
let last = 0;
await prepareDatabase(database, {
  adminEmail: 'admin@example.com',
  adminPassword: 'bench-pass-2026',
  demo: true,
  demoPassword: 'bench-pass-2026',
  progress: (l) => {
    console.log(`${l}  [${step - last} statements]`);
    last = step;
  },
});
console.log(`total ${step}`);
const all = [...counts.values()].reduce((a, c) => a + c.ms, 0);
console.log(`time in statements ${(all / 1000).toFixed(1)} s`);
for (const [k, c] of [...counts].sort((a, b) => b[1].ms - a[1].ms).slice(0, Number(process.env.TOP ?? 50)))
  console.log(String(c.n).padStart(6), `${(c.ms / 1000).toFixed(2)} s`.padStart(8), k);
await database.close();
