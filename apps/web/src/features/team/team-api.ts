import type {
  InvitationInfo,
  InvitationRow,
  InviteBody,
  AcceptInvitationBody,
  Role,
  TeamMember,
  TeamReply,
} from '@freight/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

/** The company's people, pending invitations and the roles the signed-in person may give. */
export function useTeam() {
  return useQuery({ queryKey: queryKeys.team.all, queryFn: () => api.get<TeamReply>('/team') });
}

export const inviteMember = (body: InviteBody) => api.post<InvitationRow>('/team/invitations', body);
export const resendInvitation = (id: number) => api.post<InvitationRow>(`/team/invitations/${id}/resend`);
export const revokeInvitation = (id: number) => api.delete<null>(`/team/invitations/${id}`);
export const changeMemberRole = (id: number, role: Role) =>
  api.put<TeamMember>(`/team/members/${id}/role`, { role });
export const removeMember = (id: number) => api.delete<null>(`/team/members/${id}`);
export const transferOwnership = (personId: number) =>
  api.post<null>('/team/transfer', { person_id: personId });

/** Public: what an invitation offers, and joining with it (a session token comes back). */
export const fetchInvitation = (token: string) =>
  api.get<InvitationInfo>(`/invitations/${encodeURIComponent(token)}`);
export const acceptInvitation = (body: AcceptInvitationBody) =>
  api.post<{ token: string }>('/invitations/accept', body);
