import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { memberships, users } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import { invalidInput, conflict, notFound } from '../../lib/domain-error';
import { createOrganization } from '../organizations/create-organization';
import { acceptInvitation, findPendingInvitation, INVITATION_NOT_FOUND } from '../invitations/invitation-store';

export interface NewAccount {
  name: string;
  email: string;
  passwordHash: string;
  organizationName?: string;
  inviteToken?: string;
}

export const EMAIL_TAKEN = 'An account with this email already exists';

/**
 * Creates the user and their membership in one transaction: with an invitation they join its
 * organization in the invited role; without one they found a new organization as its Admin.
 */
export async function createAccount(
  db: Database,
  account: NewAccount,
): Promise<{ userId: string; organizationId: string; isNewUser: boolean }> {
  try {
    return await db.transaction(async (tx) => {
      const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, account.email));
      if (existing) throw conflict(EMAIL_TAKEN);

      let organizationId: string;
      let roleId: string;
      if (account.inviteToken) {
        const invitation = await findPendingInvitation(tx, account.inviteToken);
        if (!invitation) throw notFound(INVITATION_NOT_FOUND);
        if (invitation.email !== account.email) throw invalidInput('This invitation was sent to a different email address');
        if (!(await acceptInvitation(tx, invitation.id))) throw notFound(INVITATION_NOT_FOUND);
        organizationId = invitation.organizationId;
        roleId = invitation.roleId;
      } else {
        const created = await createOrganization(tx, account.organizationName ?? '');
        organizationId = created.organizationId;
        roleId = created.adminRoleId;
      }

      const [user] = await tx
        .insert(users)
        .values({ email: account.email, name: account.name, passwordHash: account.passwordHash })
        .returning({ id: users.id });
      await tx.insert(memberships).values({ organizationId, userId: user.id, roleId });
      return { userId: user.id, organizationId, isNewUser: !account.inviteToken };
    });
  } catch (error) {
    // Two sign-ups racing for one e-mail: the unique index decides, the loser gets the same answer.
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN);
    throw error;
  }
}
