import type { Database } from '../../db/database';
import { customersByWaId, optOutContacts, resumeContacts } from '../contacts';
import type { InboundMessage } from '../conversations';
import { readOrganizationSettings } from '../organization-settings';
import { optOutSenders, type MarketingPreferences } from './opt-out-signals';

/** Opts out the customers whose new messages are opt-out keywords or opt-out button presses. */
export async function applyInboundOptOuts(db: Database, organizationId: string, messages: readonly InboundMessage[]): Promise<void> {
  if (!messages.some((message) => message.type === 'text' || message.type === 'button' || message.type === 'interactive')) return;
  const { optOutKeywords } = await readOrganizationSettings(db, organizationId);
  const senders = optOutSenders(messages, optOutKeywords);
  await optOutContacts(db, organizationId, customersByWaId(senders.keyword), 'keyword');
  await optOutContacts(db, organizationId, customersByWaId(senders.button), 'button');
}

/** Meta's signals: user_preferences stop/resume, and sends refused with 131050. */
export async function applyMetaOptOuts(
  db: Database,
  organizationId: string,
  preferences: MarketingPreferences,
  refusedWaIds: readonly string[],
): Promise<void> {
  await optOutContacts(db, organizationId, customersByWaId(preferences.stopped), 'meta');
  await resumeContacts(db, organizationId, customersByWaId(preferences.resumed));
  await optOutContacts(db, organizationId, customersByWaId(refusedWaIds), 'send_error');
}
