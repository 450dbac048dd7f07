import jpeg from 'jpeg-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyOwner, createDomain, createTestApp, signedInAdmin, type TestContext } from '../test/harness.js';
import { uploadFile } from '../test/multipart.js';
import { decodeImage } from './images.js';
import { makePng } from './png.js';

/** Logos are decoded completely before they are stored: only real PNG/JPEG images are accepted. */

const PNG = makePng(16, 16, (x, y) => [x * 16, y * 16, 128]);
const JPEG = Buffer.from(jpeg.encode({ width: 16, height: 16, data: Buffer.alloc(16 * 16 * 4, 0x80) }, 85).data);
const PNG_MAGIC = PNG.subarray(0, 8);
const HTML = Buffer.from('<html><script>alert(document.cookie)</script></html>');

const FAKES: [string, Buffer][] = [
  ['PNG signature + HTML', Buffer.concat([PNG_MAGIC, HTML])],
  ['a real PNG + HTML after IEND', Buffer.concat([PNG, HTML])],
  ['PNG with a corrupted pixel stream', Buffer.concat([PNG.subarray(0, 40), Buffer.alloc(20, 0x55), PNG.subarray(60)])],
  ['JPEG signature + HTML', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), HTML])],
  ['a real JPEG + HTML after the end marker', Buffer.concat([JPEG, HTML])],
];

describe('decodeImage', () => {
  it('accepts real images', () => {
    expect(decodeImage(PNG, 'png')).toEqual({ width: 16, height: 16 });
    expect(decodeImage(JPEG, 'jpeg')).toEqual({ width: 16, height: 16 });
  });

  it('refuses a PNG declaring 100000×100000 pixels before inflating anything', () => {
    const big = Buffer.from(PNG);
    big.writeUInt32BE(100_000, 16);
    big.writeUInt32BE(100_000, 20);
    expect(() => decodeImage(big, 'png')).toThrow('image too large');
  });
});

describe('logo routes', () => {
  let ctx: TestContext;
  let ownerToken: string;
  let adminToken: string;
  let routes: string[];
  beforeAll(async () => {
    ctx = await createTestApp();
    const owner = await companyOwner(ctx);
    ownerToken = owner.token;
    adminToken = (await signedInAdmin(ctx)).token;
    const domain = await createDomain(ctx.db);
    routes = [
      '/api/company/logo',
      `/api/admin/companies/${owner.company.id}/logo`,
      `/api/admin/domains/${domain.id}/logo`,
    ];
  });
  afterAll(() => ctx.close());

  const tokenFor = (url: string) => (url.startsWith('/api/admin/') ? adminToken : ownerToken);

  it.each(FAKES)('%s → 422 with a Japanese message on every logo route', async (_label, content) => {
    for (const url of routes) {
      const res = await uploadFile(ctx.app, tokenFor(url), url, 'logo.png', content);
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors.file[0]).toMatch(/画像を読み込めませんでした/);
    }
  });

  it.each([
    ['PNG', PNG, 'image/png'],
    ['JPEG', JPEG, 'image/jpeg'],
  ])('a real %s is still accepted on every logo route', async (_label, content, mime) => {
    for (const url of routes) {
      const res = await uploadFile(ctx.app, tokenFor(url), url, 'logo', content);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain(`data:${mime};base64,${content.toString('base64')}`);
    }
  });
});
