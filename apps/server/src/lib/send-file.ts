import type { FastifyReply } from 'fastify';

/**
 * The one way a route answers a file (CSV, PDF, a stored upload): Content-Type, Content-Disposition with the
 * Japanese file name (RFC 5987/6266: an ASCII `filename="…"` for old clients plus `filename*=UTF-8''…`) and
 * Cache-Control (default no-store: a file of the books is never kept by a browser or proxy).
 */
export interface FileAnswer {
  /** The whole Content-Type; CSV: csvType(encoding). */
  type: string;
  /** The file name the browser saves (or shows) the file under, Japanese allowed. */
  name: string;
  /** The ASCII `filename="…"`; default: `name` with every non-ASCII character, `"` and `\` as `_`. */
  fallback?: string;
  /** Shown in the browser (inline) instead of saved (attachment, the default). */
  inline?: boolean;
  /** Cache-Control; default 'no-store'. */
  cache?: string;
}

/** Content-Type of a CSV file in the encoding asked for (UTF-8 unless sjis). */
export const csvType = (encoding: 'utf8' | 'sjis' = 'utf8') =>
  `text/csv; charset=${encoding === 'sjis' ? 'Shift_JIS' : 'utf-8'}`;

/** RFC 5987 value-chars: encodeURIComponent plus ' ( ) *, which it leaves as they are. */
const rfc5987 = (s: string) =>
  encodeURIComponent(s).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** `attachment; filename="…"; filename*=UTF-8''…` (the second part only when the name is not plain ASCII). */
export function contentDisposition(name: string, opts: { fallback?: string; inline?: boolean } = {}): string {
  const ascii = opts.fallback ?? (name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'file');
  const head = `${opts.inline ? 'inline' : 'attachment'}; filename="${ascii}"`;
  return ascii === name ? head : `${head}; filename*=UTF-8''${rfc5987(name)}`;
}

/** Sends `body` (Buffer, string or stream) as the file `answer` describes. */
export function sendFile(reply: FastifyReply, body: unknown, answer: FileAnswer): FastifyReply {
  return reply
    .header('Content-Type', answer.type)
    .header('Content-Disposition', contentDisposition(answer.name, answer))
    .header('Cache-Control', answer.cache ?? 'no-store')
    .send(body);
}
