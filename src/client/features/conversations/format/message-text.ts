import type { LastMessage, MessageType, TemplateMessageContent } from '@shared/api/conversations';
import { LAST_MESSAGE_PREVIEW_CHARS, UNREAD_BADGE_CAP } from '@shared/constants';
import { fillPlaceholders } from '@shared/templates/template-message';

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/** A template message's JSON content, or null when it is not one (older rows, a malformed body). */
export function parseTemplateContent(content: string): TemplateMessageContent | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const body = parsed as Record<string, unknown>;
  if (typeof body.templateName !== 'string' || typeof body.text !== 'string' || !isStringArray(body.parameters)) return null;
  return {
    templateName: body.templateName,
    language: typeof body.language === 'string' ? body.language : '',
    text: body.text,
    parameters: body.parameters,
    header: typeof body.header === 'string' ? body.header : null,
    footer: typeof body.footer === 'string' ? body.footer : null,
    buttons: isStringArray(body.buttons) ? body.buttons : [],
  };
}

const MEDIA_LABELS: Partial<Record<MessageType, string>> = {
  image: 'Photo',
  video: 'Video',
  audio: 'Audio',
  document: 'Document',
  sticker: 'Sticker',
};

/** What a message says in one line: its text, a template's filled text, or a media label and caption. */
export function messageSummary(message: Pick<LastMessage, 'content' | 'messageType'>): string {
  if (message.messageType === 'template') {
    const template = parseTemplateContent(message.content);
    return template ? fillPlaceholders(template.text, template.parameters) : message.content;
  }
  const media = MEDIA_LABELS[message.messageType];
  if (media) return message.content ? `${media}: ${message.content}` : media;
  return message.content;
}

/** The list row's preview: the summary on one line, cut at 50 characters. */
export function previewText(message: Pick<LastMessage, 'content' | 'messageType'>): string {
  const line = messageSummary(message).replace(/\s+/g, ' ').trim();
  return line.length > LAST_MESSAGE_PREVIEW_CHARS ? `${line.slice(0, LAST_MESSAGE_PREVIEW_CHARS)}…` : line;
}

/** The unread badge: the count, capped at '99+'. */
export function unreadLabel(count: number): string {
  return count > UNREAD_BADGE_CAP ? `${UNREAD_BADGE_CAP}+` : String(count);
}
