/**
 * Preloaded into a server by bench/memory.ts (`node --import bench/memory-probe.mjs … dist/main.js`): it prints
 * `MEMORY {json}` on stderr — process.memoryUsage(), V8's heap spaces, the resident kB and thread count of /proc/self/status and
 * the size of the WebAssembly memories made (PGlite's heap: WebAssembly.Memory is wrapped to count them; a
 * memory only grows, and what it grew to is resident once written) — on SIGUSR2 as it is, on SIGWINCH
 * after two full GCs (what stays referenced). Bench-only: not in the build.
 */
import { readFileSync } from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc');

function status() {
  const text = readFileSync('/proc/self/status', 'utf8');
  return { rssKb: Number(/VmRSS:\s+(\d+)/.exec(text)?.[1]), threads: Number(/Threads:\s+(\d+)/.exec(text)?.[1]) };
}

const memories = [];
const WasmMemory = WebAssembly.Memory;
WebAssembly.Memory = new Proxy(WasmMemory, {
  construct(target, args) {
    const memory = new target(...args);
    memories.push(new WeakRef(memory));
    return memory;
  },
});
const wasmKb = () => memories.reduce((kb, ref) => kb + (ref.deref()?.buffer.byteLength ?? 0) / 1024, 0);

function report(tag) {
  const m = process.memoryUsage();
  const spaces = Object.fromEntries(
    v8.getHeapSpaceStatistics().map((s) => [s.space_name, Math.round(s.space_size / 1024)]),
  );
  process.stderr.write(`MEMORY ${JSON.stringify({ tag, ...status(), wasmKb: wasmKb(), ...m, spaces })}\n`);
}

process.on('SIGUSR2', () => report('idle'));
process.on('SIGWINCH', () => {
  gc();
  gc();
  report('gc');
});
