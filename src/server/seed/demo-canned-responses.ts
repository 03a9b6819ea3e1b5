import { ADMIN_ROLE_NAME } from '@shared/permissions/system-roles';
import { createCannedResponse } from '../modules/canned-responses';
import type { DemoSeedContext } from './demo';

/** The demo team's replies, typed with '/' in the composer and listed under Settings → Canned Responses. */
const REPLIES = [
  { shortcut: 'greet', content: 'Hello {{contact.name}}, this is {{agent.name}} from Desert Rose Trading. How can I help you today?' },
  { shortcut: 'hours', content: 'We are open Saturday to Thursday, 9 am to 9 pm.' },
  { shortcut: 'delivery', content: 'Orders placed before 2 pm are delivered the same day within Dubai.' },
  { shortcut: 'callback', content: 'Thank you {{contact.name}}! We will call you back on {{contact.phone}} shortly.' },
];

export async function seedDemoCannedResponses({ db, team }: DemoSeedContext): Promise<void> {
  for (const reply of REPLIES) await createCannedResponse(db, team.organizationId, team.userIds[ADMIN_ROLE_NAME], reply);
}
