/**
 * Marketing opt-out: what a customer writes or presses to stop marketing messages, and how Parley
 * names where an opt-out came from. Shared by the server (inbound messages, broadcasts) and the screens.
 */

/** Always honoured, whatever the organization's own list says. */
export const BUILT_IN_OPT_OUT_KEYWORDS = ['STOP', 'UNSUBSCRIBE'] as const;

/** Meta's "Marketing opt-out" quick-reply button says this; pressing it opts the customer out. */
export const OPT_OUT_BUTTON_TEXT = 'Stop promotions';

/** Meta's code for "the customer stopped marketing messages"; Parley records the recipients it holds back with it too. */
export const MARKETING_STOPPED_ERROR = 131050;

export const OPT_OUT_SOURCES = ['keyword', 'button', 'meta', 'send_error'] as const;
export type OptOutSource = (typeof OPT_OUT_SOURCES)[number];

/** How the contact and its timeline say where the opt-out came from. */
export const OPT_OUT_SOURCE_LABELS: Record<OptOutSource, string> = {
  keyword: 'replied with an opt-out keyword',
  button: 'pressed an opt-out button',
  meta: 'stopped marketing messages in WhatsApp',
  send_error: 'WhatsApp refused a marketing message (131050)',
};

/** Case and surrounding (or repeated inner) space do not matter: " stop " and "Stop" are STOP. */
export function normalizeKeyword(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toUpperCase();
}

/** Whether a whole message is an opt-out keyword: the built-in ones or the organization's own. */
export function isOptOutKeyword(text: string, organizationKeywords: readonly string[]): boolean {
  const said = normalizeKeyword(text);
  if (said.length === 0) return false;
  return [...BUILT_IN_OPT_OUT_KEYWORDS, ...organizationKeywords].some((keyword) => normalizeKeyword(keyword) === said);
}

/** Whether a pressed button opts out: Meta's opt-out button, or a button whose text is an opt-out keyword. */
export function isOptOutButton(text: string, organizationKeywords: readonly string[]): boolean {
  return normalizeKeyword(text) === normalizeKeyword(OPT_OUT_BUTTON_TEXT) || isOptOutKeyword(text, organizationKeywords);
}

/** Only marketing templates are held back from opted-out customers; utility and authentication still reach them. */
export function isMarketingCategory(category: string | null | undefined): boolean {
  return (category ?? '').toUpperCase() === 'MARKETING';
}

export const OPTED_OUT_CHAT_REFUSAL = 'This contact opted out of marketing messages: a MARKETING template cannot be sent to them. Utility templates still can.';
