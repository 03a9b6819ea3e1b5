import type { Page } from 'playwright-core';
import type { Conversation } from '../../shared/api/conversations';
import { storedConversation, type SandboxCustomer } from './sandbox';

/** Opens the customer's chat once the product has stored what they wrote; answers the conversation. */
export async function openChat(page: Page, customer: SandboxCustomer): Promise<Conversation> {
  const conversation = await storedConversation(page, customer);
  await page.goto(`/conversations/${conversation.contact.id}`);
  await page.getByRole('region', { name: `Messages with ${customer.name}` }).waitFor();
  return conversation;
}
