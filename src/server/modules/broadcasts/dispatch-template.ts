import type { TemplateComponent } from '@shared/api/templates';
import { placeholderOrder, quickReplyButtons, renderTemplate } from '@shared/templates/template-message';
import type { TemplateComponentParameters, TemplateSend } from '../../whatsapp/graph-types';
import type { BroadcastSend } from './broadcasts-repository';

/** What a broadcast sends, built once per broadcast and shared by all its recipients. */
export interface PreparedSend {
  /** The stored message's content: the template with its {{n}} kept, and the values (the inbox fills them). */
  content: string;
  template: TemplateSend;
}

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
 * The Graph send and the stored message content of a broadcast. Parameter n fills {{n}} of the header
 * and the body: each component gets one value per variable it uses, in number order (Meta's
 * positional parameters); each quick-reply button carries a payload naming the broadcast and the button.
 */
export function prepareSend(send: BroadcastSend): PreparedSend {
  const components = componentsOf(send);
  const parameters = parametersOf(send);
  const values = (part: 'HEADER' | 'BODY') =>
    [...new Set(placeholderOrder(components, part))].sort((a, b) => a - b).map((n) => ({ type: 'text' as const, text: parameters[n - 1] ?? '' }));

  const parts: TemplateComponentParameters[] = [];
  const header = values('HEADER');
  if (header.length > 0) parts.push({ type: 'header', parameters: header });
  const body = values('BODY');
  if (body.length > 0) parts.push({ type: 'body', parameters: body });
  for (const button of quickReplyButtons(components)) {
    parts.push({ type: 'button', sub_type: 'quick_reply', index: button.id, parameters: [{ type: 'payload', payload: quickReplyPayload(send.id, button.id) }] });
  }

  // Rendered without values, every {{n}} stays as it is: the inbox fills them from `parameters`.
  const unfilled = renderTemplate(components, []);
  const content = JSON.stringify({
    templateName: send.templateName,
    language: send.templateLanguage,
    text: unfilled.body,
    parameters,
    header: unfilled.header,
    footer: unfilled.footer,
    buttons: unfilled.buttons.map((button) => button.text),
  });
  return { content, template: { name: send.templateName, language: send.templateLanguage, components: parts } };
}
