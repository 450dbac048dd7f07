import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/**
 * A small RGB PNG drawn by `pixel(x, y) → [r, g, b]` (demo logos and tests; no image library needed).
 */
export function makePng(
  width: number,
  height: number,
  pixel: (x: number, y: number) => [number, number, number],
): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      raw[row + 1 + x * 3] = r;
      raw[row + 2 + x * 3] = g;
      raw[row + 3 + x * 3] = b;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The demo company logo: a rounded orange badge with a white ledger mark (distinct from the Chobo logo). */
export function demoLogoPng(): Buffer {
  const size = 96;
  return makePng(size, size, (x, y) => {
    const cx = x - size / 2 + 0.5;
    const cy = y - size / 2 + 0.5;
    const inBadge =
      Math.abs(cx) < 44 &&
      Math.abs(cy) < 44 &&
      (Math.abs(cx) < 34 || Math.abs(cy) < 34 || Math.hypot(Math.abs(cx) - 34, Math.abs(cy) - 34) < 10);
    if (!inBadge) return [255, 255, 255];
    const book = Math.abs(cx) < 24 && Math.abs(cy) < 28;
    const line = book && Math.abs(cx) < 16 && [-14, -4, 6, 16].some((l) => Math.abs(cy - l) < 2);
    if (line) return [232, 118, 34];
    if (book) return [255, 255, 255];
    return [232, 118, 34];
  });
}
