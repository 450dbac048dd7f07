import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

/**
 * Full decoding of uploaded images (logos) before they are stored: a file that only starts like a PNG or
 * a JPEG (e.g. a PNG signature followed by HTML) is refused. Pure JavaScript (pngjs, jpeg-js): no native
 * binaries, see docs/adr/0004-image-decoding.md.
 */

/** The largest image accepted, per side and in pixels (a logo never needs more; bounds decoding memory). */
export const MAX_IMAGE_SIDE = 4096;
export const MAX_IMAGE_PIXELS = 16 * 1024 * 1024;

export interface ImageInfo {
  width: number;
  height: number;
}

export class ImageDecodeError extends Error {}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function checkSize(width: number, height: number) {
  if (!(width > 0 && height > 0)) throw new ImageDecodeError('empty image');
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS) {
    throw new ImageDecodeError('image too large');
  }
}

/**
 * Decodes a PNG completely (every chunk CRC, the whole IDAT stream) and refuses bytes after IEND. The
 * size in IHDR is checked before decoding, so a small file cannot inflate to gigabytes.
 */
export function decodePng(buf: Buffer): ImageInfo {
  if (buf.length < 33 || !buf.subarray(0, 8).equals(PNG_SIGNATURE) || buf.toString('latin1', 12, 16) !== 'IHDR') {
    throw new ImageDecodeError('not a PNG');
  }
  checkSize(buf.readUInt32BE(16), buf.readUInt32BE(20));
  // walk the chunks: the file must end right after IEND
  let at = 8;
  let ended = false;
  while (at + 12 <= buf.length) {
    const length = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    at += 12 + length;
    if (type === 'IEND') {
      ended = true;
      break;
    }
  }
  if (!ended || at !== buf.length) throw new ImageDecodeError('data outside the PNG chunks');
  let png: PNG;
  try {
    png = PNG.sync.read(buf, { checkCRC: true });
  } catch {
    throw new ImageDecodeError('broken PNG');
  }
  return { width: png.width, height: png.height };
}

/** Decodes a JPEG completely (bounded resolution and memory) and refuses non-zero bytes after its end marker. */
export function decodeJpeg(buf: Buffer): ImageInfo {
  const end = buf.lastIndexOf(Buffer.from([0xff, 0xd9]));
  if (end < 0 || buf.subarray(end + 2).some((b) => b !== 0)) {
    throw new ImageDecodeError('data after the JPEG end');
  }
  try {
    const img = jpeg.decode(buf, {
      useTArray: true,
      formatAsRGBA: false,
      maxResolutionInMP: MAX_IMAGE_PIXELS / (1024 * 1024),
      maxMemoryUsageInMB: 256,
    });
    checkSize(img.width, img.height);
    return { width: img.width, height: img.height };
  } catch (err) {
    if (err instanceof ImageDecodeError) throw err;
    throw new ImageDecodeError('broken JPEG');
  }
}

export function decodeImage(buf: Buffer, kind: 'png' | 'jpeg'): ImageInfo {
  return kind === 'png' ? decodePng(buf) : decodeJpeg(buf);
}
