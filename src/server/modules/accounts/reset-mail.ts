import type { Queryable } from '../../db/database';
import { buttonMail, type Mailer } from '../mail';

/** The reset mail, written to the outbox in the caller's transaction: it leaves only if the link is stored. */
export async function queueResetMail(
  tx: Queryable,
  mail: Mailer,
  reset: { to: string; organizationId: string; organizationName: string; link: string },
): Promise<void> {
  const bodies = buttonMail({
    organizationName: reset.organizationName,
    paragraphs: [
      'Someone asked to set a new password for your Parley account.',
      'If it was you, open the link below. If not, ignore this email: your password stays as it is.',
    ],
    buttonLabel: 'Set a new password',
    link: reset.link,
    note: 'The link works once, within one hour. Setting a new password signs you out everywhere.',
    publicUrl: mail.publicUrl,
  });
  await mail.queue(tx, { organizationId: reset.organizationId, kind: 'password-reset', to: reset.to, subject: 'Set a new Parley password', ...bodies });
}
