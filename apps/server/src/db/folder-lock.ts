/**
 * One process at a time in an embedded database folder (issue 31): PGlite has no postmaster, so two
 * processes opening one DATA_DIR both answer — and hand out the same ids and entry numbers, and lose
 * acknowledged writes. The server and the CLIs hold `DATA_DIR/chobo.lock` for the handle's life: created
 * exclusively, holding the owner's pid, the pid's start time (Linux: /proc/<pid>/stat, so a reused pid is
 * not taken for the owner), its command and when it took the folder. A lock whose owner is gone (kill -9,
 * a crash) is taken over.
 */
import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

export const LOCK_FILE = 'chobo.lock';

interface LockOwner {
  pid: number;
  start: string | null;
  command: string;
  since: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly owner: LockOwner,
  ) {
    super(
      `データフォルダ ${dir} は別のプロセスが使用中です（PID ${owner.pid}、${owner.command}、${owner.since} から）。` +
        '同じフォルダを開けるのは一度に1つのプロセスだけです。そのプロセスを停止してから実行してください。',
    );
    this.name = 'DataDirLockedError';
  }
}

/** The start time of a process in clock ticks since boot (Linux), or null where /proc has none. */
export function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command name (field 2) is in parentheses and may contain spaces: count fields after the last ')'
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function alive(owner: LockOwner): boolean {
  if (owner.pid === process.pid) return owner.start === processStart(process.pid);
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: it exists, owned by another user
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const start = processStart(owner.pid);
  return !(owner.start && start && owner.start !== start);
}

function readOwner(file: string): LockOwner | 'unreadable' | 'gone' {
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as LockOwner;
    return Number.isInteger(owner.pid) ? owner : 'unreadable';
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'gone' : 'unreadable';
  }
}

/**
 * Takes the folder for this process; returns the release (idempotent, also run at exit). Throws
 * DataDirLockedError, naming the owner, while another live process holds it.
 */
export function lockDataDir(dir: string): () => void {
  const file = path.join(dir, LOCK_FILE);
  const me: LockOwner = {
    pid: process.pid,
    start: processStart(process.pid),
    command: path.basename(process.argv[1] ?? process.argv0),
    since: new Date().toISOString(),
  };
  for (let attempt = 0; attempt < 5; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, 'wx', 0o644);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(file);
      if (owner === 'gone') continue;
      if (owner === 'unreadable') {
        // being written this instant by its owner: held; an old unreadable file is a leftover
        const age = Date.now() - (statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0);
        if (age < 2_000) throw new DataDirLockedError(dir, { pid: 0, start: null, command: '?', since: 'いま' });
      } else if (alive(owner)) {
        throw new DataDirLockedError(dir, owner);
      }
      try {
        unlinkSync(file);
      } catch {
        /* another process removed it first */
      }
      continue;
    }
    writeSync(fd, JSON.stringify(me));
    closeSync(fd);
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      process.off('exit', release);
      const owner = readOwner(file);
      if (typeof owner === 'object' && owner.pid === me.pid && owner.since === me.since) {
        try {
          unlinkSync(file);
        } catch {
          /* already gone */
        }
      }
    };
    process.on('exit', release);
    return release;
  }
  throw new Error(`データフォルダ ${dir} のロックを取得できませんでした`);
}

/** For the server's and the CLIs' start: a held folder is a clear message and exit code 1, not a stack trace. */
export function exitIfLocked(error: unknown): never {
  if (error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
