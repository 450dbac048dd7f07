import { createHash, randomUUID } from 'node:crypto';
import type { GetObjectCommandOutput, S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import { assertStorageKey, type FileStorage, StorageKeyExistsError, type SweepableStorage } from './storage.js';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, R2…); unset → AWS S3 of `region`. */
  endpoint?: string;
  forcePathStyle?: boolean;
  /** Unset → the AWS SDK's default chain (AWS_* variables, an instance or task role…). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Attempts per request, the SDK's retries included (default the SDK's 3). */
  maxAttempts?: number;
}

/** Not a storage key (a segment starting with `.`), so never listed, swept or moved as one. */
export const WRITE_ONCE_PROBE_KEY = '.chobo/write-once-probe';

/** The service stored a conditional PUT over an existing key: it cannot keep files write-once. */
export class S3WriteOnceUnsupportedError extends Error {}

type Sdk = typeof import('@aws-sdk/client-s3');

const status = (err: unknown) => (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
const errorName = (err: unknown) => (err as { name?: string }).name;
const isStorageKey = (key: string) => {
  try {
    assertStorageKey(key);
    return true;
  } catch {
    return false;
  }
};
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/**
 * Files in an S3-compatible bucket (FILE_STORAGE=s3, ADR 0052), one object per key.
 *
 * Write-once: every put is a PutObject with `If-None-Match: *`, which the service refuses (412) when the key
 * holds an object — between server processes too, as the database's primary key does. A 412 is
 * StorageKeyExistsError, exactly as the other backends refuse a second put, unless the object is this very
 * call's: each put carries a random write id (metadata `chobo-write`), so when the SDK retried a PUT whose
 * first answer was lost after the object was stored, the 412 of the retry is recognised and the put succeeds.
 * 409 ConditionalRequestConflict (a concurrent conditional write on the key, AWS) is retried.
 *
 * A service that ignores the condition would silently overwrite. Before the first put the store checks it
 * once per process: two conditional PUTs of WRITE_ONCE_PROBE_KEY, the second of which must be refused;
 * if it was stored, every put fails with S3WriteOnceUnsupportedError (the server refuses to start).
 *
 * The SDK is imported on first use: a server on another backend loads none of it.
 */
export class S3FileStorage implements FileStorage, SweepableStorage {
  private sdk?: Promise<{ m: Sdk; client: S3Client }>;
  private checked?: Promise<void>;

  constructor(private readonly opts: S3StorageOptions) {}

  get bucket(): string {
    return this.opts.bucket;
  }

  private s3() {
    this.sdk ??= import('@aws-sdk/client-s3').then((m) => {
      const config: S3ClientConfig = {
        region: this.opts.region,
        endpoint: this.opts.endpoint,
        forcePathStyle: this.opts.forcePathStyle ?? false,
        credentials: this.opts.credentials,
        maxAttempts: this.opts.maxAttempts,
        // integrity by Content-MD5 and our own sha256 (below): the SDK's default CRC checksums are not
        // accepted alike by every S3-compatible service
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        requestHandler: { connectionTimeout: 10_000, requestTimeout: 120_000 },
      };
      return { m, client: new m.S3Client(config) };
    });
    return this.sdk;
  }

  /**
   * A PutObject with `If-None-Match: *`: 'stored', or 'exists' when the service refused it because the key
   * holds an object. A 409 ConditionalRequestConflict (another conditional write on the key in flight) is
   * tried again: once that one is stored, the answer is 412.
   */
  private async putIfAbsent(key: string, body: Buffer, metadata: Record<string, string>): Promise<'stored' | 'exists'> {
    const { m, client } = await this.s3();
    const md5 = createHash('md5').update(body).digest('base64');
    for (let conflicts = 0; ; conflicts++) {
      try {
        await client.send(
          new m.PutObjectCommand({
            Bucket: this.opts.bucket,
            Key: key,
            Body: body,
            ContentLength: body.length,
            ContentMD5: md5,
            ContentType: 'application/octet-stream',
            IfNoneMatch: '*',
            Metadata: metadata,
          }),
        );
        return 'stored';
      } catch (err) {
        if (status(err) === 412 || errorName(err) === 'PreconditionFailed') return 'exists';
        if ((status(err) === 409 || errorName(err) === 'ConditionalRequestConflict') && conflicts < 5) continue;
        throw err;
      }
    }
  }

  /** Checks once that the service refuses a conditional PUT over an existing key (see the class comment). */
  verifyWriteOnce(): Promise<void> {
    this.checked ??= (async () => {
      const probe = Buffer.from('chobo write-once probe');
      await this.putIfAbsent(WRITE_ONCE_PROBE_KEY, probe, {}); // stored the first time, refused after that
      if ((await this.putIfAbsent(WRITE_ONCE_PROBE_KEY, probe, {})) === 'stored') {
        throw new S3WriteOnceUnsupportedError(
          `S3 の保存先（バケット ${this.opts.bucket}）は条件付き書き込み（PutObject の If-None-Match: *）を無視し、` +
            '既存のオブジェクトを上書きしました。ファイルを書き換え不可に保てないため使えません。' +
            'If-None-Match に対応したサービス（AWS S3、MinIO、Cloudflare R2）を指定してください（docs/OPERATIONS.md）',
        );
      }
    })();
    // a failure (the service unreachable…) is checked again by the next put; an unsupported service fails again
    this.checked.catch(() => {
      this.checked = undefined;
    });
    return this.checked;
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    assertStorageKey(key);
    await this.verifyWriteOnce();
    const writeId = randomUUID();
    const outcome = await this.putIfAbsent(key, bytes, { 'chobo-write': writeId, sha256: sha256(bytes) });
    if (outcome === 'stored') return;
    // refused: another put's object — or this call's own, stored by an attempt whose answer was lost
    if ((await this.head(key))?.Metadata?.['chobo-write'] === writeId) return;
    throw new StorageKeyExistsError(key);
  }

  private async head(key: string) {
    const { m, client } = await this.s3();
    try {
      return await client.send(new m.HeadObjectCommand({ Bucket: this.opts.bucket, Key: key }));
    } catch (err) {
      if (status(err) === 404) return undefined;
      throw err;
    }
  }

  async get(key: string): Promise<Buffer | undefined> {
    assertStorageKey(key);
    const { m, client } = await this.s3();
    let res: GetObjectCommandOutput;
    try {
      res = await client.send(new m.GetObjectCommand({ Bucket: this.opts.bucket, Key: key }));
    } catch (err) {
      if (status(err) === 404 || errorName(err) === 'NoSuchKey') return undefined;
      throw err;
    }
    if (!res.Body) throw new Error(`S3 returned no body for ${key}`);
    const a = await res.Body.transformToByteArray();
    const bytes = Buffer.from(a.buffer, a.byteOffset, a.byteLength);
    const expected = res.Metadata?.sha256;
    if (expected && sha256(bytes) !== expected) {
      throw new Error(`S3 のファイル ${key} の内容が保存時の SHA-256 と一致しません`);
    }
    return bytes;
  }

  async exists(key: string): Promise<boolean> {
    assertStorageKey(key);
    return (await this.head(key)) !== undefined;
  }

  async *keysWrittenBefore(cutoff: number): AsyncIterable<string> {
    const { m, client } = await this.s3();
    let token: string | undefined;
    do {
      const page = await client.send(
        new m.ListObjectsV2Command({ Bucket: this.opts.bucket, ContinuationToken: token, MaxKeys: 1000 }),
      );
      for (const o of page.Contents ?? []) {
        if (o.Key && isStorageKey(o.Key) && o.LastModified && o.LastModified.getTime() < cutoff) yield o.Key;
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async removeOrphan(key: string): Promise<void> {
    assertStorageKey(key);
    const { m, client } = await this.s3();
    await client.send(new m.DeleteObjectCommand({ Bucket: this.opts.bucket, Key: key }));
  }

  /** A PutObject is stored whole or not at all: there are no temporary files of interrupted writes. */
  async removeTempBefore(): Promise<number> {
    return 0;
  }

  /** Closes the SDK's connections (tests, CLIs). */
  async close(): Promise<void> {
    if (this.sdk) (await this.sdk).client.destroy();
  }
}
