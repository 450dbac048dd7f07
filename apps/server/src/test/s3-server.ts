import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** The ports the tests' S3 server may take on 127.0.0.1 (the first free one). */
const PORTS = { first: 19100, last: 19199 };

export interface TestS3Server {
  /** http://127.0.0.1:PORT — path-style addressing. */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The next PUT of `key` is stored, then its connection is cut before the answer (the client retries). */
  loseAnswerOfNextPut(key: string): void;
  /** Conditional PUTs answered 412 so far (what the S3 server refused). */
  preconditionFailures: number;
  stop(): Promise<void>;
}

/**
 * A local S3-protocol server for the tests: s3rver (npm) on 127.0.0.1, its files in a temporary folder.
 *
 * s3rver 3.7 ignores `If-None-Match` on PUT (it reads it only on GET), so by itself it overwrites. With
 * `conditionalPuts` (the default) a layer in front of it answers a PUT carrying `If-None-Match: *` as AWS S3,
 * MinIO and R2 do: 412 PreconditionFailed when the key exists, the PUTs of one key taken one at a time (the
 * check and the store are one step). `conditionalPuts: false` is s3rver as it is: a store that ignores the
 * condition, which S3FileStorage must detect and refuse (its write-once probe, ADR 0052).
 */
export async function startS3Server(opts: { conditionalPuts?: boolean } = {}): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), 'chobo-s3-'));
  const bucket = 'chobo-test';
  const s3 = new S3rver({
    address: '127.0.0.1',
    silent: true,
    directory,
    vhostBuckets: false,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const store = (s3 as unknown as { store: { existsObject(bucket: string, key: string): Promise<boolean> } }).store;
  const loseAnswer = new Set<string>();
  const queues = new Map<string, Promise<void>>();
  const state = { preconditionFailures: 0 };

  await s3.configureBuckets();
  const server = createServer((req, res) => handle(req, res));
  let port = PORTS.first;
  for (; ; port++) {
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => {
          server.off('error', reject);
          resolve();
        });
      });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || port >= PORTS.last) throw err;
    }
  }

  const s3rverHandler = s3.callback() as (req: IncomingMessage, res: ServerResponse) => void;
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    // path-style: /bucket/key
    const [, b, ...rest] = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname).split('/');
    const key = rest.join('/');
    if (req.method === 'PUT' && key && loseAnswer.delete(key)) {
      // stored, then the connection cut before the answer goes out
      res.writeHead = (() => {
        req.socket.destroy();
        return res;
      }) as typeof res.writeHead;
    }
    const conditional =
      opts.conditionalPuts !== false && req.method === 'PUT' && key && req.headers['if-none-match'] === '*';
    if (!conditional) return s3rverHandler(req, res);
    const id = `${b}/${key}`;
    const before = queues.get(id) ?? Promise.resolve();
    const done = before.then(async () => {
      if (await store.existsObject(b, key)) {
        state.preconditionFailures++;
        req.resume();
        res.writeHead(412, { 'content-type': 'application/xml' });
        res.end(
          '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>PreconditionFailed</Code>' +
            '<Message>At least one of the pre-conditions you specified did not hold</Message>' +
            '<Condition>If-None-Match</Condition></Error>',
        );
        return;
      }
      await new Promise<void>((resolve) => {
        res.once('close', resolve);
        s3rverHandler(req, res);
      });
    });
    const settled = done.catch(() => undefined);
    queues.set(id, settled);
    void settled.then(() => {
      if (queues.get(id) === settled) queues.delete(id);
    });
  };

  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    // s3rver's fixed test credentials
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    loseAnswerOfNextPut: (key) => loseAnswer.add(key),
    get preconditionFailures() {
      return state.preconditionFailures;
    },
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      (s3 as unknown as { logger: { close(): void } }).logger.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
