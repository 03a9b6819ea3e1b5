import type { ConversationContact } from '@shared/api/conversations';
import type { TemplateComponent } from '@shared/api/templates';
import { templateVariableCount } from '@shared/templates/template-message';

/** A greeting right before a variable ("Hi {{1}}", "Dear {{1}},", "مرحباً {{1}}") means the variable is the customer's name. */
const GREETING_BEFORE = /(?:^|[^\p{L}])(?:hi|hello|hey|dear|مرحباً|مرحبا)[\s,،]*$/iu;

function texts(components: TemplateComponent[]): string[] {
  return components.flatMap((component) => (component.type === 'HEADER' || component.type === 'BODY') && component.text ? [component.text] : []);
}

/** Whether {{n}} follows a greeting anywhere in the header or body. */
function isGreeted(components: TemplateComponent[], n: number): boolean {
  const placeholder = new RegExp(`\\{\\{\\s*${n}\\s*\\}\\}`, 'g');
  return texts(components).some((text) => [...text.matchAll(placeholder)].some((match) => GREETING_BEFORE.test(text.slice(0, match.index))));
}

/**
 * The template's parameters as the picker first shows them: one per variable, the contact's name
 * (the business's, else their WhatsApp profile name) where the template greets someone, the rest empty.
 */
export function prefilledParameters(components: TemplateComponent[], contact: Pick<ConversationContact, 'name' | 'profileName'>): string[] {
  const name = contact.name?.trim() || contact.profileName?.trim() || '';
  return Array.from({ length: templateVariableCount(components) }, (_, index) => (isGreeted(components, index + 1) ? name : ''));
}
