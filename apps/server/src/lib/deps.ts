import type { Db } from '../db/client.js';
import type { Env } from '../env.js';
import type { CheckpointStore } from '../modules/audit-logs/audit-checkpoints.js';
import type { OcrServices } from '../modules/ocr-documents/ocr-job.js';
import type { MailDispatcher } from './mail.js';
import type { JobQueue } from './queue.js';
import type { FileStorage } from './storage.js';

export interface LoginLimits {
  /** Failed sign-ins per account within the window before the account locks. */
  accountFailures: number;
  /** Sign-in attempts per IP address within the window before 429. */
  ipAttempts: number;
  windowSeconds: number;
  lockSeconds: number;
  /** Calls of the public invitation endpoints (lookup, register) per IP address within 15 minutes before 429. */
  invitationIpAttempts: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  accountFailures: 10,
  ipAttempts: 30,
  windowSeconds: 15 * 60,
  lockSeconds: 15 * 60,
  invitationIpAttempts: 30,
};

/**
 * The application's dependencies, built once by the composition root (app.ts) and handed to every
 * action through its ctx. lib/ and modules/ depend on this interface, never on app.ts.
 */
export interface AppDeps {
  env: Env;
  db: Db;
  driver: 'pglite' | 'postgres';
  mailer: MailDispatcher;
  /** Background jobs (lib/queue.ts); modules register workers with `queue.work` when they are built. */
  queue: JobQueue;
  loginLimits: LoginLimits;
  /** Uploaded files (lib/storage.ts): write-once, DATA_DIR/files or memory in tests. */
  storage: FileStorage;
  /** The server clock (attendance punches read it; tests replace it instead of waiting). */
  clock: () => Date;
  /** OCR engine + PDF rasteriser (modules/ocr-documents), behind interfaces so a cloud OCR can replace them. */
  ocr: OcrServices;
  /** The signed checkpoints of the audit chains (modules/audit-logs/audit-checkpoints.ts, ADR 0040). */
  auditCheckpoints: CheckpointStore;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
