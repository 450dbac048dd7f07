/**
 * Rotates the audit log's signing key in the key file (ADR 0040):
 *   npm run rotate-audit-key -w @chobo/server
 * Adds a new random key as the current one; the earlier keys stay in the file to verify the rows they signed.
 * The next server start records the rotation in the platform chain. With AUDIT_HMAC_KEY set, rotate by
 * moving the old value into AUDIT_HMAC_OLD_KEYS and setting a new one instead.
 */
import { loadEnv } from '../env.js';
import { defaultKeyFile, rotateKeyFile } from '../lib/audit-keys.js';

const env = loadEnv();
if (env.AUDIT_HMAC_KEY) {
  console.error(
    'AUDIT_HMAC_KEY が設定されています: 古い鍵を AUDIT_HMAC_OLD_KEYS に移し、新しい鍵を AUDIT_HMAC_KEY に設定してください',
  );
  process.exit(2);
}
const ring = rotateKeyFile(defaultKeyFile(env));
console.log(`新しい署名鍵 ${ring.current.id} を ${ring.source} に追加しました（鍵 ${ring.keys.length}個）`);
