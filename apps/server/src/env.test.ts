import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { databaseOptions, EnvError, loadEnv } from './env.js';

describe('loadEnv', () => {
  it('applies the documented defaults', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATA_DIR: path.resolve('./data'),
      ADMIN_EMAIL: 'admin@example.com',
      APP_URL: 'http://localhost:3000',
      TOKEN_TTL_SECONDS: 28800,
      LOGIN_IP_ATTEMPTS: 30,
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.SEED_DEMO).toBeUndefined();
  });

  it('reads the sign-in limit per IP address and refuses one below 1', () => {
    expect(loadEnv({ LOGIN_IP_ATTEMPTS: '200' }).LOGIN_IP_ATTEMPTS).toBe(200);
    expect(() => loadEnv({ LOGIN_IP_ATTEMPTS: '0' })).toThrow(EnvError);
  });

  it('resolves a relative DATA_DIR against the directory npm was started in', () => {
    expect(loadEnv({ INIT_CWD: '/srv/chobo', DATA_DIR: './data' }).DATA_DIR).toBe('/srv/chobo/data');
    expect(loadEnv({ INIT_CWD: '/srv/chobo', DATA_DIR: '/var/lib/chobo' }).DATA_DIR).toBe('/var/lib/chobo');
  });

  it('reads the allowed API origins (CSP connect-src) and refuses anything but a bare http(s) origin', () => {
    expect(loadEnv({}).API_ALLOWED_ORIGINS).toEqual([]);
    expect(
      loadEnv({ API_ALLOWED_ORIGINS: 'https://api.example.jp, http://127.0.0.1:4000/ https://api.example.jp' })
        .API_ALLOWED_ORIGINS,
    ).toEqual(['https://api.example.jp', 'http://127.0.0.1:4000']);
    for (const bad of ['https:', '*', 'ftp://x.example.jp', 'https://x.example.jp/api', "'unsafe-inline'"]) {
      expect(() => loadEnv({ API_ALLOWED_ORIGINS: bad })).toThrow(EnvError);
    }
  });

  it('reads values and flags', () => {
    const env = loadEnv({
      PORT: '8080',
      SEED_DEMO: '0',
      DATABASE_URL: 'postgres://u@h/db',
      SMTP_URL: 'smtp://127.0.0.1:2525',
    });
    expect(env.PORT).toBe(8080);
    expect(env.SEED_DEMO).toBe(false);
    expect(env.APP_URL).toBe('http://localhost:8080');
    expect(env.DATABASE_URL).toBe('postgres://u@h/db');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SEED_DEMO: 'yes' }, 'SEED_DEMO'],
    [{ ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ ADMIN_EMAIL: 'not-an-email' }, 'ADMIN_EMAIL'],
    [{ DATABASE_POOL_MODE: 'statement' }, 'DATABASE_POOL_MODE'],
    [{ DATABASE_DIRECT_URL: 'mysql://x' }, 'DATABASE_DIRECT_URL'],
    [{ FILE_STORAGE: 'nfs' }, 'FILE_STORAGE'],
    [{ FILE_STORAGE: 's3' }, 'S3_BUCKET'],
    [{ FILE_STORAGE: 's3', S3_BUCKET: 'Chobo_Files' }, 'S3_BUCKET'],
    [{ FILE_STORAGE: 's3', S3_BUCKET: 'chobo', S3_ENDPOINT: 's3.example.jp' }, 'S3_ENDPOINT'],
    [{ FILE_STORAGE: 's3', S3_BUCKET: 'chobo', S3_ENDPOINT: 'https://s3.example.jp/chobo' }, 'S3_ENDPOINT'],
    [{ FILE_STORAGE: 's3', S3_BUCKET: 'chobo', S3_ACCESS_KEY_ID: 'AKIA' }, 'S3_SECRET_ACCESS_KEY'],
    [{ FILE_STORAGE: 's3', S3_BUCKET: 'chobo', S3_SECRET_ACCESS_KEY: 'secret' }, 'S3_ACCESS_KEY_ID'],
    [{ FILE_STORAGE: 's3', S3_BUCKET: 'chobo', S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE'],
    [{ FILE_STORAGE: 's3', S3_BUCKET: 'chobo', S3_REGION: 'Tokyo' }, 'S3_REGION'],
  ])('stops with a message naming the bad variable: %o', (source, name) => {
    expect(() => loadEnv(source)).toThrow(EnvError);
    expect(() => loadEnv(source)).toThrow(new RegExp(`${name}:`));
  });

  it('reads the S3 settings of FILE_STORAGE=s3 (ADR 0052)', () => {
    const env = loadEnv({
      FILE_STORAGE: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'chobo-files',
      S3_ACCESS_KEY_ID: 'minio',
      S3_SECRET_ACCESS_KEY: 'minio-secret',
      S3_FORCE_PATH_STYLE: '1',
    });
    expect(env).toMatchObject({
      FILE_STORAGE: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'chobo-files',
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: true,
    });
    // AWS S3 with the SDK's own credentials (an instance role): the bucket and the region are enough
    const aws = loadEnv({ FILE_STORAGE: 's3', S3_BUCKET: 'chobo-files', S3_REGION: 'ap-northeast-1' });
    expect(aws.S3_ENDPOINT).toBeUndefined();
    expect(aws.S3_ACCESS_KEY_ID).toBeUndefined();
    expect(aws.S3_FORCE_PATH_STYLE).toBe(false);
    // the S3 settings are not needed by the other backends
    expect(loadEnv({ FILE_STORAGE: 'database' }).S3_BUCKET).toBeUndefined();
  });

  it('passes the pool mode and the direct connection to openDatabase (ADR 0049)', () => {
    expect(databaseOptions(loadEnv({ DATABASE_URL: 'postgres://u@pooler:6432/db' }))).toMatchObject({
      databaseUrl: 'postgres://u@pooler:6432/db',
      poolMode: 'auto',
      directUrl: undefined,
    });
    const env = loadEnv({
      DATABASE_URL: 'postgres://u@pooler:5432/db',
      DATABASE_POOL_MODE: 'transaction',
      DATABASE_DIRECT_URL: 'postgres://u@db:5432/db',
    });
    expect(databaseOptions(env)).toMatchObject({ poolMode: 'transaction', directUrl: 'postgres://u@db:5432/db' });
  });

  it('keeps the page statements prepared behind a pooler unless DATABASE_POOLED_PREPARE=0 (ADR 0061)', () => {
    expect(databaseOptions(loadEnv({})).pooledPrepare).toBe(true);
    expect(databaseOptions(loadEnv({ DATABASE_POOLED_PREPARE: '0' })).pooledPrepare).toBe(false);
    expect(() => loadEnv({ DATABASE_POOLED_PREPARE: 'off' })).toThrow(/DATABASE_POOLED_PREPARE/);
  });
});
