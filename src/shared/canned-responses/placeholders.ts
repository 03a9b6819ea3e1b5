/**
 * The placeholders a canned response may carry, filled in the composer when a member inserts it:
 * {{contact.name}} (the contact's name as shown), {{contact.phone}} (their number, formatted) and
 * {{agent.name}} (the member sending). Spaces inside the braces are allowed: `{{ agent.name }}`.
 */
export const CANNED_RESPONSE_PLACEHOLDERS = ['contact.name', 'contact.phone', 'agent.name'] as const;
export type CannedResponsePlaceholder = (typeof CANNED_RESPONSE_PLACEHOLDERS)[number];

/** Every `{{…}}` in a text, with the name between the braces. */
const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

const known = new Set<string>(CANNED_RESPONSE_PLACEHOLDERS);

/** The names inside `{{…}}` that are not placeholders, each once, in order of appearance. */
export function unknownPlaceholders(content: string): string[] {
  const unknown = [...content.matchAll(PLACEHOLDER)].map((match) => match[1]).filter((name) => !known.has(name));
  return [...new Set(unknown)];
}

/** The content with each placeholder replaced by its value; anything else in braces stays as written. */
export function fillPlaceholders(content: string, values: Readonly<Record<CannedResponsePlaceholder, string>>): string {
  return content.replace(PLACEHOLDER, (whole, name: string) => (known.has(name) ? values[name as CannedResponsePlaceholder] : whole));
}
