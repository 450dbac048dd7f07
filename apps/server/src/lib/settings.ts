import type { SystemSettings } from '@chobo/core';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { systemSettings } from '../db/schema/index.js';
import type { Env } from '../env.js';
import type { LoginLimits } from './deps.js';

export const DEFAULT_SERVICE_NAME = 'Chobo（帳簿）';
export const DEFAULT_EXPIRATION_YEAR = 7;
export const DEFAULT_MAX_EMPLOYEE = 10;
/** Other server processes see a change within this time; this process sees it at once. */
const CACHE_MS = 5000;

export type SettingsRow = typeof systemSettings.$inferSelect;
const cache = new WeakMap<object, { at: number; row: SettingsRow | null }>();

/** The stored settings row (null columns = the environment's defaults), cached ≤ 5 s per database. */
export async function settingsRow(db: DbOrTx): Promise<SettingsRow | null> {
  const hit = cache.get(db);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.row;
  const [row] = await db.select().from(systemSettings).where(eq(systemSettings.id, 1)).limit(1);
  cache.set(db, { at: Date.now(), row: row ?? null });
  return row ?? null;
}

export function forgetSettings(db: DbOrTx): void {
  cache.delete(db);
}

export interface SettingsDeps {
  db: DbOrTx;
  env: Env;
  loginLimits: LoginLimits;
}

/** The settings in force: the stored values, falling back to the environment / start-up options. */
export async function currentSettings(deps: SettingsDeps): Promise<SystemSettings> {
  return settingsFromRow(await settingsRow(deps.db), deps);
}

/** The version of settings never saved (no row yet): what GET hands out and the first PUT sends back. */
export const SETTINGS_NEVER_SAVED = new Date(0);

/** The settings a row (or none) puts in force. */
export function settingsFromRow(row: SettingsRow | null, deps: Omit<SettingsDeps, 'db'>): SystemSettings {
  return {
    service_name: row?.service_name ?? DEFAULT_SERVICE_NAME,
    mail_from: row?.mail_from ?? deps.env.MAIL_FROM,
    default_expiration_year: (row?.default_expiration_year ?? DEFAULT_EXPIRATION_YEAR) as 7 | 10,
    default_max_employee: row?.default_max_employee ?? DEFAULT_MAX_EMPLOYEE,
    token_ttl_seconds: row?.token_ttl_seconds ?? deps.env.TOKEN_TTL_SECONDS,
    login_account_failures: row?.login_account_failures ?? deps.loginLimits.accountFailures,
    login_window_seconds: row?.login_window_seconds ?? deps.loginLimits.windowSeconds,
    login_lock_seconds: row?.login_lock_seconds ?? deps.loginLimits.lockSeconds,
  };
}

export async function tokenTtlSeconds(deps: SettingsDeps): Promise<number> {
  return (await currentSettings(deps)).token_ttl_seconds;
}

/** Sign-in limits in force (the per-IP limit stays a start-up option). */
export async function loginLimitsNow(deps: SettingsDeps): Promise<LoginLimits> {
  const s = await currentSettings(deps);
  return {
    ...deps.loginLimits,
    accountFailures: s.login_account_failures,
    windowSeconds: s.login_window_seconds,
    lockSeconds: s.login_lock_seconds,
  };
}
