import { createHash, randomBytes } from 'node:crypto';
import { CUSTOMER_FIXTURES, DEMO_BUSINESS, TEMPLATE_FIXTURES, type CustomerFixture, type SandboxTemplateFixture } from './fixtures';
import { ReadReceiptLedger } from './read-receipt-ledger';
import { SendLedger } from './send-ledger';

/**
 * The sandbox's in-memory world. A business owns access tokens, one WhatsApp Business Account and its
 * phone numbers, templates and uploaded media. Besides the seeded demo business, any well-formed
 * token the sandbox has not seen becomes a new business, and the ids it uses claim numbers and an
 * account for it on first use — so a newcomer's own made-up configuration works, while another
 * business's ids answer "does not exist or missing permissions" as Meta would.
 */

export interface SandboxTemplate extends SandboxTemplateFixture {
  id: string;
}

export interface SandboxNumber {
  id: string;
  displayPhoneNumber: string;
  verifiedName: string;
  /** Last time each customer wrote (ms): the 24-hour customer-service window. */
  lastInbound: Map<string, number>;
}

export interface SandboxBusiness {
  key: string;
  name: string;
  wabaId: string | undefined;
  numbers: Map<string, SandboxNumber>;
  templates: SandboxTemplate[];
}

export interface StoredMedia {
  id: string;
  businessKey: string;
  data: Buffer;
  mimeType: string;
  sha256: string;
  fileName: string | undefined;
}

/** A template send's media header, as the sandbox recorded it. */
export interface SentHeader {
  type: 'image' | 'video' | 'document';
  id?: string;
  link?: string;
  filename?: string;
}

export interface SentMessage {
  wamid: string;
  phoneNumberId: string;
  to: string;
  type: string;
  /** What the customer reads: a text's body, a template's body with its parameters, or a media caption; null for other types. */
  text: string | null;
  /** Quick-reply buttons a customer may press: their text and the payload the send attached. */
  quickReplies: Array<{ text: string; payload: string }>;
  /** The send's `biz_opaque_callback_data`, echoed on each of its status callbacks. */
  callbackData?: string;
  /** A template's media header as sent: its type and the uploaded media id or the link. */
  header?: SentHeader;
  sentAt: number;
}

const MAX_SENT_KEPT = 5_000;

/**
 * How one customer treats the business's messages, instead of the sandbox-wide rates: the share of
 * delivered messages they read, and of read ones they answer (1 always, 0 never).
 */
export interface CustomerBehaviour {
  readRate?: number;
  replyRate?: number;
}

export class SandboxWorld {
  readonly businesses = new Map<string, SandboxBusiness>();
  private readonly tokens = new Map<string, SandboxBusiness>();
  private readonly numberOwners = new Map<string, SandboxBusiness>();
  private readonly wabaOwners = new Map<string, SandboxBusiness>();
  readonly media = new Map<string, StoredMedia>();
  readonly sent = new Map<string, SentMessage>();
  /** Every accepted send counted per recipient and number, never trimmed (unlike `sent`). */
  readonly sends = new SendLedger();
  /** Every accepted mark-as-read call, counted per message id. */
  readonly readReceipts = new ReadReceiptLedger();
  readonly customers: CustomerFixture[] = [...CUSTOMER_FIXTURES];
  /** Per customer number (digits): behaviour set through the control API. */
  readonly behaviours = new Map<string, CustomerBehaviour>();
  private nextId = 1_000_000_000_000;

  constructor() {
    const demo = this.businessForToken(DEMO_BUSINESS.accessToken);
    demo.name = DEMO_BUSINESS.verifiedName;
    this.claimWaba(demo, DEMO_BUSINESS.businessAccountId);
    const number = this.claimNumber(demo, DEMO_BUSINESS.phoneNumberId);
    number.displayPhoneNumber = DEMO_BUSINESS.displayPhoneNumber;
    number.verifiedName = DEMO_BUSINESS.verifiedName;
  }

  /** The business a token belongs to, created on first sight. */
  businessForToken(token: string): SandboxBusiness {
    let business = this.tokens.get(token);
    if (!business) {
      const key = `biz-${this.tokens.size + 1}`;
      business = {
        key,
        name: `Sandbox Business ${this.tokens.size + 1}`,
        wabaId: undefined,
        numbers: new Map(),
        templates: TEMPLATE_FIXTURES.map((fixture) => ({ ...structuredClone(fixture), id: this.newId() })),
      };
      this.tokens.set(token, business);
      this.businesses.set(key, business);
    }
    return business;
  }

  /** Another token of an existing business (at Meta: a second system user's token for the same business). */
  grantToken(business: SandboxBusiness, token: string): void {
    this.tokens.set(token, business);
  }

  numberOwner(id: string): SandboxBusiness | undefined {
    return this.numberOwners.get(id);
  }

  wabaOwner(id: string): SandboxBusiness | undefined {
    return this.wabaOwners.get(id);
  }

  claimNumber(business: SandboxBusiness, id: string): SandboxNumber {
    const existing = business.numbers.get(id);
    if (existing) return existing;
    const suffix = id.slice(-7).padStart(7, '0');
    const number: SandboxNumber = {
      id,
      displayPhoneNumber: `+971 4 ${suffix.slice(0, 3)} ${suffix.slice(3)}`,
      verifiedName: business.name,
      lastInbound: new Map(),
    };
    business.numbers.set(id, number);
    this.numberOwners.set(id, business);
    return number;
  }

  claimWaba(business: SandboxBusiness, id: string): void {
    business.wabaId = id;
    this.wabaOwners.set(id, business);
  }

  /** Every number of every business, for the simulated customers to write to. */
  allNumbers(): Array<{ business: SandboxBusiness; number: SandboxNumber }> {
    return [...this.businesses.values()].flatMap((business) => [...business.numbers.values()].map((number) => ({ business, number })));
  }

  storeMedia(businessKey: string, file: { data: Buffer; mimeType: string; fileName?: string }): StoredMedia {
    const media: StoredMedia = {
      id: this.newId(),
      businessKey,
      data: file.data,
      mimeType: file.mimeType,
      sha256: createHash('sha256').update(file.data).digest('base64'),
      fileName: file.fileName,
    };
    this.media.set(media.id, media);
    return media;
  }

  recordSent(message: SentMessage): void {
    this.sends.record(message.phoneNumberId, message.to, message.sentAt);
    this.sent.set(message.wamid, message);
    if (this.sent.size > MAX_SENT_KEPT) this.sent.delete(this.sent.keys().next().value as string);
  }

  newId(): string {
    this.nextId += 1 + Math.floor(Math.random() * 1000);
    return String(this.nextId);
  }
}

export function newWamid(): string {
  return `wamid.${randomBytes(24).toString('base64')}`;
}
