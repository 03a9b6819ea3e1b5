import type { TemplateComponent } from '@shared/api/templates';
import { prepareTemplateSend, type PreparedTemplateSend } from '../templates';
import type { BroadcastSend } from './broadcasts-repository';

/** What a broadcast sends, built once per broadcast and shared by all its recipients. */
export type PreparedSend = PreparedTemplateSend;

const componentsOf = (send: BroadcastSend): TemplateComponent[] => (Array.isArray(send.templateComponents) ? send.templateComponents : []);
const parametersOf = (send: BroadcastSend): string[] => (Array.isArray(send.parameters) ? send.parameters.map(String) : []);

/**
 * The payload a quick-reply press brings back (inbound `button.payload`): the broadcast and the button's
 * position, so the press names its button even where the customer's app shows another label.
 */
export function quickReplyPayload(broadcastId: string, buttonId: string): string {
  return `${broadcastId}:${buttonId}`;
}

/**
 * The Graph send and the stored message content of a broadcast (see `prepareTemplateSend`); each
 * quick-reply button carries a payload naming the broadcast and the button.
 */
export function prepareSend(send: BroadcastSend): PreparedSend {
  return prepareTemplateSend(
    { name: send.templateName, language: send.templateLanguage, components: componentsOf(send) },
    parametersOf(send),
    (buttonId) => quickReplyPayload(send.id, buttonId),
  );
}
