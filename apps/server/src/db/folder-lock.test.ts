import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { DataDirLockedError, LOCK_FILE, lockDataDir, processStart } from './folder-lock.js';

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));

/** A live process that is not this one (its pid and start time are real). */
function sleeper(): ChildProcess {
  return spawn(process.execPath, ['-e', 'setTimeout(() => {}, 120000)'], { stdio: 'ignore' });
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

function writeLock(dir: string, pid: number, start: string | null) {
  writeFileSync(
    path.join(dir, LOCK_FILE),
    JSON.stringify({ pid, start, command: 'main.js', since: '2026-12-01T00:00:00.000Z' }),
  );
}

describe('one process at a time in an embedded database folder', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'chobo-lock-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('a second open of a folder in use is refused, naming the owner; after close it opens again', async () => {
    const first = await openDatabase({ dataDir: dir });
    try {
      const second = openDatabase({ dataDir: dir });
      await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(second).rejects.toThrow(`PID ${process.pid}`);
      await expect(second).rejects.toThrow('使用中');
      // the owner's database still answers
      expect((await first.pglite!.query<{ one: number }>('select 1 as one')).rows[0]?.one).toBe(1);
    } finally {
      await first.close();
    }
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    const again = await openDatabase({ dataDir: dir });
    await again.close();
  });

  it('a lock held by another live process refuses; once that process is gone the folder is taken over', async () => {
    const other = sleeper();
    try {
      await new Promise((r) => other.once('spawn', r));
      writeLock(dir, other.pid!, processStart(other.pid!));
      expect(() => lockDataDir(dir)).toThrow(`PID ${other.pid}`);
    } finally {
      other.kill('SIGKILL');
      await exited(other);
    }
    // kill -9 left its lock behind: a dead owner's lock is taken over
    const release = lockDataDir(dir);
    expect(JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });

  it('a live pid with another start time is a reused pid, not the owner', () => {
    const start = processStart(process.pid);
    if (start === null) return; // no /proc here: only the pid is compared
    writeLock(dir, process.pid, String(Number(start) - 1));
    const release = lockDataDir(dir);
    release();
  });

  it('the CLIs refuse a folder the server holds, with the message and exit code 1', async () => {
    const release = lockDataDir(dir);
    try {
      const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const child = execFile(
          process.execPath,
          ['--import', 'tsx', 'src/cli/check-accounting.ts'],
          { cwd: SERVER_DIR, env: { PATH: process.env.PATH, DATA_DIR: dir, NODE_ENV: 'test' }, timeout: 120_000 },
          (_error, _stdout, stderr) => resolve({ code: child.exitCode, stderr }),
        );
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`PID ${process.pid}`);
      expect(result.stderr).not.toContain('    at ');
    } finally {
      release();
    }
  });
});
