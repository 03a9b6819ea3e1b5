import type { SandboxNumber } from './world';

/** Webhook envelopes exactly as Meta nests them. */

type Json = Record<string, unknown>;

const seconds = (ms: number) => String(Math.floor(ms / 1000));
const digits = (value: string) => value.replace(/\D/g, '');

function envelope(wabaId: string, field: string, value: Json): Json {
  return { object: 'whatsapp_business_account', entry: [{ id: wabaId, changes: [{ value, field }] }] };
}

function messagingValue(number: SandboxNumber, extra: Json): Json {
  return {
    messaging_product: 'whatsapp',
    metadata: { display_phone_number: digits(number.displayPhoneNumber), phone_number_id: number.id },
    ...extra,
  };
}

/** An inbound customer message; `message` holds the type-specific fields (`type` and its object). */
export function inboundPayload(
  wabaId: string,
  number: SandboxNumber,
  customer: { waId: string; name: string },
  message: Json & { id: string; type: string },
  at: number,
): Json {
  return envelope(
    wabaId,
    'messages',
    messagingValue(number, {
      contacts: [{ profile: { name: customer.name }, wa_id: customer.waId }],
      messages: [{ from: customer.waId, timestamp: seconds(at), ...message }],
    }),
  );
}

export interface StatusEvent {
  wamid: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  recipient: string;
  at: number;
  /** The send's biz_opaque_callback_data, when it set one. */
  callbackData?: string;
  error?: { code: number; title: string; details: string };
  /** Pricing is reported on `sent` and on one of delivered/read. */
  pricing?: { category: string; type: 'regular' | 'free_customer_service' | 'free_entry_point' };
}

export function statusPayload(wabaId: string, number: SandboxNumber, events: StatusEvent[]): Json {
  return envelope(
    wabaId,
    'messages',
    messagingValue(number, {
      statuses: events.map((event) => ({
        id: event.wamid,
        status: event.status,
        timestamp: seconds(event.at),
        recipient_id: event.recipient,
        ...(event.callbackData !== undefined ? { biz_opaque_callback_data: event.callbackData } : {}),
        ...(event.pricing
          ? { pricing: { billable: event.pricing.type === 'regular', pricing_model: 'PMP', ...event.pricing } }
          : {}),
        ...(event.error
          ? {
              errors: [{
                code: event.error.code,
                title: event.error.title,
                message: event.error.title,
                error_data: { details: event.error.details },
                href: '/documentation/business-messaging/whatsapp/support/error-codes',
              }],
            }
          : {}),
      })),
    }),
  );
}

export function templateStatusPayload(wabaId: string, template: { id: string; name: string; language: string; category: string }, event: string): Json {
  return {
    object: 'whatsapp_business_account',
    entry: [{
      id: wabaId,
      time: Math.floor(Date.now() / 1000),
      changes: [{
        field: 'message_template_status_update',
        value: {
          event,
          message_template_id: Number(template.id),
          message_template_name: template.name,
          message_template_language: template.language,
          message_template_category: template.category,
          reason: event === 'REJECTED' ? 'INVALID_FORMAT' : 'NONE',
        },
      }],
    }],
  };
}
