/** A member's own account: their name, password, email address and sessions, and getting back in without a password. */

export interface ProfileRequest {
  name: string;
}

export interface PasswordChangeRequest {
  currentPassword: string;
  newPassword: string;
}

export interface EmailChangeRequest {
  newEmail: string;
  currentPassword: string;
}

export interface EmailChangeConfirmRequest {
  token: string;
}

/**
 * Whether the member may change their address here (only when the server can send the confirmation
 * email), and the change waiting for its link to be opened, if any.
 */
export interface EmailChangeStatus {
  available: boolean;
  pending: { newEmail: string; expiresAt: string } | null;
}

/** One signed-in browser of the member, as their session list shows it. */
export interface AccountSession {
  id: string;
  /** What the browser's User-Agent says, such as "Chrome on Windows"; "Unknown device" without one. */
  device: string;
  signedInAt: string;
  lastUsedAt: string;
  /** The session this very request came with. */
  current: boolean;
}

export interface AccountSessionsResponse {
  sessions: AccountSession[];
}

export interface PasswordResetRequest {
  email: string;
}

export interface PasswordResetConfirmRequest {
  token: string;
  password: string;
}

/** A one-time reset link made for a member by a teammate: shown once, never stored readable. */
export interface PasswordResetLinkResponse {
  link: string;
  expiresAt: string;
}
