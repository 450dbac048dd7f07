/**
 * The published 全銀 bank and branch codes, from the npm package `zengin-code` (a dependency, updated with
 * it: never a copied file). Its data module is about 5 MB of JavaScript, so it is imported on the first
 * lookup, not at start-up, and kept. Names are as published (kana full-width); the 全銀 file converts them.
 */
import type { ZenginEntry } from '@chobo/core';

interface RawEntry {
  code: string;
  name: string;
  kana: string;
  hira: string;
  roma: string;
}
type RawBank = RawEntry & { branches: Record<string, RawEntry> };
type RawData = Record<string, RawBank>;

let loading: Promise<RawData> | undefined;

function data(): Promise<RawData> {
  loading ??= import('zengin-code').then((m) => ((m as { default?: RawData }).default ?? m) as RawData);
  return loading;
}

const entry = (e: RawEntry): ZenginEntry => ({ code: e.code, name: e.name, kana: e.kana });

export async function findBank(code: string): Promise<ZenginEntry | null> {
  const bank = (await data())[code];
  return bank ? entry(bank) : null;
}

export async function findBranch(bankCode: string, branchCode: string): Promise<ZenginEntry | null> {
  const branch = (await data())[bankCode]?.branches[branchCode];
  return branch ? entry(branch) : null;
}

/** Whether the bank exists (undefined when it does not, for a 404 of its branches). */
export async function hasBank(code: string): Promise<boolean> {
  return (await data())[code] !== undefined;
}

/** A word of the search: a code prefix (digits), else a part of the name, kana, hiragana or romaji. */
function matcher(q: string): (e: RawEntry) => boolean {
  const word = q.normalize('NFKC').trim().toLowerCase();
  if (word === '') return () => true;
  if (/^\d+$/.test(word)) return (e) => e.code.startsWith(word);
  // the published names are full-width (三菱ＵＦＪ): compared in NFKC, lower case
  const has = (text: string) => text.normalize('NFKC').toLowerCase().includes(word);
  return (e) => has(e.name) || e.kana.includes(word) || e.hira.includes(word) || e.roma.includes(word);
}

function search(entries: Iterable<RawEntry>, q: string, limit: number): ZenginEntry[] {
  const match = matcher(q);
  const out: ZenginEntry[] = [];
  for (const e of entries) {
    if (match(e)) out.push(entry(e));
    if (out.length >= limit) break;
  }
  return out;
}

export async function searchBanks(q: string, limit: number): Promise<ZenginEntry[]> {
  return search(Object.values(await data()), q, limit);
}

export async function searchBranches(bankCode: string, q: string, limit: number): Promise<ZenginEntry[] | null> {
  const bank = (await data())[bankCode];
  return bank ? search(Object.values(bank.branches), q, limit) : null;
}
