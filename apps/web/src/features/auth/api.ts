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
