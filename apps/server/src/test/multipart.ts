import type { App } from '../app.js';

/** A multipart/form-data body with one file field (for upload tests). */
export function multipartBody(
  filename: string,
  content: Buffer,
  field = 'file',
  contentType = 'application/octet-stream',
) {
  const boundary = '----chobo-test-boundary-7f3a';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POSTs one file as multipart `file` with a bearer token. */
export function uploadFile(app: App, token: string, url: string, filename: string, content: Buffer) {
  const { body, headers } = multipartBody(filename, content);
  return app.inject({ method: 'POST', url, payload: body, headers: { ...headers, authorization: `Bearer ${token}` } });
}

/** A multipart/form-data body with several parts of the field `file` (repeatable uploads). */
export function multipartFiles(files: { name: string; bytes: Buffer; type?: string }[], field = 'file') {
  const boundary = '----chobo-test-boundary-9c1e';
  const body = Buffer.concat([
    ...files.flatMap((f) => [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A minimal well-formed PDF (starts with %PDF-, ends with %%EOF) carrying `text`. */
export function tinyPdf(text = 'test'): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );
}

/** A multipart/form-data body with text fields and one file `file` (fields first, as browsers send them). */
export function multipartForm(fields: Record<string, string | number>, file: { name: string; bytes: Buffer }) {
  const boundary = '----chobo-test-boundary-5b2d';
  const body = Buffer.concat([
    ...Object.entries(fields).map(([k, v]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
