import { object, string, type InferType } from 'yup';
import { parametersField } from './broadcasts';
import { UUID_FORMAT } from './route-input';
import { templateHeaderField } from './template-header';

/** A template sent from the chat: its rules and reasons, shared by the picker and the route. */

export const TEMPLATE_MESSAGE_TEXTS = {
  chooseTemplate: 'Please choose a template',
  notFound: 'Template not found',
  notApproved: 'Only approved templates can be sent',
  sendFailed: 'Failed to send the template',
} as const;

/** POST /conversations/{id}/messages/template: an approved template, one value per variable, and the idempotency key. */
export const sendTemplateMessageSchema = object({
  templateId: string().required(TEMPLATE_MESSAGE_TEXTS.chooseTemplate).matches(UUID_FORMAT, TEMPLATE_MESSAGE_TEXTS.notFound),
  parameters: parametersField,
  header: templateHeaderField,
  // Optional like the text send's: without one the server makes one (no idempotency then).
  clientId: string().matches(UUID_FORMAT, 'clientId must be a UUID').optional(),
});

export type SendTemplateMessageInput = InferType<typeof sendTemplateMessageSchema>;
