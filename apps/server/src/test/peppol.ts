import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { XMLParser } from 'fast-xml-parser';
import { unzipSync } from 'fflate';

/**
 * The official JP PINT 1.1.3 resources (OpenPeppol's; never copied into this repository — see
 * shared/peppol/README.md) for tests and the bench: found as `shared/peppol/pint-jp-resources-dev-1.1.3.zip`
 * beside the repository or one of its parent folders (CI: the copy of shared/ beside the clone), or in
 * PEPPOL_DIR. Unpacked to node_modules/.cache/pint-jp; the two schematron XSLTs are compiled once each to
 * SEF (xslt3) there and run in process by saxon-js.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../../..');
const ZIP = 'pint-jp-resources-dev-1.1.3.zip';
const CACHE = path.join(repoRoot, 'node_modules/.cache/pint-jp');

export function peppolZip(): string | null {
  if (process.env.PEPPOL_DIR) {
    const p = path.join(process.env.PEPPOL_DIR, ZIP);
    return existsSync(p) ? p : null;
  }
  for (let dir = path.dirname(repoRoot); ; dir = path.dirname(dir)) {
    const p = path.join(dir, 'shared/peppol', ZIP);
    if (existsSync(p)) return p;
    if (path.dirname(dir) === dir) return null;
  }
}

export const PEPPOL_MISSING =
  'the official JP PINT resources (shared/peppol/pint-jp-resources-dev-1.1.3.zip) are not beside the repository';

/** Unpacks the ZIP once; answers the folder with trn-invoice/. */
export function peppolResources(): string {
  const zip = peppolZip();
  if (!zip) throw new Error(PEPPOL_MISSING);
  const marker = path.join(CACHE, 'trn-invoice/schematron/PINT-jurisdiction-aligned-rules.xslt');
  if (!existsSync(marker)) {
    const files = unzipSync(readFileSync(zip), { filter: (f) => f.name.startsWith('trn-invoice/') });
    for (const [name, bytes] of Object.entries(files)) {
      if (name.endsWith('/')) continue;
      const out = path.join(CACHE, name);
      mkdirSync(path.dirname(out), { recursive: true });
      writeFileSync(out, bytes);
    }
  }
  return CACHE;
}

/** The nine official examples: file name → XML text. */
export function officialExamples(): Map<string, string> {
  const dir = path.join(peppolResources(), 'trn-invoice/example');
  return new Map(
    readdirSync(dir)
      .filter((n) => n.endsWith('.xml'))
      .sort()
      .map((n) => [n, readFileSync(path.join(dir, n), 'utf8')]),
  );
}

const RULES = {
  base: 'PINT-UBL-validation-preprocessed.xslt',
  jp: 'PINT-jurisdiction-aligned-rules.xslt',
} as const;

const require = createRequire(import.meta.url);
type Saxon = { transform(opts: Record<string, unknown>, mode: 'sync'): { principalResult: string } };
let saxon: Saxon | null = null;
const sefs = new Map<string, unknown>();

/** Compiles (once, cached on disk) and loads the SEF of one rule set. */
function sef(which: keyof typeof RULES): unknown {
  const cached = sefs.get(which);
  if (cached) return cached;
  const dir = path.join(peppolResources(), 'trn-invoice/schematron');
  const out = path.join(CACHE, `${which}.sef.json`);
  if (!existsSync(out)) {
    const xslt3 = require.resolve('xslt3/xslt3.js');
    execFileSync(process.execPath, [xslt3, `-xsl:${path.join(dir, RULES[which])}`, `-export:${out}`, '-nogo'], {
      stdio: 'ignore',
    });
  }
  const loaded = JSON.parse(readFileSync(out, 'utf8'));
  sefs.set(which, loaded);
  return loaded;
}

export interface OfficialFinding {
  id: string;
  flag: string;
  text: string;
}

const svrl = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  isArray: () => true,
});

/** Runs both official rule sets on a document: every failed assert (fatal and warning). */
export function officialValidate(xml: string): OfficialFinding[] {
  saxon ??= require('saxon-js') as Saxon;
  const out: OfficialFinding[] = [];
  for (const which of Object.keys(RULES) as (keyof typeof RULES)[]) {
    const result = saxon.transform(
      { stylesheetInternal: sef(which), sourceText: xml, destination: 'serialized' },
      'sync',
    ).principalResult;
    const walk = (node: unknown) => {
      if (!node || typeof node !== 'object') return;
      for (const [k, v] of Object.entries(node)) {
        if (k === 'failed-assert') {
          for (const a of v as Record<string, unknown>[]) {
            const text = (a.text as unknown[] | undefined)?.[0];
            out.push({
              id: String((a.id as unknown[] | string) ?? ''),
              flag: String(a.flag ?? ''),
              text: typeof text === 'string' ? text : JSON.stringify(text ?? ''),
            });
          }
        } else if (Array.isArray(v)) v.forEach(walk);
        else walk(v);
      }
    };
    walk(svrl.parse(result));
  }
  return out;
}

export const fatalOnly = (fs: OfficialFinding[]) => fs.filter((f) => f.flag === 'fatal');
