import type { RegisterInput } from '@chobo/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** The invitation behind /register?token= (no session yet). */
export function useInvitationLookup<T>(token: string) {
  return useQuery({
    queryKey: ['invitation', token],
    queryFn: () => api.get<{ data: T }>(`/api/invitations/${encodeURIComponent(token)}`, { auth: false }),
    enabled: token !== '',
    retry: false,
    meta: { silent: true },
  });
}

/** Registers the invited account (company owner or system admin); answers the new session's token. */
export function register(type: 'admin' | 'company', body: RegisterInput) {
  return api.post<{ data: { token: string; token_expires: number } }>(
    type === 'admin' ? '/api/register-admin' : '/api/register',
    body,
    { auth: false },
  );
}

/** Signs in with e-mail and password; answers the new session's token. */
export function login(body: { email: string; password: string }) {
  return api.post<{ data: { token: string; token_expires: number } }>('/api/login', body, { auth: false });
}

/** Asks for a password-reset mail (always 200). */
export function requestPasswordReset(body: { email: string }) {
  return api.post('/api/password/forgot', body, { auth: false });
}

/** Sets a new password from the reset mail's token and e-mail. */
export function resetPassword(body: { token: string; email: string; password: string; password_confirmation: string }) {
  return api.post('/api/password/reset', body, { auth: false });
}

/** GET /sanctum/csrf-cookie (credentials include): the first step of logout. */
export function fetchCsrfCookie() {
  return api.get('/sanctum/csrf-cookie', { auth: false, credentials: 'include' });
}

/** GET /api/logout with X-CSRF-TOKEN = the token cookie's value (no redirect on a 401). */
export function requestLogout(csrfToken: string) {
  return api.get('/api/logout', {
    headers: { 'X-CSRF-TOKEN': csrfToken },
    credentials: 'include',
    redirectOnUnauthorized: false,
  });
}
