import type { TemplateComponent } from '@shared/api/templates';
import type { TemplateMessageContent } from '@shared/api/conversations';
import { placeholderOrder, quickReplyButtons, renderTemplate } from '@shared/templates/template-message';
import type { TemplateComponentParameters, TemplateSend } from '../../whatsapp/graph-types';

/** A template to send: its name and language at Meta, and its components as stored. */
export interface SendableTemplate {
  name: string;
  language: string;
  components: TemplateComponent[];
}

/** What a template send needs: the stored message's content and the Graph send. */
export interface PreparedTemplateSend {
  /** The stored message's content: the template with its {{n}} kept, and the values (the inbox fills them). */
  content: string;
  template: TemplateSend;
}

/**
 * The Graph send and the stored message content of a template, shared by broadcasts and the chat.
 * Parameter n fills {{n}} of the header and the body: each component gets one value per variable it
 * uses, in number order (Meta's positional parameters). With `buttonPayload`, each quick-reply button
 * carries the payload it answers; without one, Meta sends the button's text back.
 */
export function prepareTemplateSend(
  template: SendableTemplate,
  parameters: readonly string[],
  buttonPayload?: (buttonId: string) => string,
): PreparedTemplateSend {
  const { components } = template;
  const values = (part: 'HEADER' | 'BODY') =>
    [...new Set(placeholderOrder(components, part))].sort((a, b) => a - b).map((n) => ({ type: 'text' as const, text: parameters[n - 1] ?? '' }));

  const parts: TemplateComponentParameters[] = [];
  const header = values('HEADER');
  if (header.length > 0) parts.push({ type: 'header', parameters: header });
  const body = values('BODY');
  if (body.length > 0) parts.push({ type: 'body', parameters: body });
  if (buttonPayload) {
    for (const button of quickReplyButtons(components)) {
      parts.push({ type: 'button', sub_type: 'quick_reply', index: button.id, parameters: [{ type: 'payload', payload: buttonPayload(button.id) }] });
    }
  }

  // Rendered without values, every {{n}} stays as it is: the inbox fills them from `parameters`.
  const unfilled = renderTemplate(components, []);
  const content: TemplateMessageContent = {
    templateName: template.name,
    language: template.language,
    text: unfilled.body,
    parameters: [...parameters],
    header: unfilled.header,
    footer: unfilled.footer,
    buttons: unfilled.buttons.map((button) => button.text),
  };
  return { content: JSON.stringify(content), template: { name: template.name, language: template.language, components: parts } };
}
