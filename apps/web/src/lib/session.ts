import { isPermitted, type Me } from '@chobo/core';
import { api, onUnauthorized } from './api';
import { readJson, STORAGE_KEYS, writeStorage } from './storage-keys';
import { createStore, useStore } from './store';
import { saveToken } from './token';

/**
 * The signed-in user (GET /api/me) and the permissions guards and menus use (docs/product/SPEC.md §4, §5).
 * Permissions come from the in-memory profile, falling back to the DOMAIN_PERMISSIONS copy in
 * localStorage when the in-memory list is empty.
 */
export interface SessionState {
  me: Me | null;
}

export const sessionStore = createStore<SessionState>({ me: null });

let pendingMe: Promise<Me> | null = null;

export function getMe(): Me | null {
  return sessionStore.get().me;
}

function permissionsOf(me: Me): string[] {
  if (Array.isArray(me.permissions)) return me.permissions;
  return me.domain?.permissions ?? [];
}

export function setMe(me: Me | null): void {
  sessionStore.set({ me });
  // "Domain permissions are saved to storage after the profile loads."
  if (me) writeStorage(STORAGE_KEYS.domainPermissions, JSON.stringify(permissionsOf(me)));
}

const clearedListeners = new Set<() => void>();

/** Called whenever the session ends (logout, 401): e.g. the query cache is emptied. */
export function onSessionCleared(listener: () => void): () => void {
  clearedListeners.add(listener);
  return () => clearedListeners.delete(listener);
}

export function clearSession(): void {
  pendingMe = null;
  const hadUser = sessionStore.get().me !== null;
  sessionStore.set({ me: null });
  if (hadUser) for (const listener of [...clearedListeners]) listener();
}

onUnauthorized(clearSession);

/** Fetches /api/me once (concurrent callers share the request); `force` refetches. */
export function loadMe(opts: { force?: boolean; redirectOnUnauthorized?: boolean } = {}): Promise<Me> {
  const current = getMe();
  if (current && !opts.force) return Promise.resolve(current);
  if (!pendingMe) {
    const request = api
      .get<{ data: Me }>('/api/me', { redirectOnUnauthorized: opts.redirectOnUnauthorized ?? true })
      .then((res) => {
        if (pendingMe === request) setMe(res.data);
        return res.data;
      })
      .finally(() => {
        if (pendingMe === request) pendingMe = null;
      });
    pendingMe = request;
  }
  return pendingMe;
}

export function storedPermissions(): string[] {
  const list = readJson<unknown>(STORAGE_KEYS.domainPermissions);
  return Array.isArray(list) ? list.filter((p): p is string => typeof p === 'string') : [];
}

export function currentPermissions(me: Me | null = getMe()): string[] {
  const list = me ? permissionsOf(me) : [];
  return list.length > 0 ? list : storedPermissions();
}

export function can(permission: string, me: Me | null = getMe()): boolean {
  return isPermitted(permission, currentPermissions(me));
}

/** roles[0] is the role (docs/product/SPEC.md §6). */
export function roleOf(me: Me | null): string | null {
  return me?.roles?.[0] ?? null;
}

export function isAdmin(me: Me | null): boolean {
  return roleOf(me) === 'admin';
}

/** "/" sends each role to its home: admin → /system, every other role → /company. */
export function homePathFor(me: Me | null): string {
  return isAdmin(me) ? '/system' : '/company';
}

/** After login or registration: store the token and load the profile. */
export async function startSession(token: string, tokenExpires: number): Promise<Me> {
  saveToken(token, tokenExpires);
  clearSession();
  return loadMe({ force: true, redirectOnUnauthorized: false });
}

export function useMe(): Me | null {
  return useStore(sessionStore).me;
}

export function usePermissions(): string[] {
  const me = useMe();
  return currentPermissions(me);
}
