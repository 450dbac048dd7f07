import { corporateNumberCheckDigit, REGISTRY_COLUMNS, type RegistryColumn } from '@chobo/core';

/**
 * Files in exactly the published layout (docs/adr/0046) for the demo seed, the tests and the bench: one CSV
 * line per row, UTF-8, no header, the 24 columns in order, text quoted, an absent value empty.
 */

export type RegistryRowSpec = Partial<Record<RegistryColumn, string | number | null>> & {
  registration_number: string;
  name: string;
};

const DEFAULTS: Partial<Record<RegistryColumn, string>> = {
  process_kind: '01',
  correct_kind: '0',
  person_kind: '2',
  domestic_kind: '1',
  latest: '1',
  registered_on: '2023-10-01',
  updated_on: '2023-10-01',
};

export function registryLine(row: RegistryRowSpec, sequenceNo: number): string {
  let out = '';
  for (let i = 0; i < REGISTRY_COLUMNS.length; i++) {
    const c = REGISTRY_COLUMNS[i];
    const v = c === 'sequence_no' ? (row.sequence_no ?? sequenceNo) : (row[c] ?? DEFAULTS[c] ?? null);
    if (i) out += ',';
    if (v === null || v === '') continue;
    out += typeof v === 'number' ? String(v) : `"${v.replace(/"/g, '""')}"`;
  }
  return out;
}

/** A whole CSV file of these rows (一連番号 from 1 unless a row gives its own). */
export function registryFileOf(rows: readonly RegistryRowSpec[]): Buffer {
  return Buffer.from(`${rows.map((r, i) => registryLine(r, i + 1)).join('\n')}\n`, 'utf8');
}

/** The T-number of a 法人番号's last 12 digits (check digit computed). */
export function tNumberOf(twelve: string): string {
  return `T${corporateNumberCheckDigit(twelve)}${twelve}`;
}

/**
 * `n` synthetic 法人 rows in the published layout (the bench's 5-million-row file), as CSV bytes written in
 * blocks: ordered numbers, a realistic address and name, every 50th cancelled and every 97th expired.
 */
export function syntheticRegistryFile(n: number, firstSequence = 1): Buffer {
  const blocks: Buffer[] = [];
  const BLOCK = 50_000;
  for (let start = 0; start < n; start += BLOCK) {
    const lines: string[] = [];
    for (let i = start; i < Math.min(n, start + BLOCK); i++) {
      const twelve = String(100000000000 + i * 7).slice(-12);
      const month = String((i % 12) + 1).padStart(2, '0');
      const cancelled = i % 50 === 0 ? '2025-04-01' : '';
      const expired = i % 97 === 0 && !cancelled ? '2025-10-01' : '';
      lines.push(
        `${firstSequence + i},"${tNumberOf(twelve)}","${cancelled ? '04' : expired ? '03' : '01'}","0","2","1","1","2023-${month}-01","2024-${month}-15",${cancelled},${expired},"東京都千代田区霞が関${(i % 9) + 1}丁目${(i % 30) + 1}番${(i % 20) + 1}号","13","101",,,,"カブシキガイシャ${i}","株式会社サンプル商事${i}",,,,,`,
      );
    }
    blocks.push(Buffer.from(`${lines.join('\n')}\n`, 'utf8'));
  }
  return Buffer.concat(blocks);
}
