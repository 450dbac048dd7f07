/**
 * Creates (or re-enables and resets) a platform admin holding every admin permission:
 *   npm run create-admin -w @chobo/server -- --email ops@example.jp --name 運用担当 [--password …]
 * Uses DATABASE_URL / DATA_DIR like the server; prints a random password when none is given.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { ADMIN_PERMISSIONS, isValidEmail } from '@chobo/core';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, runMigrations } from '../db/client.js';
import { exitIfLocked } from '../db/folder-lock.js';
import { users } from '../db/schema/index.js';
import { databaseOptions, loadEnv } from '../env.js';
import { hashPassword } from '../lib/secrets.js';

const { values } = parseArgs({
  options: { email: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' } },
});
if (!values.email || !isValidEmail(values.email)) {
  console.error('usage: create-admin --email ADDRESS [--name NAME] [--password PASSWORD (8–128 chars)]');
  process.exit(2);
}
const password = values.password ?? randomBytes(12).toString('base64url');
if (password.length < 8 || password.length > 128) {
  console.error('the password must be 8–128 characters');
  process.exit(2);
}
const env = loadEnv();
const database = await openDatabase(databaseOptions(env)).catch(exitIfLocked);
try {
  await runMigrations(database);
  const hash = await hashPassword(password);
  const email = values.email;
  const [existing] = await database.db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  if (existing && existing.role !== 'admin') {
    console.error(`${email} belongs to a ${existing.role} account; choose another address`);
    process.exit(1);
  }
  if (existing) {
    await database.db
      .update(users)
      .set({ password_hash: hash, disabled_at: null, locked_until: null, permissions: [...ADMIN_PERMISSIONS] })
      .where(eq(users.id, existing.id));
  } else {
    await database.db.insert(users).values({
      email,
      name: values.name ?? '管理者',
      password_hash: hash,
      role: 'admin',
      permissions: [...ADMIN_PERMISSIONS],
    });
  }
  console.log(`admin ${existing ? 'updated' : 'created'}: ${email}  password: ${password}`);
} finally {
  await database.close();
}
