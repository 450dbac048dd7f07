import type { FastifyRequest } from 'fastify';
import { HttpError } from './http-errors.js';
import { decodeImage, ImageDecodeError, MAX_IMAGE_SIDE } from './images.js';

/** 'xml': a received e-invoice, accepted only by its own route once read as UBL (never by sniffKind). */
export type FileKind = 'png' | 'jpeg' | 'pdf' | 'text' | 'xml';

const KIND_LABELS: Record<FileKind, string> = {
  png: 'PNG',
  jpeg: 'JPEG',
  pdf: 'PDF',
  text: 'CSV/テキスト',
  xml: 'XML（電子インボイス）',
};
const MIME: Record<FileKind, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  pdf: 'application/pdf',
  text: 'text/plain',
  xml: 'application/xml',
};

/** What a file really is, judged by its first bytes (never by its name or the browser's claim). */
export function sniffKind(buf: Buffer): FileKind | null {
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.length >= 5 && buf.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  // Text (CSV, 全銀): no NUL byte in the first 8 KiB.
  if (!buf.subarray(0, 8192).includes(0)) return 'text';
  return null;
}

export interface Upload {
  buffer: Buffer;
  filename: string;
  kind: FileKind;
  mime: string;
}

/** A file part of a multipart body as read, before its content is checked. */
export interface RawFilePart {
  buffer: Buffer;
  /** The browser's name through cleanFileName; '' when it sent none. */
  filename: string;
}

/**
 * THE multipart reader every upload route goes through (directly or by readUpload / readUploads): every
 * part of the body, files (each at most `maxBytes`: 413; at most `maxFiles` of the field `file`: 422) and
 * text fields. Whatever else goes wrong while the body is parsed is the body's fault — busboy's plain
 * Errors ("Unexpected end of multipart data", "Part terminated early due to unexpected end of multipart
 * data", "Malformed part header" …) and @fastify/multipart's — and answers the Japanese 400 of a cut or
 * corrupted body, never a 500.
 */
export async function readMultipart(
  req: FastifyRequest,
  opts: { maxBytes: number; maxFiles: number; otherFiles?: readonly string[] },
): Promise<{ files: RawFilePart[]; fields: Record<string, string>; others: Record<string, RawFilePart> }> {
  if (!req.isMultipart()) throw new HttpError(415, 'ファイルを multipart/form-data で送信してください');
  const files: RawFilePart[] = [];
  const fields: Record<string, string> = {};
  // files of the named other fields (one each: a registry file's signature beside it)
  const others: Record<string, RawFilePart> = {};
  try {
    for await (const part of req.parts({ limits: { fileSize: opts.maxBytes, files: opts.maxFiles + 1 } })) {
      if (part.type !== 'file') {
        fields[part.fieldname] = String(part.value ?? '');
        continue;
      }
      const buffer = await part.toBuffer();
      const filename = cleanFileName(part.filename, '');
      if (part.file.truncated) throw tooLarge(opts.maxBytes, opts.maxFiles > 1 ? filename || 'file' : undefined);
      if (part.fieldname !== 'file') {
        if (opts.otherFiles?.includes(part.fieldname)) others[part.fieldname] = { buffer, filename };
        continue;
      }
      files.push({ buffer, filename });
      if (files.length > opts.maxFiles) throw tooManyFiles(opts.maxFiles);
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(opts.maxBytes);
    if (code === 'FST_FILES_LIMIT') throw tooManyFiles(opts.maxFiles);
    throw malformedMultipart();
  }
  return { files, fields, others };
}

function tooManyFiles(maxFiles: number) {
  const message = `一度にアップロードできるファイルは${maxFiles}件までです`;
  return new HttpError(422, message, { file: [message] });
}

/**
 * Reads the multipart field `file` of a request, at most `maxBytes` (413 beyond), and checks its content
 * is one of `kinds` (415 otherwise). Messages are Japanese.
 */
export async function readUpload(req: FastifyRequest, opts: { maxBytes: number; kinds: FileKind[] }): Promise<Upload> {
  const [part] = (await readMultipart(req, { maxBytes: opts.maxBytes, maxFiles: 1 })).files;
  if (!part) throw new HttpError(422, 'ファイルを選択してください', { file: ['ファイルを選択してください'] });
  const { buffer } = part;
  if (buffer.length === 0) throw new HttpError(422, 'ファイルが空です', { file: ['ファイルが空です'] });
  const kind = sniffKind(buffer);
  if (!kind || !opts.kinds.includes(kind)) {
    const allowed = opts.kinds.map((k) => KIND_LABELS[k]).join('・');
    throw new HttpError(415, `${allowed}のファイルを選択してください`, {
      file: [`${allowed}のファイルを選択してください`],
    });
  }
  if (kind === 'png' || kind === 'jpeg') checkImage(buffer, kind);
  return { buffer, filename: part.filename || 'file', kind, mime: MIME[kind] };
}

const MALFORMED_MESSAGE =
  '送信されたデータが途中で途切れているか、形式が正しくありません。ファイルを選び直して再度送信してください';

/** The 400 answer to a truncated or corrupted multipart body. */
export function malformedMultipart() {
  return new HttpError(400, MALFORMED_MESSAGE, { file: [MALFORMED_MESSAGE] });
}

/**
 * Whether an error comes from parsing a broken multipart body (busboy's plain Errors carry no code, so
 * they are recognised by message; @fastify/multipart's own by code).
 */
export function isMalformedMultipart(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: string }).code;
  if (code === 'FST_MP_PREMATURE_CLOSE' || code === 'FST_PROTO_VIOLATION' || code === 'FST_INVALID_JSON_FIELD_ERROR') {
    return true;
  }
  return /^(Unexpected end of (multipart data|form)|(Part|Preamble) terminated early|Multipart: Boundary not found|Malformed (part )?header|Malformed urlencoded form|Unsupported content type)/i.test(
    err.message,
  );
}

/** An image is decoded completely before it is accepted: a PNG/JPEG signature followed by anything else is 422. */
function checkImage(buffer: Buffer, kind: 'png' | 'jpeg') {
  try {
    decodeImage(buffer, kind);
  } catch (err) {
    if (!(err instanceof ImageDecodeError)) throw err;
    const message =
      err.message === 'image too large'
        ? `画像は縦横${MAX_IMAGE_SIDE}ピクセル以内にしてください`
        : '画像を読み込めませんでした。壊れていないPNGまたはJPEGのファイルを選択してください';
    throw new HttpError(422, message, { file: [message] });
  }
}

function tooLarge(maxBytes: number, fileName?: string) {
  const size = maxBytes >= 1024 * 1024 ? `${maxBytes / 1024 / 1024}MB` : `${Math.round(maxBytes / 1024)}KB`;
  const message = `${fileName ? `「${fileName}」: ` : ''}ファイルサイズは${size}以下にしてください`;
  return new HttpError(413, message, { file: [message] });
}

/** An uploaded image as a data URL (logos are small and stored inline). */
export function toDataUrl(upload: Upload): string {
  return `data:${upload.mime};base64,${upload.buffer.toString('base64')}`;
}

/** The name a browser sent, without any folder part or control characters, at most 255 characters. */
export function cleanFileName(name: string | undefined, fallback = 'file'): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean || fallback).slice(0, 255);
}

/** A PDF must start with %PDF- and end with %%EOF (a truncated upload does not). */
function checkPdf(buffer: Buffer, label: string) {
  if (!buffer.subarray(Math.max(0, buffer.length - 1024)).includes('%%EOF')) {
    const message = `${label}PDFファイルが壊れているか、途中までしかありません。元のファイルを選び直してください`;
    throw new HttpError(422, message, { file: [message] });
  }
}

/**
 * Reads every part of the repeatable multipart field `file` (at most `maxFiles`, each at most `maxBytes`)
 * and checks each one's content (magic bytes; images decoded completely; a PDF's %%EOF). All or nothing:
 * the first bad file refuses the whole request (413 / 415 / 422 naming the file) before anything is kept.
 */
export async function readUploads(
  req: FastifyRequest,
  opts: { maxBytes: number; kinds: FileKind[]; maxFiles: number },
): Promise<Upload[]> {
  const parts = (await readMultipart(req, opts)).files.map((p) => ({ ...p, filename: p.filename || 'file' }));
  if (parts.length === 0)
    throw new HttpError(422, 'ファイルを選択してください', { file: ['ファイルを選択してください'] });
  return parts.map(({ buffer, filename }) => {
    const label = parts.length > 1 ? `「${filename}」: ` : '';
    if (buffer.length === 0)
      throw new HttpError(422, `${label}ファイルが空です`, { file: [`${label}ファイルが空です`] });
    const kind = sniffKind(buffer);
    if (!kind || !opts.kinds.includes(kind)) {
      const allowed = opts.kinds.map((k) => KIND_LABELS[k]).join('・');
      const message = `${label}${allowed}のファイルを選択してください`;
      throw new HttpError(415, message, { file: [message] });
    }
    if (kind === 'png' || kind === 'jpeg') {
      try {
        checkImage(buffer, kind);
      } catch (err) {
        if (err instanceof HttpError && label)
          throw new HttpError(err.statusCode, `${label}${err.message}`, err.errors);
        throw err;
      }
    }
    if (kind === 'pdf') checkPdf(buffer, label);
    return { buffer, filename, kind, mime: MIME[kind] };
  });
}
