import type { ParameterContact } from '@shared/api/template-parameters';
import type { TemplateComponent } from '@shared/api/templates';
import { renderParameters, storedParameters } from '@shared/templates/personal-parameters';
import { renderedValuesProblem } from '@shared/validation/template-parameters';
import { prepareTemplateSend, type PreparedTemplateSend } from '../templates';
import type { BroadcastSend } from './broadcasts-repository';

/** What a broadcast sends one recipient: its parameters rendered for the contact. */
export interface PreparedSend extends PreparedTemplateSend {
  /** Why Meta would refuse the rendered values (132018), so the send is refused before it is made; null when fine. */
  problem: string | null;
}

const componentsOf = (send: BroadcastSend): TemplateComponent[] => (Array.isArray(send.templateComponents) ? send.templateComponents : []);

/**
 * The payload a quick-reply press brings back (inbound `button.payload`): the broadcast and the button's
 * position, so the press names its button even where the customer's app shows another label.
 */
export function quickReplyPayload(broadcastId: string, buttonId: string): string {
  return `${broadcastId}:${buttonId}`;
}

/**
 * The Graph send and the stored message content of a broadcast for one recipient (see
 * `prepareTemplateSend`): each contact field rendered for the contact, so the chat shows what the
 * customer got; each quick-reply button carries a payload naming the broadcast and the button.
 */
export function prepareSend(send: BroadcastSend, contact: ParameterContact): PreparedSend {
  const values = renderParameters(storedParameters(send.parameters), contact);
  const prepared = prepareTemplateSend(
    { name: send.templateName, language: send.templateLanguage, components: componentsOf(send) },
    values,
    (buttonId) => quickReplyPayload(send.id, buttonId),
  );
  return { ...prepared, problem: renderedValuesProblem(values) };
}
