/**
 * Differential test: a generated journal of thousands of entries is posted through the API and also
 * written as a ledger-cli journal; the per-account balances of the trial balance must equal
 * `ledger bal --flat` to the yen (ledger 3.3, Debian package; .ci/run installs it).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { JournalEntryValues } from '@chobo/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyOwner, createTestApp, type TestContext } from '../../test/harness.js';
import { generateEntries, prng, randomCompound } from './journal-generator.js';

const LEDGER = process.env.LEDGER_PATH ?? '/usr/bin/ledger';
const COUNT = 2000;

let ctx: TestContext;
let dir: string;
beforeAll(async () => {
  ctx = await createTestApp();
  dir = mkdtempSync(path.join(tmpdir(), 'chobo-ledger-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await ctx.close();
});

function toLedger(entries: JournalEntryValues[]): string {
  return entries
    .map((e) => {
      const head = `${e.date.replace(/-/g, '/')} * ${e.description.replace(/[;\n]/g, ' ')}`;
      const lines = e.lines.map((l) => `    A${l.account_id}    ${l.debit > 0 ? l.debit : -l.credit}`);
      return [head, ...lines].join('\n');
    })
    .join('\n\n');
}

describe('per-account balances equal ledger-cli', () => {
  it(`${COUNT} entries posted through the API balance like ledger to the yen`, { timeout: 600_000 }, async () => {
    const owner = await companyOwner(ctx, { fiscal_year_end_month: 3 });
    const accounts = (await owner.api.get('/api/company/accounts')).json().data as { id: number; code: string }[];
    const ids = Object.fromEntries(accounts.map((a) => [a.code, a.id]));
    const rng = prng(42);
    const entries = [
      ...generateEntries((c) => ids[c], { seed: 42, from: '2025-04-01', to: '2027-03-31', count: COUNT - 500 }),
      ...Array.from({ length: 500 }, () =>
        randomCompound(
          rng,
          accounts.map((a) => a.id),
          `2026-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`,
        ),
      ),
    ];
    for (const e of entries) {
      const r = await owner.api.post('/api/accountings', e);
      if (r.statusCode !== 201) throw new Error(r.body);
    }
    const file = path.join(dir, 'journal.ledger');
    writeFileSync(file, toLedger(entries));
    const out = execFileSync(LEDGER, [
      '-f',
      file,
      'bal',
      '--flat',
      '--no-total',
      '--empty',
      '--balance-format',
      '%(account)\t%(quantity(scrub(display_total)))\n',
    ]).toString();
    const expected = new Map<number, number>();
    for (const line of out.trim().split('\n')) {
      const [acc, amount] = line.split('\t');
      expected.set(Number(acc.slice(1)), Number(amount));
    }
    expect(expected.size).toBeGreaterThan(40);

    // whole history (and a sub-range, via opening + movements) from the API
    const tb = (await owner.api.get('/api/company/trial-balance?from=2025-04-01&to=2027-03-31')).json().data;
    const actual = new Map<number, number>();
    for (const r of tb.rows as { account_id: number; normal_side: string; closing: number }[]) {
      const netDebit = r.normal_side === 'debit' ? r.closing : -r.closing;
      if (netDebit !== 0 || expected.has(r.account_id)) actual.set(r.account_id, netDebit);
    }
    for (const [acc, amount] of expected) expect([acc, actual.get(acc) ?? 0]).toEqual([acc, amount]);
    for (const [acc, amount] of actual) expect([acc, amount]).toEqual([acc, expected.get(acc) ?? 0]);

    // a period ending mid-way: ledger with --end
    const mid = execFileSync(LEDGER, [
      '-f',
      file,
      'bal',
      '--flat',
      '--no-total',
      '--end',
      '2026/07/01',
      '--balance-format',
      '%(account)\t%(quantity(scrub(display_total)))\n',
    ]).toString();
    const tbMid = (await owner.api.get('/api/company/trial-balance?from=2025-04-01&to=2026-06-30')).json().data;
    const midApi = new Map<number, number>(
      (tbMid.rows as { account_id: number; normal_side: string; closing: number }[]).map((r) => [
        r.account_id,
        r.normal_side === 'debit' ? r.closing : -r.closing,
      ]),
    );
    for (const line of mid.trim().split('\n')) {
      const [acc, amount] = line.split('\t');
      expect([acc, midApi.get(Number(acc.slice(1))) ?? 0]).toEqual([acc, Number(amount)]);
    }
    // a ragged range (not month-aligned): the movements of the period
    const ragged = execFileSync(LEDGER, [
      '-f',
      file,
      'bal',
      '--flat',
      '--no-total',
      '--begin',
      '2025/06/15',
      '--end',
      '2026/08/04',
      '--balance-format',
      '%(account)\t%(quantity(scrub(display_total)))\n',
    ]).toString();
    const tbRagged = (await owner.api.get('/api/company/trial-balance?from=2025-06-15&to=2026-08-03')).json().data;
    const moves = new Map<number, number>(
      (tbRagged.rows as { account_id: number; debit: number; credit: number }[]).map((r) => [
        r.account_id,
        r.debit - r.credit,
      ]),
    );
    for (const line of ragged.trim().split('\n')) {
      const [acc, amount] = line.split('\t');
      expect([acc, moves.get(Number(acc.slice(1))) ?? 0]).toEqual([acc, Number(amount)]);
    }
    expect(tb.totals.debit).toBe(tb.totals.credit);
  });
});
