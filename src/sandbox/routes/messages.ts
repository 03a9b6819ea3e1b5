import { graphErrors } from '../graph-errors';
import { checkTextParameters, renderedBody } from '../template-parameters';
import type { Sandbox } from '../sandbox';
import { checkMediaReference } from '../media-reference';
import { checkTemplateHeader } from '../template-header';
import { newWamid, type SandboxBusiness, type SandboxNumber, type SandboxTemplate, type SentMessage } from '../world';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const MEDIA_TYPES = ['image', 'video', 'audio', 'document', 'sticker'] as const;
const OTHER_TYPES = ['text', 'template', 'reaction', 'interactive', 'location', 'contacts'] as const;
const MAX_TEXT = 4096;
const MAX_CALLBACK_DATA = 512;

/**
 * POST /{phone-number-id}/messages: validates the send as Meta does, answers with a wamid (acceptance, not
 * delivery), then the status simulation reports what happened. The same path marks inbound messages read.
 */
export function postMessage(sandbox: Sandbox, business: SandboxBusiness, number: SandboxNumber, body: unknown): Json {
  if (!isObject(body)) throw graphErrors.invalidParameter('The request body must be a JSON object.');
  if (body.messaging_product !== 'whatsapp') throw graphErrors.invalidParameter('The parameter messaging_product is required.');
  if (body.status === 'read') {
    if (typeof body.message_id !== 'string' || !body.message_id) throw graphErrors.invalidParameter('The parameter message_id is required.');
    sandbox.world.readReceipts.record(body.message_id);
    return { success: true };
  }

  const to = typeof body.to === 'string' ? body.to.replace(/\D/g, '') : '';
  if (to.length < 7 || to.length > 15) throw graphErrors.invalidParameter('Param to must be a valid phone number.');
  const type = body.type;
  const known = [...MEDIA_TYPES, ...OTHER_TYPES] as readonly unknown[];
  if (typeof type !== 'string' || !known.includes(type)) throw graphErrors.invalidParameter(`Param type must be one of ${known.join(', ')}.`);

  let quickReplies: Array<{ text: string; payload: string }> = [];
  let category: string | undefined;
  let templateText: string | null = null;
  if (type === 'text') checkText(body.text);
  else if (type === 'template') ({ quickReplies, category, text: templateText } = checkTemplate(business, body.template));
  else if ((MEDIA_TYPES as readonly string[]).includes(type)) checkMedia(sandbox, business, type, body[type]);
  else if (type === 'reaction' && !(isObject(body.reaction) && typeof body.reaction.message_id === 'string')) {
    throw graphErrors.invalidParameter('Param reaction.message_id is required.');
  }

  const header = type === 'template' ? checkTemplateHeader(sandbox, business, body.template) : null;

  const callbackData = body.biz_opaque_callback_data;
  if (callbackData !== undefined && (typeof callbackData !== 'string' || callbackData.length > MAX_CALLBACK_DATA)) {
    throw graphErrors.invalidParameter(`Param biz_opaque_callback_data must be a string of at most ${MAX_CALLBACK_DATA} characters.`);
  }

  const refused = sandbox.takeThroughput(number.id);
  if (refused) {
    sandbox.world.sends.refuse(number.id);
    throw refused;
  }

  const wamid = newWamid();
  const sent: SentMessage = { wamid, phoneNumberId: number.id, to, type, text: templateText ?? readableText(body, type), quickReplies, sentAt: Date.now() };
  if (callbackData) sent.callbackData = callbackData;
  if (header) sent.header = header;
  sandbox.world.recordSent(sent);
  sandbox.statuses.schedule(business, number, sent, { freeForm: type !== 'template', reaction: type === 'reaction', category });
  return {
    messaging_product: 'whatsapp',
    contacts: [{ input: body.to, wa_id: to }],
    messages: [{ id: wamid }],
  };
}

/** What the customer reads of a send: a text's body or a media caption. */
function readableText(body: Json, type: string): string | null {
  const part = body[type];
  if (!isObject(part)) return null;
  const text = type === 'text' ? part.body : part.caption;
  return typeof text === 'string' ? text : null;
}

function checkText(text: unknown): void {
  if (!isObject(text) || typeof text.body !== 'string' || text.body.trim() === '') {
    throw graphErrors.invalidParameter('Param text.body is required.');
  }
  if (text.body.length > MAX_TEXT) throw graphErrors.invalidParameter(`Param text.body must be at most ${MAX_TEXT} characters long.`);
}

function checkTemplate(
  business: SandboxBusiness,
  template: unknown,
): { quickReplies: Array<{ text: string; payload: string }>; category: string; text: string | null } {
  if (!isObject(template) || typeof template.name !== 'string') throw graphErrors.invalidParameter('Param template.name is required.');
  const language = isObject(template.language) && typeof template.language.code === 'string' ? template.language.code : '';
  if (!language) throw graphErrors.invalidParameter('Param template.language.code is required.');
  const found = business.templates.find((t) => t.name === template.name && t.language === language);
  if (!found) throw graphErrors.templateMissing(template.name, language);
  if (found.status === 'PAUSED') throw graphErrors.templatePaused(found.name);
  if (found.status === 'DISABLED') throw graphErrors.templateDisabled(found.name);
  if (found.status !== 'APPROVED') throw graphErrors.templateMissing(found.name, language);

  const sentComponents = Array.isArray(template.components) ? template.components.filter(isObject) : [];
  for (const part of ['header', 'body'] as const) {
    const expected = variablesIn(found, part);
    const given = sentComponents.find((c) => c.type === part);
    const count = given && Array.isArray(given.parameters) ? given.parameters.length : 0;
    if (count !== expected) throw graphErrors.templateParams(part, count, expected);
  }
  checkTextParameters(sentComponents);
  return { quickReplies: quickRepliesOf(found, sentComponents), category: found.category, text: renderedBody(found, sentComponents) };
}

/** Placeholders a component's text needs; a media header needs its one media parameter. */
function variablesIn(template: SandboxTemplate, part: 'header' | 'body'): number {
  const component = template.components.find((c) => c.type === part.toUpperCase());
  if (!component) return 0;
  if (part === 'header' && component.format && component.format !== 'TEXT') return 1;
  return new Set(component.text?.match(/\{\{\s*[\w]+\s*\}\}/g) ?? []).size;
}

function quickRepliesOf(template: SandboxTemplate, sent: Json[]): Array<{ text: string; payload: string }> {
  const buttons = template.components.find((c) => c.type === 'BUTTONS')?.buttons ?? [];
  return buttons.flatMap((button, index) => {
    if (button.type !== 'QUICK_REPLY') return [];
    const param = sent.find((c) => c.type === 'button' && String(c.index) === String(index));
    const first = param && Array.isArray(param.parameters) ? param.parameters.find(isObject) : undefined;
    const payload = first && typeof first.payload === 'string' ? first.payload : button.text;
    return [{ text: button.text, payload }];
  });
}

function checkMedia(sandbox: Sandbox, business: SandboxBusiness, type: string, media: unknown): void {
  const checked = checkMediaReference(sandbox, business, type, media);
  if ((type === 'audio' || type === 'sticker') && checked.caption !== undefined) {
    throw graphErrors.invalidParameter(`Param ${type}.caption is not allowed for ${type} messages.`);
  }
}
