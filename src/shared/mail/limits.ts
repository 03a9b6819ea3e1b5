/**
 * Mail Parley sends on a member's behalf, capped per organization and per address per day (24 hours),
 * so an organization anyone can create cannot use Parley to mail strangers at will.
 */
export type MailKind = 'invitation' | 'password-reset' | 'email-change' | 'email-change-notice';

export interface DailyMailLimit {
  perOrganization: number;
  perAddress: number;
}

export const MAIL_DAILY_LIMITS: Readonly<Record<MailKind, DailyMailLimit>> = {
  invitation: { perOrganization: 100, perAddress: 5 },
  'password-reset': { perOrganization: 100, perAddress: 5 },
  'email-change': { perOrganization: 50, perAddress: 5 },
  // The old address's notice that a change was confirmed: its own count, so that requests naming an
  // address (which mail that address) can never use up the notice its owner gets when they move away.
  'email-change-notice': { perOrganization: 50, perAddress: 5 },
};

const WHAT: Record<MailKind, string> = {
  invitation: 'invitation emails',
  'password-reset': 'password reset emails',
  'email-change': 'email change confirmations',
  'email-change-notice': 'email change notices',
};

/** The 429 answer when a cap is reached. */
export function mailLimitMessage(kind: MailKind, scope: 'organization' | 'address'): string {
  const whom = scope === 'organization' ? 'from your organization' : 'to this address';
  return `Too many ${WHAT[kind]} ${whom} today. Try again tomorrow.`;
}

/** Said where an email would go out when the server has no SMTP_URL. */
export const NO_EMAIL_CONFIGURED = 'No email is configured: copy the link and send it yourself';
