import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The keys that sign the audit log (ADR 0040). They are kept OUTSIDE the database — in the environment
 * (AUDIT_HMAC_KEY, earlier ones in AUDIT_HMAC_OLD_KEYS) or in a key file (AUDIT_KEY_FILE, default
 * DATA_DIR/audit-keys.json, created with mode 0600 on first start) — so someone who can write the database
 * cannot sign a row. Each row names its key by `key_id`, a fingerprint of the key (not the key).
 */
export interface AuditKey {
  id: string;
  secret: Buffer;
}

export interface AuditKeyring {
  /** The key new rows and checkpoints are signed with. */
  current: AuditKey;
  /** Every key known (current and older ones), for verification. */
  keys: AuditKey[];
  /** Where the keys come from (shown by the CLI; never the key itself). */
  source: string;
}

export interface AuditKeyEnv {
  NODE_ENV: string;
  DATA_DIR: string;
  AUDIT_HMAC_KEY?: string;
  AUDIT_HMAC_OLD_KEYS?: string[];
  AUDIT_KEY_FILE?: string;
}

/** A key's id: the first 16 hex digits of HMAC(key, 'chobo audit key id'). */
export function auditKeyId(secret: Buffer): string {
  return createHmac('sha256', secret).update('chobo audit key id').digest('hex').slice(0, 16);
}

const keyOf = (secret: Buffer): AuditKey => ({ id: auditKeyId(secret), secret });

/** The signature of one audit row: HMAC-SHA256 over its key id and its chain hash. */
export function rowMac(key: AuditKey, hash: string): string {
  return createHmac('sha256', key.secret).update(`${key.id}:${hash}`).digest('hex');
}

/** HMAC-SHA256 of a text (checkpoints). */
export function textMac(key: AuditKey, text: string): string {
  return createHmac('sha256', key.secret).update(text).digest('hex');
}

export function sameMac(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

interface KeyFile {
  note?: string;
  keys: { id: string; key: string; created_at: string }[];
}

const KEY_FILE_NOTE =
  'Chobo 操作ログの署名鍵。データベースとは別に保管してください（バックアップも別の場所へ）。最後の鍵で署名し、前の鍵は検証に使います。';

export const defaultKeyFile = (env: AuditKeyEnv) => env.AUDIT_KEY_FILE ?? path.join(env.DATA_DIR, 'audit-keys.json');

function readKeyFile(file: string): AuditKey[] {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as KeyFile;
  if (!Array.isArray(parsed.keys) || parsed.keys.length === 0) throw new Error(`${file}: no keys`);
  return parsed.keys.map((k) => {
    const secret = Buffer.from(k.key, 'base64url');
    if (secret.length < 32) throw new Error(`${file}: key ${k.id} is shorter than 32 bytes`);
    return keyOf(secret);
  });
}

function writeKeyFile(file: string, keys: AuditKey[], created: string[]): void {
  const body: KeyFile = {
    note: KEY_FILE_NOTE,
    keys: keys.map((k, i) => ({ id: k.id, key: k.secret.toString('base64url'), created_at: created[i] })),
  };
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  renameSync(tmp, file);
}

/** Reads the key file, creating it (one new random key, mode 0600) when there is none. */
export function keyFileKeyring(file: string): AuditKeyring {
  try {
    const mode = statSync(file).mode;
    if (mode & 0o077) chmodSync(file, 0o600); // keep it the owner's only
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    try {
      writeKeyFile(file, [keyOf(randomBytes(32))], [new Date().toISOString()]);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e; // another process made it first
    }
  }
  const keys = readKeyFile(file);
  return { current: keys[keys.length - 1], keys, source: file };
}

/** Adds a new random key to the key file as the current one (the old ones stay for verification). */
export function rotateKeyFile(file: string): AuditKeyring {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as KeyFile;
  const keys = readKeyFile(file);
  const next = keyOf(randomBytes(32));
  writeKeyFile(file, [...keys, next], [...parsed.keys.map((k) => k.created_at), new Date().toISOString()]);
  return keyFileKeyring(file);
}

let processKey: AuditKey | undefined;
/** Tests (and scripts that never configure keys): one random key for the life of the process, in memory. */
function processKeyring(): AuditKeyring {
  processKey ??= keyOf(randomBytes(32));
  return { current: processKey, keys: [processKey], source: 'memory' };
}

/**
 * The keyring configured by the environment: AUDIT_HMAC_KEY (+ AUDIT_HMAC_OLD_KEYS), else the key file —
 * except under NODE_ENV=test without either, where a per-process key in memory is used.
 */
export function loadAuditKeyring(env: AuditKeyEnv): AuditKeyring {
  if (env.AUDIT_HMAC_KEY) {
    const old = (env.AUDIT_HMAC_OLD_KEYS ?? []).map((k) => {
      if (k.length < 32) throw new Error('AUDIT_HMAC_OLD_KEYS: every key must be at least 32 characters');
      return keyOf(Buffer.from(k, 'utf8'));
    });
    const current = keyOf(Buffer.from(env.AUDIT_HMAC_KEY, 'utf8'));
    return { current, keys: [...old, current], source: 'AUDIT_HMAC_KEY' };
  }
  if (env.NODE_ENV === 'test' && !env.AUDIT_KEY_FILE) return processKeyring();
  return keyFileKeyring(defaultKeyFile(env));
}

let active: AuditKeyring | undefined;
const known = new Map<string, AuditKey>();

/** Makes `ring` the process's keyring: audit() signs with its current key; every key seen stays known. */
export function useAuditKeyring(ring: AuditKeyring): void {
  for (const k of ring.keys) known.set(k.id, k);
  active = ring;
}

/** The key audit() signs with now. */
export function currentAuditKey(): AuditKey {
  if (!active) useAuditKeyring(processKeyring());
  return (active as AuditKeyring).current;
}

/** A key by its id (verification), or undefined when this process does not have it. */
export function auditKeyById(id: string): AuditKey | undefined {
  if (!active) useAuditKeyring(processKeyring());
  return known.get(id);
}
