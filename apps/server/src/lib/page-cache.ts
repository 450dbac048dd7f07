import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.js';
import { perHandle } from './per-handle.js';

/**
 * Answers of a list kept in memory under a version the database maintains (ADR 0037): a page is served from
 * here only when the statement that reads the version — in the same snapshot it would have read the page —
 * finds the version the page was kept under. Least recently used first out, bounded by the texts' length.
 */
export class PageCache {
  private readonly pages = new Map<string, { version: string; text: string }>();
  private chars = 0;
  /** Pages answered from memory / read from the database (tests and benchmarks). */
  hits = 0;
  misses = 0;

  constructor(private readonly maxChars: number) {}

  /** The page `key` as kept (its version and text), without counting it as used. */
  peek(key: string): { readonly version: string; readonly text: string } | undefined {
    return this.pages.get(key);
  }

  /** Counts a page answered from memory and makes it the most recently used. */
  hit(key: string) {
    this.hits++;
    const page = this.pages.get(key);
    if (!page) return;
    this.pages.delete(key);
    this.pages.set(key, page);
  }

  keep(key: string, version: string, text: string) {
    this.misses++;
    const old = this.pages.get(key);
    if (old) {
      this.chars -= old.text.length;
      this.pages.delete(key);
    }
    if (text.length > this.maxChars / 16) return; // one page must not push out a sixteenth of the others
    this.pages.set(key, { version, text });
    this.chars += text.length;
    for (const [oldest, page] of this.pages) {
      if (this.chars <= this.maxChars) break;
      this.pages.delete(oldest);
      this.chars -= page.text.length;
    }
  }

  get size() {
    return this.pages.size;
  }

  /** Forgets every page (benchmarks measuring what a page costs to read). */
  clear() {
    this.pages.clear();
    this.chars = 0;
  }
}

const caches = new WeakMap<DbOrTx, Map<string, PageCache>>();

/**
 * The cache of the list `name` on this database handle, or undefined inside a transaction: what a
 * transaction reads may include its own uncommitted writes, which the version (set at commit) does not cover.
 */
export function pageCache(db: DbOrTx, name: string, maxChars = 8_000_000): PageCache | undefined {
  if (db instanceof PgTransaction) return undefined;
  return perHandle(caches, db, name, () => new PageCache(maxChars));
}

/** Forgets the pages of every list kept for this database handle (benchmarks: each request then reads its page). */
export function clearPageCaches(db: DbOrTx) {
  for (const cache of caches.get(db)?.values() ?? []) cache.clear();
}
