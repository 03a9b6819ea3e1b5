import type { ConversationContact } from '@shared/api/conversations';
import type { TemplateParameter } from '@shared/api/template-parameters';
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

/** What a greeted contact without a name is called. */
export const GREETING_FALLBACK = 'there';

/**
 * The template's parameters as the picker first shows them: one per variable, the contact's name as a
 * contact field (the business's name, else their WhatsApp profile name; "there" for neither) where the
 * template greets someone, the rest empty text.
 */
export function prefilledParameters(components: TemplateComponent[], contact: Pick<ConversationContact, 'name' | 'profileName'>): TemplateParameter[] {
  const field = !contact.name?.trim() && contact.profileName?.trim() ? 'profileName' : 'name';
  return Array.from({ length: templateVariableCount(components) }, (_, index) =>
    isGreeted(components, index + 1) ? { field, fallback: GREETING_FALLBACK } : { text: '' });
}
