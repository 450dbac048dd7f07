/**
 * The demo's files drawn on the other core (ADR 0031): ≈ 160 supplier PDFs (pdf-lib, a Noto Sans JP subset
 * each template) and four OCR images (pdf-lib, mupdf, pngjs) were ≈ 1 s of the first start's main thread.
 * A worker thread draws them while the seed writes the demo year; the seed asks for a file as soon as it
 * knows its contents and awaits it only when it stores it. The worker runs the TypeScript sources through
 * tsx (a dependency of the server, ADR 0025), from the sources and from the build alike; it takes about a
 * second to load, and the PDFs asked for before it has are drawn here. Without a worker (it failed to start
 * or died), the files are drawn here, the same way (demo-file-render.ts).
 */
import { Worker } from 'node:worker_threads';
import type { FixtureSpec } from '../../modules/ocr-documents/ocr-fixtures.js';
import type { SupplierPdfArgs } from './demo-file-render.js';

export type DemoFileRequest =
  | { id: number; kind: 'pdf'; args: SupplierPdfArgs }
  | { id: number; kind: 'ocr'; args: { spec: FixtureSpec; seed: number } };
type Reply = { id: number; bytes?: Uint8Array; text?: string; error?: string };
/** The id of the worker's first message: its code is loaded. */
export const READY = -1;

export interface DemoFiles {
  pdf(args: SupplierPdfArgs): Promise<Buffer>;
  ocr(spec: FixtureSpec, seed: number): Promise<{ bytes: Buffer; text: string }>;
  close(): Promise<void>;
  /** Where the next file is drawn: 'worker', or 'here' (no worker, or it failed). */
  where(): 'worker' | 'here';
  /** Resolves when the worker has loaded its code (or is gone). */
  ready(): Promise<void>;
}

/** Files drawn in this thread (tests of single steps, and the fallback). */
export function localDemoFiles(): DemoFiles {
  const render = import('./demo-file-render.js');
  return {
    pdf: async (args) => Buffer.from(await (await render).supplierPdf(args)),
    ocr: async (spec, seed) => {
      const { bytes, text } = await (await render).ocrImage(spec, seed);
      return { bytes: Buffer.from(bytes), text };
    },
    close: async () => {},
    where: () => 'here',
    ready: async () => {},
  };
}

/** Files drawn by a worker thread, in the order asked; `close()` ends it. */
export function workerDemoFiles(): DemoFiles {
  const local = localDemoFiles();
  const pending = new Map<number, { req: DemoFileRequest; resolve: (r: Reply) => void }>();
  let next = 0;
  let worker: Worker | undefined;
  let failed = false;
  /** The worker has loaded its code; until then a PDF is drawn here rather than waited for. */
  let ready = false;
  /** The worker is gone: what it had not answered is drawn here. */
  const fail = () => {
    if (failed) return;
    failed = true;
    for (const { req, resolve } of pending.values()) {
      const drawn = req.kind === 'pdf' ? local.pdf(req.args) : local.ocr(req.args.spec, req.args.seed);
      drawn.then(
        (f) => resolve({ id: req.id, bytes: 'text' in f ? f.bytes : f, text: 'text' in f ? f.text : undefined }),
        (err) => resolve({ id: req.id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) }),
      );
    }
    pending.clear();
    void worker?.terminate();
  };
  try {
    // tsx's loader registered in the worker before its TypeScript is imported (`--import tsx` in a worker's
    // execArgv does not apply to the worker's own entry on Node 20)
    const boot = `import { register } from ${JSON.stringify(import.meta.resolve('tsx/esm/api'))};
register();
await import(${JSON.stringify(new URL('./demo-files-worker.ts', import.meta.url).href)});`;
    worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(boot)}`));
    worker.unref();
    worker.on('message', (reply: Reply) => {
      if (reply.id === READY) {
        ready = true;
        return;
      }
      const p = pending.get(reply.id);
      pending.delete(reply.id);
      p?.resolve(reply);
    });
    worker.on('error', fail);
    worker.on('exit', fail);
  } catch {
    failed = true;
  }
  const ask = async (req: DemoFileRequest): Promise<Reply> => {
    const reply = await new Promise<Reply>((resolve) => {
      pending.set(req.id, { req, resolve });
      worker?.postMessage(req);
    });
    if (reply.error) throw new Error(`demo file: ${reply.error}`);
    return reply;
  };
  return {
    pdf: async (args) => {
      if (failed || !ready) return local.pdf(args);
      return Buffer.from((await ask({ id: next++, kind: 'pdf', args })).bytes as Uint8Array);
    },
    ocr: async (spec, seed) => {
      if (failed) return local.ocr(spec, seed);
      const r = await ask({ id: next++, kind: 'ocr', args: { spec, seed } });
      return { bytes: Buffer.from(r.bytes as Uint8Array), text: r.text ?? '' };
    },
    close: async () => {
      failed = true;
      await worker?.terminate();
    },
    where: () => (failed ? 'here' : 'worker'),
    ready: () =>
      failed || ready
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            const check = (reply: Reply) => {
              if (reply.id !== READY) return;
              worker?.off('message', check);
              resolve();
            };
            worker?.on('message', check);
            worker?.once('exit', () => resolve());
          }),
  };
}
