import type { FastifyBaseLogger } from 'fastify';
import type { InferType } from 'yup';
import type { SessionUser } from '@shared/api/auth';
import { normalizeEmail, type loginSchema, type signupSchema } from '@shared/validation/account';
import type { AppConfig } from '../../config';
import type { Database, Queryable } from '../../db/database';
import { isUniqueViolation } from '../../lib/db-errors';
import { conflict, forbidden, unauthorized } from '../../lib/domain-error';
import { assertInvitationFor, claimInvitation } from '../invitations';
import { findOrganizationOfUser, insertMembership, findUserByEmail, insertUser, createSession, endSession, loadSession } from '../members';
import { createOrganization } from '../organizations';
import { updateOrganizationSettings } from '../organization-settings';
import { hashPassword, verifyPassword } from './passwords';
import { toSessionUser } from './session-user';
import { claimAttempt, releaseAttempt, resetKeys } from './throttle-service';
import { loginRules, signupRules, TOO_MANY_LOGINS, TOO_MANY_SIGNUPS } from './throttle-rules';

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const EMAIL_TAKEN = 'An account with this email already exists';
export const ENTER_ACCOUNT_PASSWORD = 'An account with this email already exists. Enter its password to accept the invitation.';
export const NO_LONGER_A_MEMBER = 'You are no longer a member of an organization. Ask an admin to invite you again.';

type Credentials = InferType<typeof loginSchema>;
type SignupForm = InferType<typeof signupSchema>;

/** The member a session is for. */
export interface SignedIn {
  userId: string;
  organizationId: string;
}

/**
 * Checks an e-mail and password, throttled per account and address. A wrong password and an unknown
 * e-mail fail alike, in the same time, so the answer never tells which accounts exist.
 */
export async function signIn(
  db: Database,
  config: AppConfig,
  credentials: Credentials & { ip: string },
  log: FastifyBaseLogger,
): Promise<SignedIn> {
  const email = normalizeEmail(credentials.email);
  const [consecutive, ...limits] = loginRules(email, credentials.ip, config.throttle);
  // Counted as a failure before the password is checked, so parallel guesses cannot outrun the count.
  await claimAttempt(db, [consecutive, ...limits], TOO_MANY_LOGINS);

  const user = await findUserByEmail(db, email);
  if (!(await verifyPassword(user?.passwordHash, credentials.password)) || !user) {
    log.info({ event: 'login_failed', ip: credentials.ip }, 'sign-in failed');
    throw unauthorized(INVALID_CREDENTIALS);
  }
  // It was no failure after all: consecutive failures start afresh and the other limits give it back.
  await resetKeys(db, [consecutive.key]);
  await releaseAttempt(db, limits);

  // The password is right, so saying why is no leak: a removed member learns what to do.
  const organizationId = await findOrganizationOfUser(db, user.id);
  if (!organizationId) throw forbidden(NO_LONGER_A_MEMBER);
  return { userId: user.id, organizationId };
}

/** Creates an account, throttled per address: mass account creation from one network is refused. */
export async function signUp(
  db: Database,
  config: AppConfig,
  form: SignupForm & { ip: string },
): Promise<SignedIn & { isNewUser: boolean }> {
  await claimAttempt(db, signupRules(form.ip, config.throttle), TOO_MANY_SIGNUPS);
  const email = normalizeEmail(form.email);
  const inviteToken = form.inviteToken || undefined;
  const existing = inviteToken ? await findUserByEmail(db, email) : null;
  if (existing && inviteToken) return rejoin(db, existing, { email, password: form.password, inviteToken });
  return createAccount(db, {
    name: form.name,
    email,
    passwordHash: await hashPassword(form.password),
    organizationName: form.organizationName,
    inviteToken,
    timeZone: form.timeZone,
  });
}

/**
 * A removed member accepting a new invitation: their own account joins in the invited role and keeps
 * its history. Its password proves the account is theirs; it is checked only for a valid invitation
 * to that very address, so the sign-up form cannot be used to guess passwords. An account that still
 * belongs to an organization joins no other.
 */
async function rejoin(
  db: Database,
  user: { id: string; passwordHash: string },
  form: { email: string; password: string; inviteToken: string },
): Promise<SignedIn & { isNewUser: boolean }> {
  await assertInvitationFor(db, form.inviteToken, form.email);
  if (await findOrganizationOfUser(db, user.id)) throw conflict(EMAIL_TAKEN);
  if (!(await verifyPassword(user.passwordHash, form.password))) throw conflict(ENTER_ACCOUNT_PASSWORD);
  return oneAccountPerEmail(() =>
    db.transaction(async (tx) => {
      const { organizationId, roleId } = await claimInvitation(tx, form.inviteToken, form.email);
      await insertMembership(tx, { organizationId, userId: user.id, roleId });
      return { userId: user.id, organizationId, isNewUser: false };
    }),
  );
}

/**
 * Creates the user and their membership in one transaction: with an invitation they join its
 * organization in the invited role; without one they found a new organization as its Admin.
 */
async function createAccount(
  db: Database,
  account: { name: string; email: string; passwordHash: string; organizationName?: string; inviteToken?: string; timeZone?: string },
): Promise<SignedIn & { isNewUser: boolean }> {
  return oneAccountPerEmail(() =>
    db.transaction(async (tx) => {
      if (await findUserByEmail(tx, account.email)) throw conflict(EMAIL_TAKEN);
      const { organizationId, roleId } = account.inviteToken
        ? await claimInvitation(tx, account.inviteToken, account.email)
        : await foundOrganization(tx, account.organizationName ?? '');
      const userId = await insertUser(tx, { email: account.email, name: account.name, passwordHash: account.passwordHash });
      await insertMembership(tx, { organizationId, userId, roleId });
      // A new organization's schedules and reports start in its founder's zone (the change log names them).
      if (!account.inviteToken && account.timeZone) await updateOrganizationSettings(tx, organizationId, userId, { timeZone: account.timeZone });
      return { userId, organizationId, isNewUser: !account.inviteToken };
    }),
  );
}

/**
 * Two sign-ups racing for one e-mail, or one account for two memberships: the unique indexes decide,
 * and the loser gets the same answer as if it had come second.
 */
async function oneAccountPerEmail<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN);
    throw error;
  }
}

/** A new organization with the founder in its Admin role. */
async function foundOrganization(tx: Queryable, name: string): Promise<{ organizationId: string; roleId: string }> {
  const { organizationId, adminRoleId } = await createOrganization(tx, name);
  return { organizationId, roleId: adminRoleId };
}

/**
 * Starts a fresh session for a member and answers its cookie token and the session user. The session the
 * browser still carried, if any, ends: a session id fixed before sign-in is never the one after it.
 */
export async function startSession(
  db: Database,
  config: AppConfig,
  previousToken: string | undefined,
  member: SignedIn,
  userAgent: string | null = null,
): Promise<{ token: string; user: SessionUser }> {
  if (previousToken) await endSession(db, previousToken);
  const token = await createSession(db, config, member.userId, member.organizationId, userAgent);
  const loaded = await loadSession(db, config, token);
  if (!loaded) throw new Error('A session just created could not be loaded');
  return { token, user: toSessionUser(loaded.auth) };
}
