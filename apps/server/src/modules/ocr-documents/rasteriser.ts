import { Worker } from 'node:worker_threads';
import { MAX_OCR_PAGES } from '@chobo/core';

/** One page ready for OCR at ~OCR_DPI: the image the engine reads and the PNG that is stored. */
export interface RasterPage {
  page: number;
  width: number;
  height: number;
  /** The page as an 8-bit greyscale PNG (stored, shown on the result page). */
  png: Buffer;
  /**
   * The same pixels for the OCR engine: an uncompressed binary PGM (tesseract reads it without a decode;
   * `imageFormat: 'png'` gives the PNG here, the reading before ADR 0062).
   */
  image: Buffer;
}

/**
 * PdfRasteriser: a PDF (up to MAX_OCR_PAGES pages) or an image → page images for OCR. Images are normalised
 * the same way (greyscale, small ones scaled towards 300 dpi A4), so the engine sees one kind of input.
 */
export interface PdfRasteriser {
  rasterise(bytes: Buffer, mime: string): Promise<{ pages: RasterPage[]; pageCount: number }>;
  close(): Promise<void>;
}

export interface RasteriserOptions {
  /** PDFs render at this resolution (default OCR_DPI). */
  dpi?: number;
  /** Images narrower than this are doubled (default 800 px). */
  minWidth?: number;
  /** Images whose long side is longer are scaled down to it (default OCR_MAX_SIDE; 0: never). */
  maxSide?: number;
  maxPages?: number;
  /**
   * Red ink (印影) dropped, skew and a quarter turn corrected before OCR (default true; false reads the page
   * as rendered — the benchmark's baseline).
   */
  upright?: boolean;
  /**
   * The thread (mupdf's WASM heap, ~130 MB once it has rendered an A4 page) is ended after this long without
   * a page (default 60 s, as the OCR engine's; 0 keeps it): an idle server holds no OCR memory.
   */
  idleMs?: number;
  /** What `image` is: 'pgm' (default) or 'png' (mupdf's PNG for both, the path before ADR 0062; the bench's baseline). */
  imageFormat?: 'pgm' | 'png';
}

/**
 * The resolution PDFs are rendered at for OCR, chosen by bench/ocr.ts (ADR 0015): 225 dpi read every key field
 * of the 40 fixtures like 300 dpi did, for less CPU a page and smaller page images.
 */
export const OCR_DPI = 225;
/** The longest side of an image page for OCR: an A4 page at OCR_DPI (larger photos and scans are scaled down). */
export const OCR_MAX_SIDE = 2630;

/** A transferred Uint8Array as a Buffer over the same memory (no copy). */
const bufferOf = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength);

interface Pending {
  resolve: (v: { pages: RasterPage[]; pageCount: number }) => void;
  reject: (e: Error) => void;
}

/**
 * mupdf (WASM, AGPL like the project) in ONE worker thread: an A4 page takes ~0.2–0.5 s of CPU, which
 * must not stall the API's event loop. Requests queue on the thread (one at a time); the thread starts on
 * first use and is ended by close(), or after `idleMs` without a request.
 */
export class MupdfRasteriser implements PdfRasteriser {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(private readonly opts: RasteriserOptions = {}) {}

  private thread(): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(new URL('./raster-worker.mjs', import.meta.url));
    w.unref();
    w.on('message', (msg: { id: number; pages?: RasterPage[]; pageCount?: number; error?: string }) => {
      const p = this.pending.get(msg.id);
      if (!p) return;
      this.pending.delete(msg.id);
      if (msg.error !== undefined) p.reject(new Error(msg.error));
      else
        p.resolve({
          pages: (msg.pages ?? []).map((x) => ({ ...x, png: bufferOf(x.png), image: bufferOf(x.image) })),
          pageCount: msg.pageCount ?? 0,
        });
    });
    const fail = (err: Error) => {
      if (this.worker !== w) return; // a thread already let go (idle) or replaced
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
      this.worker = null;
    };
    w.on('error', fail);
    w.on('exit', (code) => fail(new Error(`rasteriser thread exited (${code})`)));
    this.worker = w;
    return w;
  }

  private releaseWhenIdle(): void {
    const idleMs = this.opts.idleMs ?? 60_000;
    if (this.pending.size > 0 || idleMs <= 0 || !this.worker) return;
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      if (this.pending.size === 0) void this.close();
    }, idleMs);
    this.idleTimer.unref();
  }

  /** Whether the thread is running (tests and the memory figures). */
  get started(): boolean {
    return this.worker !== null;
  }

  rasterise(bytes: Buffer, mime: string): Promise<{ pages: RasterPage[]; pageCount: number }> {
    clearTimeout(this.idleTimer);
    const w = this.thread();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      w.ref();
      const copy = new Uint8Array(bytes); // the worker gets its own copy
      w.postMessage(
        {
          id,
          bytes: copy,
          mime,
          maxPages: this.opts.maxPages ?? MAX_OCR_PAGES,
          dpi: this.opts.dpi ?? OCR_DPI,
          minWidth: this.opts.minWidth ?? 800,
          maxSide: this.opts.maxSide ?? OCR_MAX_SIDE,
          upright: this.opts.upright ?? true,
          imageFormat: this.opts.imageFormat ?? 'pgm',
        },
        [copy.buffer],
      );
    }).finally(() => {
      if (this.pending.size > 0) return;
      this.worker?.unref();
      this.releaseWhenIdle();
    }) as Promise<{ pages: RasterPage[]; pageCount: number }>;
  }

  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    const w = this.worker;
    this.worker = null;
    if (w) await w.terminate();
  }
}
