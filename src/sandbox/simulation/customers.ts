import { OPENING_LINES, REPLY_LINES } from '../fixtures';
import { sampleDocument, samplePhoto, sampleVoiceNote, type SampleFile } from '../media-samples';
import { inboundPayload } from '../payloads';
import type { Sandbox } from '../sandbox';
import { newWamid, type SentMessage } from '../world';

export const INBOUND_TYPES = ['text', 'image', 'document', 'audio', 'video', 'sticker', 'location', 'reaction', 'button', 'interactive'] as const;
export type InboundType = (typeof INBOUND_TYPES)[number];

export interface InboundRequest {
  phoneNumberId: string;
  /** The customer's number (digits); a random simulated customer when absent. */
  from?: string;
  name?: string;
  type?: InboundType;
  /** Text, caption, or the button / reply title. */
  text?: string;
  /** Button payload (type `button`) or reply id (type `interactive`). */
  payload?: string;
  /** The wamid of the business message this answers, reacts to or whose button was pressed. */
  context?: string;
  /** Arrived through a Click-to-WhatsApp ad: a free entry point. */
  referral?: boolean;
  /** A fixed message id (tests replaying the same message). */
  wamid?: string;
  /** When the customer wrote (ms); now by default. */
  at?: number;
}

/**
 * Simulated customers: they write first now and then (text, photos, documents, voice notes, a
 * location), answer messages they read, and press template quick-reply buttons. Each message opens the
 * number's 24-hour window for that customer, which the status simulation checks for free-form sends.
 */
export class CustomerSimulation {
  constructor(private readonly sandbox: Sandbox) {}

  start(): void {
    const { sandbox } = this;
    sandbox.timeline.after(
      sandbox.jitter(sandbox.options.customerIntervalMs),
      () => {
        const numbers = sandbox.world.allNumbers();
        if (numbers.length > 0) this.writeSomething(sandbox.pick(numbers).number.id);
        this.start();
      },
      (error) => sandbox.options.log(`customer simulation failed: ${String(error)}`),
    );
  }

  write(request: InboundRequest): string {
    const { world } = this.sandbox;
    const business = world.numberOwner(request.phoneNumberId);
    const number = business?.numbers.get(request.phoneNumberId);
    if (!business || !number || !business.wabaId) throw new Error(`Unknown phone number id ${request.phoneNumberId}`);
    const fixture = request.from ? world.customers.find((c) => c.waId === request.from) : this.sandbox.pick(world.customers);
    const customer = {
      waId: request.from ?? fixture?.waId ?? '971500000001',
      name: request.name ?? fixture?.name ?? 'Sandbox Customer',
    };
    const at = request.at ?? Date.now();
    const wamid = request.wamid ?? newWamid();
    const message = { id: wamid, ...this.messageBody(business.key, request), ...this.extras(request, number.displayPhoneNumber) };
    number.lastInbound.set(customer.waId, Math.max(number.lastInbound.get(customer.waId) ?? 0, at));
    this.sandbox.webhooks.send(inboundPayload(business.wabaId, number, customer, message, at));
    return wamid;
  }

  /** After a customer read a business message: maybe answer it, maybe press one of its buttons. */
  maybeReply(sent: SentMessage): void {
    const { sandbox } = this;
    if (sandbox.options.random() >= sandbox.replyRateFor(sent.to)) return;
    sandbox.timeline.after(
      sandbox.jitter(sandbox.options.replyDelayMs),
      () => {
        const button = sent.quickReplies.length > 0 ? sandbox.pick(sent.quickReplies) : undefined;
        this.write(
          button
            ? { phoneNumberId: sent.phoneNumberId, from: sent.to, type: 'button', text: button.text, payload: button.payload, context: sent.wamid }
            : { phoneNumberId: sent.phoneNumberId, from: sent.to, type: 'text', text: sandbox.pick(REPLY_LINES), context: sent.wamid },
        );
      },
      (error) => sandbox.options.log(`customer reply failed: ${String(error)}`),
    );
  }

  private writeSomething(phoneNumberId: string): void {
    const roll = this.sandbox.options.random();
    const type: InboundType = roll < 0.65 ? 'text' : roll < 0.8 ? 'image' : roll < 0.88 ? 'document' : roll < 0.95 ? 'audio' : 'location';
    this.write({ phoneNumberId, type, text: type === 'text' ? this.sandbox.pick(OPENING_LINES) : undefined });
  }

  private messageBody(businessKey: string, request: InboundRequest): Record<string, unknown> & { type: string } {
    const type = request.type ?? 'text';
    const media = (file: SampleFile, extra: Record<string, unknown> = {}) => {
      const stored = this.sandbox.world.storeMedia(businessKey, file);
      return { id: stored.id, mime_type: stored.mimeType, sha256: stored.sha256, ...extra };
    };
    switch (type) {
      case 'text':
        return { type, text: { body: request.text ?? this.sandbox.pick(OPENING_LINES) } };
      case 'image':
        return { type, image: media(samplePhoto(Math.floor(this.sandbox.options.random() * 6)), request.text ? { caption: request.text } : {}) };
      case 'video':
        return { type, video: media({ ...samplePhoto(1), mimeType: 'video/mp4', fileName: 'clip.mp4' }) };
      case 'sticker':
        return { type, sticker: media({ ...samplePhoto(2, 32), mimeType: 'image/webp', fileName: 'sticker.webp' }, { animated: false }) };
      case 'audio':
        return { type, audio: media(sampleVoiceNote(), { voice: true }) };
      case 'document': {
        const file = sampleDocument(request.text ?? 'Order receipt');
        return { type, document: media(file, { filename: file.fileName, ...(request.text ? { caption: request.text } : {}) }) };
      }
      case 'location':
        return { type, location: { latitude: 25.1972, longitude: 55.2744, name: 'Dubai Mall', address: 'Financial Centre Rd, Dubai' } };
      case 'reaction':
        return { type, reaction: { message_id: request.context ?? '', emoji: request.text ?? '👍' } };
      case 'button':
        return { type, button: { text: request.text ?? 'Yes', payload: request.payload ?? request.text ?? 'Yes' } };
      case 'interactive':
        return {
          type,
          interactive: { type: 'button_reply', button_reply: { id: request.payload ?? 'reply-1', title: request.text ?? 'Yes' } },
        };
    }
  }

  private extras(request: InboundRequest, displayPhoneNumber: string): Record<string, unknown> {
    const extras: Record<string, unknown> = {};
    if (request.context && request.type !== 'reaction') {
      extras.context = { from: displayPhoneNumber.replace(/\D/g, ''), id: request.context };
    }
    if (request.referral) {
      extras.referral = {
        source_url: 'https://fb.me/desert-rose-eid',
        source_id: '120211111111',
        source_type: 'ad',
        headline: 'Eid gift sets',
        body: 'Tap to chat with us',
        media_type: 'image',
        ctwa_clid: `sandbox-${Date.now()}`,
      };
    }
    return extras;
  }
}
