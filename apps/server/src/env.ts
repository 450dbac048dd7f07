import path from 'node:path';
import { z } from 'zod';

/**
 * Environment variables, parsed and validated at boot (README "Configuration"). A bad value stops
 * start-up with a message naming the variable.
 */
const boolFlag = z
  .enum(['1', '0', 'true', 'false'], { error: 'must be 1 or 0' })
  .transform((v) => v === '1' || v === 'true');

/** 'https://api.example.jp' (no path, query or credentials) → its origin; anything else → null. */
function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
    return (url.protocol === 'http:' || url.protocol === 'https:') && bare ? url.origin : null;
  } catch {
    return null;
  }
}

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number({ error: 'must be a port number' }).int().min(1).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    /**
     * The load balancers whose X-Forwarded-For names the client (ADR 0058): their addresses or CIDR ranges,
     * comma-separated. Unset: the connection's own address is the client, a forwarded header is ignored (a
     * client could write anything into it). Behind haproxy/nginx, without it every user shares the
     * balancer's one address in the per-IP limits and the audit log.
     */
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((v) =>
        v
          ? v
              .split(',')
              .map((a) => a.trim())
              .filter(Boolean)
          : undefined,
      )
      .refine(
        (v) => !v || v.every((a) => /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-fA-F:]*:[0-9a-fA-F:.]*)(\/\d{1,3})?$/.test(a)),
        'must be IP addresses or CIDR ranges, comma-separated (e.g. 10.0.0.5,10.1.0.0/16)',
      ),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /**
     * How DATABASE_URL's connections are pooled (ADR 0049): `transaction` behind a transaction-mode pooler
     * (PgBouncer pool_mode=transaction, Supavisor): no named statements, no session state; `session` a direct
     * connection or a session-mode pooler; `auto` (default) transaction on ports 6432 and 6543, else session.
     */
    DATABASE_POOL_MODE: z.enum(['auto', 'session', 'transaction']).default('auto'),
    /**
     * Behind a transaction-mode pooler, whether the big page statements keep their plans in the backend's own
     * SQL-level prepared statements through `chobo_execute_prepared` (ADR 0061; default 1); 0: sent unnamed,
     * parsed and planned on every call (ADR 0049 as first built).
     */
    DATABASE_POOLED_PREPARE: boolFlag.default(true),
    /**
     * A direct connection to the same database, bypassing the pooler (ADR 0049): the start-up lock (a session
     * advisory lock) and the migrations use it. Optional: without it they go through DATABASE_URL.
     */
    DATABASE_DIRECT_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    ADMIN_EMAIL: z.string().email('must be an e-mail address').default('admin@example.com'),
    ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').max(128).optional(),
    DEMO_PASSWORD: z.string().min(8, 'must be at least 8 characters').max(128).optional(),
    SEED_DEMO: boolFlag.optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    MAIL_FROM: z.string().min(3).default('Chobo（帳簿） <no-reply@chobo.local>'),
    APP_URL: z.string().url('must be a URL such as http://localhost:3000').optional(),
    TOKEN_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(60)
      .max(30 * 24 * 3600)
      .default(8 * 3600),
    /** Global per-IP request limits of /api per window (plugins/rate-limit.ts); 0 turns that limit off. */
    RATE_LIMIT_MAX: z.coerce.number({ error: 'must be a number' }).int().min(0).default(300),
    RATE_LIMIT_PUBLIC_MAX: z.coerce.number({ error: 'must be a number' }).int().min(0).default(60),
    /** Sign-in attempts per IP address within 15 minutes before 429 (the account lock is separate). */
    LOGIN_IP_ATTEMPTS: z.coerce.number({ error: 'must be a number' }).int().min(1).default(30),
    RATE_LIMIT_WINDOW_SECONDS: z.coerce.number({ error: 'must be a number' }).int().min(1).max(3600).default(60),
    QUEUE_POLLING_SECONDS: z.coerce
      .number({ error: 'must be a number of seconds' })
      .min(0.5, 'must be at least 0.5 (the pg-boss minimum)')
      .max(600)
      .default(2),
    /**
     * The 国税庁's OpenPGP public key (an armored key file's path): when set, every registry file must come
     * with its detached signature and is refused unless it verifies (docs/adr/0046).
     */
    REGISTRY_PGP_KEY: z
      .string()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** HMAC key of signed file links (lib/file-links.ts); unset → generated once and kept in the database. */
    FILE_LINK_SECRET: z
      .string()
      .min(32, 'must be at least 32 characters')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /**
     * Other API origins the web app may be pointed at on /api-settings (the CSP's connect-src: 'self' and
     * these): comma- or space-separated, each scheme://host[:port].
     */
    API_ALLOWED_ORIGINS: z
      .string()
      .default('')
      .transform((value, ctx) => {
        const origins: string[] = [];
        for (const item of value.split(/[\s,]+/).filter(Boolean)) {
          const origin = originOf(item);
          if (!origin) {
            ctx.addIssue({
              code: 'custom',
              message: `"${item}" is not an http(s) origin such as https://api.example.jp`,
            });
            return z.NEVER;
          }
          origins.push(origin);
        }
        return [...new Set(origins)];
      }),
    /**
     * The audit log's signing key (lib/audit-keys.ts, ADR 0040), kept outside the database: at least 32
     * characters. Unset → a key file (AUDIT_KEY_FILE, default DATA_DIR/audit-keys.json, created 0600 on first start).
     */
    AUDIT_HMAC_KEY: z
      .string()
      .min(32, 'must be at least 32 characters')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** Earlier AUDIT_HMAC_KEY values, comma-separated: rows they signed still verify after a rotation. */
    AUDIT_HMAC_OLD_KEYS: z
      .string()
      .optional()
      .transform((v) =>
        v
          ? v
              .split(',')
              .map((k) => k.trim())
              .filter(Boolean)
          : [],
      ),
    AUDIT_KEY_FILE: z
      .string()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** Where the signed checkpoints of the audit chains are appended (default DATA_DIR). */
    AUDIT_CHECKPOINT_DIR: z
      .string()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** Minutes between the scheduled checkpoints (written only when a chain moved); 0 turns the schedule off. */
    AUDIT_CHECKPOINT_MINUTES: z.coerce
      .number({ error: 'must be a number of minutes' })
      .int()
      .min(0)
      .max(7 * 24 * 60)
      .default(60),
    /**
     * Where uploaded files are kept (lib/storage-backends.ts, ADR 0051): `database` (the default with
     * DATABASE_URL: every server reads the same files, a database backup holds them), `local`
     * (DATA_DIR/files; the default with the embedded database) or `s3` (an S3-compatible bucket, S3_*; ADR 0052).
     */
    FILE_STORAGE: z
      .enum(['local', 'database', 's3'])
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /**
     * FILE_STORAGE=s3 (lib/storage-s3.ts, ADR 0052): the service's address (MinIO, R2…; unset → AWS S3 of
     * S3_REGION), the bucket (required), the region (`auto` for R2), the access key pair (both or neither:
     * unset → the AWS SDK's own chain, e.g. an instance role) and path-style addressing (`1` for MinIO).
     */
    S3_ENDPOINT: z
      .string()
      .regex(/^https?:\/\/[^/?#]+\/?$/, 'must be an http(s) address such as https://s3.example.jp (no path)')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    S3_BUCKET: z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name: 3–63 lowercase letters, digits, dots and hyphens',
      )
      .optional()
      .or(z.literal('').transform(() => undefined)),
    S3_REGION: z
      .string()
      .regex(/^[a-z0-9-]+$/, 'must be a region such as ap-northeast-1 (auto for R2)')
      .default('us-east-1'),
    S3_ACCESS_KEY_ID: z
      .string()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    S3_SECRET_ACCESS_KEY: z
      .string()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    S3_FORCE_PATH_STYLE: boolFlag.default(false),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** The folder of the built web app (default apps/web/dist); bench/web.ts compares two builds with it. */
    WEB_DIST: z
      .string()
      .optional()
      .or(z.literal('').transform(() => undefined)),
  })
  .superRefine((env, ctx) => {
    // the S3 settings that only make sense together (FILE_STORAGE=s3, ADR 0052)
    if (env.FILE_STORAGE === 's3' && !env.S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required with FILE_STORAGE=s3' });
    }
    if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) {
      const missing = env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
      const other = env.S3_ACCESS_KEY_ID ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY';
      ctx.addIssue({ code: 'custom', path: [missing], message: `is required with ${other} (set both or neither)` });
    }
  });

export type Env = z.infer<typeof envSchema> & { APP_URL: string; DATA_DIR: string };

export class EnvError extends Error {}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map(
      (i) => `  ${i.path.join('.')}: ${i.message} (got ${JSON.stringify(source[String(i.path[0])])})`,
    );
    throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = result.data;
  return {
    ...env,
    // `npm start` runs in apps/server; a relative DATA_DIR means relative to where npm was invoked.
    DATA_DIR: path.resolve(source.INIT_CWD ?? process.cwd(), env.DATA_DIR),
    APP_URL: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
  };
}

/** What openDatabase() takes from the environment: the database, and how its connections are pooled (ADR 0049). */
export function databaseOptions(env: Env) {
  return {
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    poolMode: env.DATABASE_POOL_MODE,
    directUrl: env.DATABASE_DIRECT_URL,
    pooledPrepare: env.DATABASE_POOLED_PREPARE,
  };
}
