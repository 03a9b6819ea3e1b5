import type { AudienceCheckResponse, MessagingLimit } from '@shared/api/audience-check';
import { BROADCAST_TEXTS } from '@shared/api/broadcasts';
import { isMarketingCategory } from '@shared/opt-out/opt-out';
import { recipientsOverLimit, tierLimit } from '@shared/opt-out/messaging-limit';
import type { Database } from '../../db/database';
import { notFound } from '../../lib/domain-error';
import { isUuid } from '../../lib/ids';
import { customersMessagedInLastDay } from '../conversations';
import { findTemplate } from '../templates';
import type { WhatsAppAccounts } from '../whatsapp-settings';
import { checkedAudience } from './broadcast-composition';
import { countAudience, countOptedOutInAudience } from './recipients-repository';

/**
 * Before a broadcast starts: its audience without the contacts a MARKETING template leaves out, compared
 * with the number's messaging limit (Meta's tier, read now) minus the customers messaged in the last 24 h.
 * A tier Meta does not answer is no known limit: the form then warns of nothing.
 */
export async function checkAudience(
  db: Database,
  accounts: WhatsAppAccounts,
  organizationId: string,
  input: { tagIds?: string[]; contactIds?: string[]; templateId?: string },
): Promise<AudienceCheckResponse> {
  const audience = await checkedAudience(db, organizationId, input);
  const template = input.templateId === undefined ? null : await templateNamed(db, organizationId, input.templateId);
  const [total, optedOut, tier, messagedLast24h] = await Promise.all([
    countAudience(db, organizationId, audience),
    template && isMarketingCategory(template.category) ? countOptedOutInAudience(db, organizationId, audience) : Promise.resolve(0),
    messagingLimitTier(accounts, organizationId),
    customersMessagedInLastDay(db, organizationId),
  ]);
  const count = total - optedOut;
  const limit = tierLimit(tier);
  const messagingLimit: MessagingLimit = {
    tier,
    limit,
    messagedLast24h,
    available: limit === null ? null : Math.max(0, limit - messagedLast24h),
    overBy: recipientsOverLimit(count, limit, messagedLast24h),
  };
  return { total, optedOut, count, messagingLimit };
}

/** The organization's template with this id; another organization's or an unknown id answers 404 alike. */
async function templateNamed(db: Database, organizationId: string, templateId: string) {
  const template = isUuid(templateId) ? await findTemplate(db, organizationId, templateId) : null;
  if (!template) throw notFound(BROADCAST_TEXTS.templateNotFound);
  return template;
}

/** The tier, or null when WhatsApp is not configured or Meta cannot be asked right now. */
async function messagingLimitTier(accounts: WhatsAppAccounts, organizationId: string): Promise<string | null> {
  try {
    return (await (await accounts.clientFor(organizationId)).getMessagingLimitTier()) ?? null;
  } catch {
    return null;
  }
}
