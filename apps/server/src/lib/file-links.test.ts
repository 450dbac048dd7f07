import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness.js';
import { FILE_LINK_TTL_SECONDS, fileLinkToken, inlineDisposition, verifyFileLinkToken } from './file-links.js';

const secret = Buffer.from('0123456789abcdef0123456789abcdef');
const file = { kind: 'td', fileId: 42, companyId: 7 };

describe('file link tokens', () => {
  it('verify until the expiry, then report expired; any change of a claim or the signature is forged', () => {
    const now = Date.UTC(2026, 10, 25, 12, 0, 0);
    const token = fileLinkToken(secret, file, now);
    expect(verifyFileLinkToken(secret, token, now)).toEqual({
      ok: true,
      claims: { ...file, expires: now / 1000 + FILE_LINK_TTL_SECONDS },
    });
    expect(verifyFileLinkToken(secret, token, now + FILE_LINK_TTL_SECONDS * 1000).ok).toBe(true);
    expect(verifyFileLinkToken(secret, token, now + FILE_LINK_TTL_SECONDS * 1000 + 1000)).toEqual({
      ok: false,
      reason: 'expired',
    });
    const [kind, id, company, exp, sig] = token.split('.');
    for (const t of [
      `ocr.${id}.${company}.${exp}.${sig}`,
      `${kind}.43.${company}.${exp}.${sig}`,
      `${kind}.${id}.8.${exp}.${sig}`,
      `${kind}.${id}.${company}.${Number(exp) + 60}.${sig}`,
      `${kind}.${id}.${company}.${exp}.${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`,
      `${token}x`,
      '',
    ]) {
      expect(verifyFileLinkToken(secret, t, now), t).toEqual({ ok: false, reason: 'forged' });
    }
    expect(verifyFileLinkToken(Buffer.from('another key of thirty-two bytes!'), token, now).ok).toBe(false);
  });

  it('Content-Disposition: inline with the UTF-8 name (RFC 5987) and an ASCII fallback', () => {
    expect(inlineDisposition('請求書 (5月).pdf')).toBe(
      `inline; filename="___ (5_).pdf"; filename*=UTF-8''%E8%AB%8B%E6%B1%82%E6%9B%B8%20%285%E6%9C%88%29.pdf`,
    );
    expect(inlineDisposition('a"b.png')).toBe(`inline; filename="a_b.png"; filename*=UTF-8''a%22b.png`);
  });
});

describe('GET /api/files/:token', () => {
  const ctx = useTestApp({ rateLimits: { publicMax: 3, max: 100, windowSeconds: 60 } });

  it('is a public route counted by the public rate limit (429 after publicMax)', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      codes.push((await ctx.app.inject({ method: 'GET', url: '/api/files/td.1.1.1.x' })).statusCode);
    }
    expect(codes.slice(0, 3)).toEqual([403, 403, 403]);
    expect(codes.slice(3)).toEqual([429, 429]);
  });
});
