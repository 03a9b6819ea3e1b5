import { isOptOutButton, isOptOutKeyword, MARKETING_STOPPED_ERROR } from '@shared/opt-out/opt-out';
import type { InboundMessage } from '../conversations';
import type { WebhookChange } from './webhook-payload';

/**
 * What a webhook says about customers' marketing opt-out: Meta's `user_preferences` change (the
 * customer stopped or resumed marketing messages in WhatsApp) and failed sends with 131050 (the
 * customer had stopped them). Untrusted JSON: anything odd is skipped.
 */

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const objects = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);
const waIdOf = (value: unknown): string | undefined => (typeof value === 'string' && /\d/.test(value) ? value.replace(/\D/g, '') : undefined);


export interface MarketingPreferences {
  stopped: string[];
  resumed: string[];
}

/** user_preferences: `value.user_preferences[]` of { wa_id, category: "marketing_messages", value: "stop" | "resume" }. */
export function marketingPreferencesOf(change: WebhookChange): MarketingPreferences {
  const result: MarketingPreferences = { stopped: [], resumed: [] };
  if (change.field !== 'user_preferences') return result;
  for (const preference of objects(change.value.user_preferences)) {
    const waId = waIdOf(preference.wa_id);
    if (!waId || preference.category !== 'marketing_messages') continue;
    if (preference.value === 'stop') result.stopped.push(waId);
    else if (preference.value === 'resume') result.resumed.push(waId);
  }
  return result;
}

/** The customers a failed status names with 131050 (its `recipient_id`). */
export function marketingRefusalsOf(change: WebhookChange): string[] {
  return objects(change.value.statuses).flatMap((status) => {
    const refused = status.status === 'failed' && objects(status.errors).some((error) => error.code === MARKETING_STOPPED_ERROR);
    const waId = refused ? waIdOf(status.recipient_id) : undefined;
    return waId ? [waId] : [];
  });
}

/** The senders of messages that opt out: a whole text that is an opt-out keyword, or a pressed opt-out button. */
export function optOutSenders(messages: readonly InboundMessage[], keywords: readonly string[]): { keyword: string[]; button: string[] } {
  const keyword: string[] = [];
  const button: string[] = [];
  for (const message of messages) {
    if (message.type === 'text' && isOptOutKeyword(message.content, keywords)) keyword.push(message.from);
    else if ((message.type === 'button' || message.type === 'interactive') && isOptOutButton(message.content, keywords)) button.push(message.from);
  }
  return { keyword, button };
}
