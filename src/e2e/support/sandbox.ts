import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { DEMO_BUSINESS } from '../../sandbox/fixtures';
import type { FaultKind } from '../../sandbox/faults';
import type { CustomerBehaviour, SentMessage } from '../../sandbox/world';
import { SANDBOX_MOUNT_PATH } from '../../server/config';
import type { Conversation, ConversationPage } from '../../shared/api/conversations';
import { baseUrl } from './browser';

/**
 * The built-in sandbox's control API (loopback only, which the tests are), and what the inbox tests
 * need around it: simulated customers with numbers of their own, and waiting for what a customer
 * wrote to be stored.
 */

/** The phone number id the demo organization sends from. */
export const DEMO_PHONE_NUMBER_ID = DEMO_BUSINESS.phoneNumberId;

async function control<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl()}${SANDBOX_MOUNT_PATH}/_sandbox${path}`, {
    method,
    ...(body !== undefined && { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`sandbox control ${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** From now on the sandbox answers every call made with `token` as Meta answers an expired one (190). */
export async function expireToken(token: string): Promise<void> {
  const fault: { target: string; kind: FaultKind } = { target: token, kind: 'token_expired' };
  await control('POST', '/faults', fault);
}

export interface SandboxCustomer {
  /** The number, digits only, as WhatsApp ids it. */
  waId: string;
  /** The WhatsApp profile name, which becomes the contact's name. */
  name: string;
}

const letters = (length: number) => Array.from({ length }, () => String.fromCharCode(97 + randomInt(26))).join('');

/**
 * A customer nobody else uses: a UAE mobile number of random digits (never ending 0000, which the
 * sandbox treats as a number not on WhatsApp) and a name made unique by a random surname.
 */
export function newCustomer(firstName: string): SandboxCustomer {
  let waId: string;
  do waId = `9715${randomInt(0, 10)}${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
  while (waId.endsWith('0000'));
  const surname = letters(7);
  return { waId, name: `${firstName} ${surname.charAt(0).toUpperCase()}${surname.slice(1)}` };
}

/**
 * Makes the customer predictable: reads every message delivered to them and never answers (an
 * answer would move their conversation and add messages under the test).
 */
export async function makeAttentive(customer: SandboxCustomer): Promise<void> {
  const behaviour: CustomerBehaviour = { readRate: 1, replyRate: 0 };
  await control('PUT', `/customers/${customer.waId}`, behaviour);
}

/** When and how the customer wrote: `at` (ms) back-dates the message, `referral` sends it through a Click-to-WhatsApp ad. */
export interface InboundCircumstances {
  at?: number;
  referral?: boolean;
}

/** The customer writes `text` to the number; answers the inbound message's wamid. */
export async function customerWrites(
  phoneNumberId: string,
  customer: SandboxCustomer,
  text: string,
  circumstances: InboundCircumstances = {},
): Promise<string> {
  const { wamid } = await control<{ wamid: string }>('POST', '/inbound', {
    phoneNumberId,
    from: customer.waId,
    name: customer.name,
    type: 'text',
    text,
    ...circumstances,
  });
  return wamid;
}

/** Until cleared, every Graph request naming `target` (a token, phone number id or account id) fails so. */
export async function injectFault(target: string, kind: FaultKind): Promise<void> {
  await control('POST', '/faults', { target, kind });
}

export async function clearFaults(target: string): Promise<void> {
  await control('DELETE', `/faults?target=${encodeURIComponent(target)}`);
}

/** Every message the sandbox accepted for this recipient, newest first. */
export async function sendsTo(customer: SandboxCustomer): Promise<SentMessage[]> {
  const { data } = await control<{ data: SentMessage[] }>('GET', `/messages?to=${customer.waId}`);
  return data;
}

/**
 * The customer's conversation once the product has stored what they wrote (the sandbox answers the
 * control call before its webhook is handled), read through the page's own session.
 */
export async function storedConversation(page: Page, customer: SandboxCustomer, timeoutMs = 15_000): Promise<Conversation> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await page.request.get('/api/conversations', { params: { search: customer.name } });
    if (response.ok()) {
      const { data } = (await response.json()) as ConversationPage;
      const found = data.find((conversation) => conversation.contact.name === customer.name && conversation.lastMessage?.direction === 'inbound');
      if (found) return found;
    }
    if (Date.now() > deadline) throw new Error(`no conversation with ${customer.name} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
