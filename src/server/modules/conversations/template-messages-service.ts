import type { TemplateComponent } from '@shared/api/templates';
import { hasMediaHeader } from '@shared/templates/template-message';
import { parameterCountProblem } from '@shared/templates/template-parameters';
import { TEMPLATE_MESSAGE_TEXTS, type SendTemplateMessageInput } from '@shared/validation/template-messages';
import { invalidInput, notFound } from '../../lib/domain-error';
import { uuidv7 } from '../../lib/ids';
import { findTemplate, prepareTemplateSend } from '../templates';
import { sendOutgoing, type ChatDeps, type SendOutcome } from './replies-service';
import type { Viewer } from './viewer';

/**
 * POST /conversations/{id}/messages/template: an approved template of the organization (another
 * organization's answers 404 like a missing one) with one value per variable, sent like a text (same
 * client-id idempotency and configuration checks) but also on a closed customer-service window, the
 * one thing WhatsApp allows then. A template with a media header is refused: Parley sends no header
 * media yet, and Meta would refuse the send.
 */
export async function sendTemplateMessage(deps: ChatDeps, actor: Viewer, conversationId: string, input: SendTemplateMessageInput): Promise<SendOutcome> {
  const template = await findTemplate(deps.db, actor.organizationId, input.templateId);
  if (!template) throw notFound(TEMPLATE_MESSAGE_TEXTS.notFound);
  if (template.status !== 'APPROVED') throw invalidInput(TEMPLATE_MESSAGE_TEXTS.notApproved);
  const components = template.components as TemplateComponent[];
  if (hasMediaHeader(components)) throw invalidInput(TEMPLATE_MESSAGE_TEXTS.mediaHeader);
  const parameterProblem = parameterCountProblem(components, input.parameters);
  if (parameterProblem) throw invalidInput(parameterProblem);

  const prepared = prepareTemplateSend({ name: template.name, language: template.language, components }, input.parameters);
  return sendOutgoing(deps, actor, conversationId, {
    messageType: 'template',
    content: prepared.content,
    clientId: input.clientId ?? uuidv7(),
    deliver: async (client, to) => (await client.sendTemplate(to, prepared.template)).wamid,
  });
}
