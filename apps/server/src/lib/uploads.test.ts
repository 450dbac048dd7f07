import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadEnv } from '../env.js';
import { createTestApp, type TestContext } from '../test/harness.js';
import { makePng } from './png.js';
import { readUpload, sniffKind, toDataUrl } from './uploads.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const JPEG = Buffer.from('ffd8ffe000104a464946', 'hex');

function multipartBody(filename: string, content: Buffer, field = 'file') {
  const boundary = '----chobo-test-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

let ctx: TestContext;
let app: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
  app = await buildApp({ env: loadEnv({ NODE_ENV: 'test' }), db: ctx.db, driver: 'pglite' });
  app.post('/api/test-upload', { config: { access: { public: true } } }, async (req) => {
    const upload = await readUpload(req, { maxBytes: 1024, kinds: ['png', 'jpeg'] });
    return { kind: upload.kind, size: upload.buffer.length, url: toDataUrl(upload).slice(0, 22) };
  });
});
afterAll(async () => {
  await app.close();
  await ctx.close();
});

describe('sniffKind', () => {
  it('judges by content', () => {
    expect(sniffKind(PNG)).toBe('png');
    expect(sniffKind(JPEG)).toBe('jpeg');
    expect(sniffKind(Buffer.from('%PDF-1.7\n'))).toBe('pdf');
    expect(sniffKind(Buffer.from('コード,商品名\r\n', 'utf8'))).toBe('text');
    expect(sniffKind(Buffer.from([0x00, 0x01, 0x02]))).toBeNull();
  });
});

describe('readUpload', () => {
  it('accepts an image whose bytes are PNG whatever its name', async () => {
    const png = makePng(4, 4, () => [200, 10, 10]);
    const { body, headers } = multipartBody('logo.txt', png);
    const res = await app.inject({ method: 'POST', url: '/api/test-upload', payload: body, headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ kind: 'png', size: png.length, url: 'data:image/png;base64,' });
  });

  it('refuses a file named .png whose content is not an image (415)', async () => {
    const { body, headers } = multipartBody('logo.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    const res = await app.inject({ method: 'POST', url: '/api/test-upload', payload: body, headers });
    expect(res.statusCode).toBe(415);
    expect(res.json().errors.file).toEqual(['PNG・JPEGのファイルを選択してください']);
  });

  it('refuses a file over the size limit (413)', async () => {
    const { body, headers } = multipartBody('big.png', Buffer.concat([PNG, Buffer.alloc(2000)]));
    const res = await app.inject({ method: 'POST', url: '/api/test-upload', payload: body, headers });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('ファイルサイズは1KB以下にしてください');
  });

  it('refuses a request that is not multipart (415) and one without a file (422)', async () => {
    const json = await app.inject({ method: 'POST', url: '/api/test-upload', payload: { a: 1 } });
    expect(json.statusCode).toBe(415);
    const boundary = '----x';
    const empty = await app.inject({
      method: 'POST',
      url: '/api/test-upload',
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(empty.statusCode).toBe(422);
  });
});
