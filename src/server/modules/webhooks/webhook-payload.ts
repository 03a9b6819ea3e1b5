import { DELIVERY_STATUSES, type DeliveryStatus, type InboundMessage, type StatusUpdate } from '../conversations';

/**
 * Reading Meta's webhook envelope. The body is untrusted JSON even when its
 * signature is valid (a future Meta field, a truncated retry), so every field is checked and what
 * cannot be understood is skipped, never thrown on: one odd item must not hold up the rest.
 */

type Json = Record<string, unknown>;

export interface WebhookChange {
  /** entry[].id: the WABA id. */
  wabaId: string;
  field: string;
  value: Json;
  /** value.metadata.phone_number_id, on message changes. */
  phoneNumberId: string | undefined;
}

export interface TemplateStatusUpdate {
  templateId: string | undefined;
  name: string | undefined;
  language: string | undefined;
  status: string;
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string | undefined => (typeof value === 'string' && value.length > 0 ? value : undefined);
const objects = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);

/** Every change of every entry, in order. */
export function changesOf(payload: unknown): WebhookChange[] {
  if (!isObject(payload)) return [];
  return objects(payload.entry).flatMap((entry) => {
    const wabaId = str(entry.id) ?? (typeof entry.id === 'number' ? String(entry.id) : '');
    return objects(entry.changes).flatMap((change) => {
      if (!isObject(change.value)) return [];
      const metadata = isObject(change.value.metadata) ? change.value.metadata : {};
      return [{ wabaId, field: str(change.field) ?? 'messages', value: change.value, phoneNumberId: str(metadata.phone_number_id) }];
    });
  });
}

/** Events with inbound messages are processed before status-only ones. */
export function hasInboundMessages(payload: unknown): boolean {
  return changesOf(payload).some((change) => objects(change.value.messages).length > 0);
}

export function inboundMessagesOf(change: WebhookChange): InboundMessage[] {
  const names = new Map<string, string>();
  for (const contact of objects(change.value.contacts)) {
    const waId = str(contact.wa_id);
    const name = isObject(contact.profile) ? str(contact.profile.name) : undefined;
    if (waId && name) names.set(waId, name);
  }
  return objects(change.value.messages).flatMap((raw) => {
    const parsed = parseInbound(raw);
    return parsed ? [{ ...parsed, profileName: names.get(parsed.from) }] : [];
  });
}

/** A status report, with the `biz_opaque_callback_data` its send carried (a broadcast send's recipient id). */
export interface StatusReport extends StatusUpdate {
  callbackData: string | undefined;
}

export function statusesOf(change: WebhookChange): StatusReport[] {
  return objects(change.value.statuses).flatMap((raw) => {
    const wamid = str(raw.id);
    const status = str(raw.status);
    if (!wamid || !status || !(DELIVERY_STATUSES as readonly string[]).includes(status)) return [];
    const error = objects(raw.errors)[0];
    const code = error && typeof error.code === 'number' ? error.code : undefined;
    const details = error && isObject(error.error_data) ? str(error.error_data.details) : undefined;
    return [{
      wamid,
      status: status as DeliveryStatus,
      occurredAt: timestampOf(raw.timestamp),
      errorCode: code,
      errorMessage: error ? str(error.message) ?? str(error.title) ?? details : undefined,
      callbackData: str(raw.biz_opaque_callback_data),
    }];
  });
}

export function templateStatusOf(change: WebhookChange): TemplateStatusUpdate | undefined {
  const status = str(change.value.event);
  if (change.field !== 'message_template_status_update' || !status) return undefined;
  const id = change.value.message_template_id;
  return {
    templateId: typeof id === 'number' ? String(id) : str(id),
    name: str(change.value.message_template_name),
    language: str(change.value.message_template_language),
    status,
  };
}

/** Meta sends Unix seconds as a string; a missing or odd value falls back to the time of processing. */
function timestampOf(value: unknown): Date {
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : new Date();
}

function parseInbound(raw: Json): Omit<InboundMessage, 'profileName'> | undefined {
  const wamid = str(raw.id);
  const from = str(raw.from)?.replace(/\D/g, '');
  const type = str(raw.type);
  if (!wamid || !from || !type) return undefined;
  const body = isObject(raw[type]) ? (raw[type] as Json) : {};
  const base = {
    wamid,
    from,
    sentAt: timestampOf(raw.timestamp),
    freeEntryPoint: isObject(raw.referral),
    media: undefined,
    payload: null,
  };

  switch (type) {
    case 'text':
      return { ...base, type: 'text', content: str(body.body) ?? '' };
    case 'image':
    case 'video':
    case 'audio':
    case 'document':
    case 'sticker': {
      const metaMediaId = str(body.id);
      return {
        ...base,
        type,
        content: str(body.caption) ?? '',
        media: metaMediaId
          ? { metaMediaId, mimeType: str(body.mime_type) ?? 'application/octet-stream', fileName: str(body.filename) }
          : undefined,
        payload: type === 'audio' && body.voice === true ? { voice: true } : null,
      };
    }
    case 'button':
      return { ...base, type: 'button', content: str(body.text) ?? str(body.payload) ?? '', payload: raw };
    case 'interactive': {
      const reply = [body.button_reply, body.list_reply, body.nfm_reply].find(isObject);
      return { ...base, type: 'interactive', content: (reply && (str(reply.title) ?? str(reply.body))) ?? '', payload: raw };
    }
    case 'reaction':
      return { ...base, type: 'reaction', content: str(body.emoji) ?? '', payload: raw };
    case 'location': {
      const where = [str(body.name), str(body.address)].filter(Boolean).join(', ');
      return { ...base, type: 'unsupported', content: `Location: ${where || `${String(body.latitude)}, ${String(body.longitude)}`}`, payload: raw };
    }
    default:
      return { ...base, type: 'unsupported', content: `Unsupported message (${type})`, payload: raw };
  }
}
