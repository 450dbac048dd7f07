import type { InvitationKind, InvitationRow } from '@chobo/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';

export type { InvitationKind };
export const INVITATION_PATHS: Record<InvitationKind, string> = {
  admin: '/api/admin/admin-invitation',
  company: '/api/admin/company-invitation',
};
export const RESEND_PATHS: Record<InvitationKind, (id: number) => string> = {
  admin: (id) => `/api/admin/resend/invite/${id}`,
  company: (id) => `/api/admin/company/resend/invite/${id}`,
};
export const invitationKey = (kind: InvitationKind) => `${kind}-invitations`;
export const SENT_MESSAGE = 'メールを送信しました';

export function useCreateInvitation(kind: InvitationKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: Record<string, unknown>) =>
      api.post<{ data: InvitationRow }>(INVITATION_PATHS[kind], values).then((r) => r.data),
    meta: { silent: true },
    onSuccess: () => client.invalidateQueries({ queryKey: [invitationKey(kind)] }),
  });
}

/** Resend: a new token is mailed (the old link stops working); docs/product/SPEC.md §8 success toast. */
export function useResendInvitation(kind: InvitationKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.get<{ data: InvitationRow; message: string }>(RESEND_PATHS[kind](id)),
    onSuccess: () => {
      notifySuccess(SENT_MESSAGE);
      return client.invalidateQueries({ queryKey: [invitationKey(kind)] });
    },
  });
}

export function useDeleteInvitation(kind: InvitationKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`${INVITATION_PATHS[kind]}/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: [invitationKey(kind)] }),
  });
}
