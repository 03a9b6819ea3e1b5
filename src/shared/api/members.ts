import type { MessageResponse } from './roles';

/** The members and invitations API (/api/members). */

export interface TeamMember {
  /** The membership's id: what PUT /members/{id}/role and DELETE /members/{id} take. */
  id: string;
  userId: string;
  name: string;
  email: string;
  role: { id: string; name: string };
  joinedAt: string;
}

export interface MembersResponse {
  members: TeamMember[];
  total: number;
}

/**
 * A pending invitation, without its token: only the token's hash is stored (a leaked table must not
 * hold usable links), so the list cannot return it: a usable link comes from the answer to
 * creating or resending an invitation (InvitationIssuedResponse), which is what Copy Link asks for.
 */
export interface PendingInvitation {
  id: string;
  email: string;
  role: { id: string; name: string };
  invitedBy: { name: string } | null;
  expiresAt: string;
  createdAt: string;
}

export interface InvitationsResponse {
  invitations: PendingInvitation[];
  total: number;
  /** The server sends email (SMTP_URL): invitations are emailed; otherwise the inviter shares the link. */
  emailConfigured: boolean;
}

export interface InviteMemberRequest {
  email: string;
  roleId: string;
}

export interface ChangeMemberRoleRequest {
  roleId: string;
}

/**
 * The answer to creating or resending an invitation. `token` is the only moment the raw token exists
 * outside the link: the SPA builds `{origin}/invite/{token}` from it. `delivered` tells whether the
 * link was emailed (queued for sending); without email configured the inviter shares the link.
 */
export interface InvitationIssuedResponse extends MessageResponse {
  invitation: PendingInvitation;
  token: string;
  delivered: boolean;
}

export interface MemberRoleChangedResponse extends MessageResponse {
  member: TeamMember;
}

/** The roles the caller may give someone (invite or role change): no permission beyond their own. */
export interface AssignableRolesResponse {
  roles: Array<{ id: string; name: string }>;
}

/** The path of an invitation link; the SPA prefixes its origin, the server its PUBLIC_URL. */
export function invitationPath(token: string): string {
  return `/invite/${encodeURIComponent(token)}`;
}
