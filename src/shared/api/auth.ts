import type { Permission } from '../permissions/catalogue';

/** The signed-in user as the session check returns it: who they are, their organization, role and permissions. */
export interface SessionUser {
  userId: string;
  name: string;
  email: string;
  organization: {
    organizationId: string;
    organizationName: string;
    role: { id: string; name: string; description: string | null };
    permissions: Permission[];
  } | null;
}

export interface SessionResponse {
  user: SessionUser;
}

export interface SignupResponse {
  user: SessionUser;
  isNewUser: boolean;
}

export interface LoginRequest {
  email: string;
  password: string;
}

export interface SignupRequest {
  name: string;
  email: string;
  password: string;
  organizationName?: string;
  inviteToken?: string;
  /** The founder's browser's IANA zone (Intl): a new organization starts in it; one Parley does not know is ignored. */
  timeZone?: string;
}

/** The public lookup of an invitation by its token. */
export interface InvitationLookup {
  invitation: {
    email: string;
    organizationName: string;
    roleName: string;
  };
}
