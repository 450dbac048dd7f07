import type { ChildProcess } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import os from 'node:os';

/** What the benches that start server processes share (no app code: they measure the children). */

/** Stops a child server (SIGTERM) and resolves when it has exited. */
export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    if (child.pid) process.kill(child.pid, 'SIGTERM');
  });
}

/** The machine's 1, 5 and 15 minute load averages, e.g. 「1.2 / 0.8 / 0.5」 (beside every figure). */
export const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');

/** Prints a line and appends it to `out` (a Markdown file) when given. */
export const reporter = (out: string | undefined) => (text: string) => {
  console.log(text);
  if (out) appendFileSync(out, `${text}\n`);
};
