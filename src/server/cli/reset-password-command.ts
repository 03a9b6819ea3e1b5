import type { AppConfig } from '../config';
import type { Database } from '../db/database';
import { DomainError } from '../lib/domain-error';
import { createResetLinkForEmail } from '../modules/accounts';

export const RESET_PASSWORD_USAGE = 'Usage: npm run reset-password -- <email>';

/**
 * `npm run reset-password -- <email>`: a one-time link to set a new password for the account using
 * this address, for the server's operator, so a sole admin without mail is never locked out. Answers
 * what to print and the exit code.
 */
export async function resetPasswordCommand(
  args: readonly string[],
  db: Database,
  config: Pick<AppConfig, 'publicUrl'>,
): Promise<{ exitCode: number; output: string }> {
  const [email, ...rest] = args;
  if (!email || rest.length > 0) return { exitCode: 2, output: RESET_PASSWORD_USAGE };
  try {
    const { link, expiresAt } = await createResetLinkForEmail(db, config, email);
    return {
      exitCode: 0,
      output: [
        `Open this link to set a new password for ${email.trim().toLowerCase()}:`,
        '',
        `  ${link}`,
        '',
        `It works once, until ${expiresAt.toISOString()}. Setting the password signs that account out everywhere.`,
      ].join('\n'),
    };
  } catch (error) {
    if (error instanceof DomainError) return { exitCode: 1, output: error.message };
    throw error;
  }
}
