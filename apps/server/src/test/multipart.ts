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
