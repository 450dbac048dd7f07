import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { serverSecrets } from '../db/schema/index.js';
import type { AppDeps } from './deps.js';
import { HttpError, notFound } from './http-errors.js';
import { fileResponse } from './responses.js';
import { contentDisposition, sendFile } from './send-file.js';

/**
 * Signed file links: a company route answers `{ data: { url } }` with `url = /api/files/<token>`, a public
 * route that works without the bearer token (the browser opens it in a new tab or an <iframe>) for
 * FILE_LINK_TTL_SECONDS. The token carries the kind of file, its id, the company and the expiry, signed
 * with HMAC-SHA256; the public route checks the signature (forged → 403) and the expiry (→ 410), then asks
 * the kind's resolver for the file — scoped to the company in the token — and streams it (unknown → 404).
 * Generic: every feature with stored files (発注取引, OCR…) registers a resolver with registerFileSource.
 */

export const FILE_LINK_TTL_SECONDS = 5 * 60;

export interface LinkedFile {
  storage_key: string;
  file_name: string;
  content_type: string;
}

/** Finds a live file of `kind` by id inside ONE company (undefined: unknown, deleted or another company's). */
export type FileSource = (db: Db, companyId: number, fileId: number) => Promise<LinkedFile | undefined>;

const sources = new Map<string, FileSource>();

/** Registers how files of `kind` (a short [a-z0-9-] name such as 'td') are found. */
export function registerFileSource(kind: string, source: FileSource): void {
  if (!/^[a-z0-9-]{1,20}$/.test(kind)) throw new Error(`invalid file source kind: ${kind}`);
  sources.set(kind, source);
}

const SECRET_NAME = 'file_link_hmac';
const secrets = new WeakMap<object, Promise<Buffer>>();

/**
 * The HMAC key: FILE_LINK_SECRET when set; otherwise generated once and stored in server_secrets, so every
 * server process on one database signs and verifies with the same key. Cached per database handle. Never
 * call inside a transaction on PGlite (one connection).
 */
export function fileLinkSecret(deps: Pick<AppDeps, 'env' | 'db'>): Promise<Buffer> {
  if (deps.env.FILE_LINK_SECRET) return Promise.resolve(Buffer.from(deps.env.FILE_LINK_SECRET, 'utf8'));
  let secret = secrets.get(deps.db);
  if (!secret) {
    secret = (async () => {
      await deps.db
        .insert(serverSecrets)
        .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64') })
        .onConflictDoNothing();
      const [row] = await deps.db
        .select({ value: serverSecrets.value })
        .from(serverSecrets)
        .where(eq(serverSecrets.name, SECRET_NAME));
      return Buffer.from(row.value, 'base64');
    })();
    secret.catch(() => secrets.delete(deps.db));
    secrets.set(deps.db, secret);
  }
  return secret;
}

export interface FileLinkClaims {
  kind: string;
  fileId: number;
  companyId: number;
  /** Unix seconds after which the link no longer opens. */
  expires: number;
}

const payloadOf = (c: FileLinkClaims) => `${c.kind}.${c.fileId}.${c.companyId}.${c.expires}`;
const sign = (secret: Buffer, payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');

/** The token of a link to a file (`now` in ms, for tests). */
export function fileLinkToken(
  secret: Buffer,
  f: { kind: string; fileId: number; companyId: number },
  now = Date.now(),
): string {
  const claims: FileLinkClaims = { ...f, expires: Math.floor(now / 1000) + FILE_LINK_TTL_SECONDS };
  const payload = payloadOf(claims);
  return `${payload}.${sign(secret, payload)}`;
}

/** The signed URL (`/api/files/<token>`) of a file, valid FILE_LINK_TTL_SECONDS from `now`. */
export async function signFileLink(
  deps: Pick<AppDeps, 'env' | 'db'>,
  f: { kind: string; fileId: number; companyId: number },
  now = Date.now(),
): Promise<string> {
  return `/api/files/${fileLinkToken(await fileLinkSecret(deps), f, now)}`;
}

export type VerifiedLink = { ok: true; claims: FileLinkClaims } | { ok: false; reason: 'forged' | 'expired' };

/** Checks a token's signature (constant time) and expiry. */
export function verifyFileLinkToken(secret: Buffer, token: string, now = Date.now()): VerifiedLink {
  const m = /^([a-z0-9-]{1,20})\.(\d{1,10})\.(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return { ok: false, reason: 'forged' };
  const claims: FileLinkClaims = { kind: m[1], fileId: Number(m[2]), companyId: Number(m[3]), expires: Number(m[4]) };
  const expected = Buffer.from(sign(secret, payloadOf(claims)));
  const given = Buffer.from(m[5]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'forged' };
  if (Math.floor(now / 1000) > claims.expires) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}

/** The inline Content-Disposition of a stored file (lib/send-file.ts contentDisposition). */
export const inlineDisposition = (fileName: string): string => contentDisposition(fileName, { inline: true });

/** The public route `GET /api/files/:token` (rate-limited like every public route). */
export async function fileLinkRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/files/:token',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['files'],
        summary: '署名付きリンクのファイル（ログイン不要・5分間有効）',
        params: z.object({ token: z.string().max(200) }),
        response: {
          200: fileResponse(['application/pdf', 'image/jpeg', 'image/png'], '保存されたファイル（inline）'),
        },
      },
    },
    async (req, reply) => {
      const verified = verifyFileLinkToken(await fileLinkSecret(app.deps), req.params.token);
      if (!verified.ok) {
        if (verified.reason === 'expired') {
          throw new HttpError(410, 'リンクの有効期限（5分）が切れています。画面からもう一度ファイルを開いてください');
        }
        throw new HttpError(403, 'リンクが正しくありません。画面からもう一度ファイルを開いてください');
      }
      const { kind, fileId, companyId } = verified.claims;
      const source = sources.get(kind);
      const file = source ? await source(app.deps.db, companyId, fileId) : undefined;
      const bytes = file ? await app.deps.storage.get(file.storage_key) : undefined;
      if (!file || !bytes) throw notFound('ファイルが見つかりません');
      return sendFile(
        (reply as FastifyReply)
          .header('Content-Length', bytes.length)
          .header('X-Content-Type-Options', 'nosniff')
          // the edit screen shows the file in an <iframe> of the same origin
          .header('X-Frame-Options', 'SAMEORIGIN')
          .header(
            'Content-Security-Policy',
            "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'",
          ),
        bytes,
        { type: file.content_type, name: file.file_name, inline: true, cache: 'private, no-store' },
      );
    },
  );
}
