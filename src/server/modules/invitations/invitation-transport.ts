/**
 * How an invitation reaches the invitee. Parley ships without a mail server, so the default transport
 * delivers nothing and the inviter shares the link themselves (Copy Link); a mail transport (SMTP, an
 * e-mail API) implements this interface and is passed to the invitation routes where app.ts registers
 * them: `app.register(invitationRoutes, { prefix: '/api/members', transport })`.
 */
export interface InvitationMessage {
  to: string;
  organizationName: string;
  roleName: string;
  invitedByName: string;
  /** `{PUBLIC_URL}/invite/{token}`: a secret, never to be logged. */
  link: string;
  expiresAt: Date;
}

export interface InvitationTransport {
  /** Answers whether the invitee was sent the link; throwing means the attempt failed. */
  send(message: InvitationMessage): Promise<{ delivered: boolean }>;
}

export const linkOnlyTransport: InvitationTransport = {
  send: async () => ({ delivered: false }),
};
