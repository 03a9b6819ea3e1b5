import type { TemplateComponent } from '@shared/api/templates';
import { parameterCountProblem } from '@shared/templates/template-parameters';
import { TEMPLATE_MESSAGE_TEXTS, type SendTemplateMessageInput } from '@shared/validation/template-messages';
import type { ParameterContact } from '@shared/api/template-parameters';
import { CONVERSATION_NOT_FOUND } from '@shared/api/conversations';
import { renderParameters } from '@shared/templates/personal-parameters';
import { isMarketingCategory, OPTED_OUT_CHAT_REFUSAL } from '@shared/opt-out/opt-out';
import { renderedValuesProblem } from '@shared/validation/template-parameters';
import type { Queryable } from '../../db/database';
import { conflict, invalidInput, notFound } from '../../lib/domain-error';
import { findContactRow } from '../contacts';
import { findConversation } from './conversations-repository';
import { uuidv7 } from '../../lib/ids';
import { findTemplate, prepareTemplateSend } from '../templates';
import { checkTemplateHeader, headerForSend, withHeaderParameter } from '../media';
import { CONTACT_DELETED_NO_SEND, sendOutgoing, type SendOutcome } from './replies-service';
import type { MediaDeps } from './media-messages-service';
import { visibleConversation, type Viewer } from './viewer';

/**
 * POST /conversations/{id}/messages/template: an approved template of the organization (another
 * organization's answers 404 like a missing one) with one value per variable, sent like a text (same
 * client-id idempotency and configuration checks) but also on a closed customer-service window, the
 * one thing WhatsApp allows then. A template with a media header takes `header` (a header file,
 * uploaded to Meta at the send, or an https link). Contact fields are rendered for the conversation's contact,
 * and the stored message shows the values sent.
 */
export async function sendTemplateMessage(deps: MediaDeps, actor: Viewer, conversationId: string, input: SendTemplateMessageInput): Promise<SendOutcome> {
  const template = await findTemplate(deps.db, actor.organizationId, input.templateId);
  if (!template) throw notFound(TEMPLATE_MESSAGE_TEXTS.notFound);
  if (template.status !== 'APPROVED') throw invalidInput(TEMPLATE_MESSAGE_TEXTS.notApproved);
  const components = template.components as TemplateComponent[];
  const header = await checkTemplateHeader(deps.db, actor.organizationId, components, input.header);
  const parameterProblem = parameterCountProblem(components, input.parameters);
  if (parameterProblem) throw invalidInput(parameterProblem);

  const recipient = await recipientOf(deps.db, actor, conversationId);
  // The customer stopped marketing messages: only utility and authentication templates still reach them.
  if (recipient.optedOut && isMarketingCategory(template.category)) throw conflict(OPTED_OUT_CHAT_REFUSAL);
  const values = renderParameters(input.parameters, recipient);
  // A contact's field could still make a value Meta refuses (132018): refused here, before anything is stored or sent.
  const valueProblem = renderedValuesProblem(values);
  if (valueProblem) throw invalidInput(valueProblem);

  const prepared = prepareTemplateSend({ name: template.name, language: template.language, components }, values);
  return sendOutgoing(deps, actor, conversationId, {
    messageType: 'template',
    content: prepared.content,
    clientId: input.clientId ?? uuidv7(),
    deliver: async (client, to) => {
      // A header file goes to Meta only now, at the send (Meta forgets uploaded files after 30 days).
      const template = header ? withHeaderParameter(prepared.template, await headerForSend(client, deps.mediaStore, header)) : prepared.template;
      return (await client.sendTemplate(to, template)).wamid;
    },
  });
}

/** The contact a conversation the member sees belongs to, as its parameters read it; 404 like a missing conversation otherwise. */
async function recipientOf(db: Queryable, actor: Viewer, conversationId: string): Promise<ParameterContact & { optedOut: boolean }> {
  const conversation = await findConversation(db, visibleConversation(actor, conversationId));
  if (!conversation) throw notFound(CONVERSATION_NOT_FOUND);
  const contact = await findContactRow(db, actor.organizationId, conversation.contactId);
  if (!contact || contact.deletedAt) throw conflict(CONTACT_DELETED_NO_SEND);
  return { name: contact.name, profileName: contact.profileName, phoneNumber: contact.phoneE164, optedOut: contact.optedOutAt !== null };
}
