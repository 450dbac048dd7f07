import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * The evaluation set's fonts: Noto Sans JP in several weights (npm package already in the repo) and the Noto
 * Serif CJK JP / Noto Sans Mono CJK JP faces of the system's fonts-noto-cjk collections (a .ttc holds several
 * fonts sharing tables; pdf-lib embeds single fonts, so one face is copied out into its own sfnt). Nothing
 * is downloaded; a missing system collection simply leaves those faces out.
 */

/** One face of a TrueType/OpenType collection as a standalone font file. */
export function faceFromCollection(ttc: Buffer, index: number): Buffer {
  if (ttc.toString('latin1', 0, 4) !== 'ttcf') return ttc;
  const at = ttc.readUInt32BE(12 + 4 * index);
  const numTables = ttc.readUInt16BE(at + 4);
  const records: { tag: string; checksum: number; offset: number; length: number }[] = [];
  for (let i = 0; i < numTables; i++) {
    const r = at + 12 + 16 * i;
    records.push({
      tag: ttc.toString('latin1', r, r + 4),
      checksum: ttc.readUInt32BE(r + 4),
      offset: ttc.readUInt32BE(r + 8),
      length: ttc.readUInt32BE(r + 12),
    });
  }
  const headerLength = 12 + 16 * numTables;
  const pad = (n: number) => (n + 3) & ~3;
  const total = headerLength + records.reduce((s, r) => s + pad(r.length), 0);
  const out = Buffer.alloc(total);
  ttc.copy(out, 0, at, at + 12);
  let data = headerLength;
  records.forEach((r, i) => {
    const o = 12 + 16 * i;
    out.write(r.tag, o, 'latin1');
    out.writeUInt32BE(r.checksum, o + 4);
    out.writeUInt32BE(data, o + 8);
    out.writeUInt32BE(r.length, o + 12);
    ttc.copy(out, data, r.offset, r.offset + r.length);
    data += pad(r.length);
  });
  return out;
}

/** The face of `family` (its name table's family, e.g. 'Noto Serif CJK JP') in a collection, or null. */
function faceIndex(ttc: Buffer, family: string): number | null {
  const n = ttc.readUInt32BE(8);
  for (let i = 0; i < n; i++) {
    const face = faceFromCollection(ttc, i);
    // the family name appears UTF-16BE in the name table
    if (face.includes(Buffer.from(family, 'utf16le').swap16())) return i;
  }
  return null;
}

export interface EvalFont {
  name: string;
  bytes: Buffer;
}

const SYSTEM = '/usr/share/fonts/opentype/noto/';
let cache: EvalFont[] | null = null;

export function evalFonts(): EvalFont[] {
  if (cache) return cache;
  const sans = (w: string) => readFileSync(require.resolve(`@expo-google-fonts/noto-sans-jp/${w}/NotoSansJP_${w}.ttf`));
  const fonts: EvalFont[] = [
    { name: 'sans-300', bytes: sans('300Light') },
    { name: 'sans-400', bytes: sans('400Regular') },
    { name: 'sans-500', bytes: sans('500Medium') },
    { name: 'sans-700', bytes: sans('700Bold') },
    { name: 'sans-900', bytes: sans('900Black') },
  ];
  for (const [file, family, name] of [
    ['NotoSerifCJK-Regular.ttc', 'Noto Serif CJK JP', 'serif-400'],
    ['NotoSerifCJK-Bold.ttc', 'Noto Serif CJK JP', 'serif-700'],
    ['NotoSansCJK-Regular.ttc', 'Noto Sans Mono CJK JP', 'mono-400'],
  ] as const) {
    try {
      const ttc = readFileSync(SYSTEM + file);
      const i = faceIndex(ttc, family);
      if (i !== null) fonts.push({ name, bytes: faceFromCollection(ttc, i) });
    } catch {
      // not installed here
    }
  }
  cache = fonts;
  return fonts;
}
