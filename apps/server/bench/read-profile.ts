/**
 * Reads a V8 CPU profile (node --cpu-prof; bench/http.ts with BENCH_CPU_PROF=dir) and prints where the time
 * went: self time by function and by package/file. `npx tsx bench/read-profile.ts <file.cpuprofile> [top]`
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
const file = process.argv[2];
const top = Number(process.argv[3] ?? 30);
const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[] };
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
profile.samples.forEach((id, i) => {
  self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const total = [...self.values()].reduce((a, b) => a + b, 0);

function where(url: string): string {
  if (!url) return '(native/V8)';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  const s = /\/(apps|packages)\/(.+)$/.exec(url);
  if (s) return `${s[1]}/${s[2]}`;
  return url.replace(/^file:\/\//, '');
}
const byFn = new Map<string, number>();
const byPkg = new Map<string, number>();
for (const [id, us] of self) {
  const n = byId.get(id);
  if (!n) continue;
  const fn = `${n.callFrame.functionName || '(anonymous)'} ${where(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
  byFn.set(fn, (byFn.get(fn) ?? 0) + us);
  const pkg = where(n.callFrame.url);
  byPkg.set(pkg, (byPkg.get(pkg) ?? 0) + us);
}
const print = (title: string, m: Map<string, number>) => {
  console.log(`\n${title} (of ${(total / 1e6).toFixed(1)} s sampled)`);
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((100 * v) / total).toFixed(1).padStart(5)}%  ${k}`);
  }
};
print('self time by package / file', byPkg);
print('self time by function', byFn);
