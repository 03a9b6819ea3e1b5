import { DEMO_BUSINESS, TEMPLATE_FIXTURES } from '@sandbox/fixtures';
import { samplePhoto } from '@sandbox/media-samples';
import { newWamid } from '@sandbox/world';
import type { Database } from '../db/database';
import type { AppConfig } from '../config';
import { uuidv7 } from '../lib/ids';
import { ensureContactForCustomer } from '../modules/contacts';
import { findOrCreateConversation, updateConversationState, type DeliveryStatus, countInboundAfter, findMessageByWamid, lastOutboundSeq, markInboundReadBefore, setMessageMedia, applyStatuses, attachWamid, recordOutboundMessage, storeInboundMessages, type InboundMessage } from '../modules/conversations';
import { insertMediaFiles, openMediaStore } from '../modules/media';
import { replaceTemplates } from '../modules/templates';
import { createTokenCipher, parseEncryptionKey } from '../lib/token-cipher';
import { WhatsAppAccounts } from '../modules/whatsapp-settings';
import type { DemoSeedContext } from './demo';

const MINUTE = 60_000;

type Step =
  | { in: string; at: number; type?: InboundMessage['type']; referral?: boolean; photo?: boolean }
  | { out: string; at: number; by?: string; template?: { name: string; parameters: string[] }; statuses: DeliveryStatus[]; error?: [number, string] };

interface DemoConversation {
  waId: string;
  name: string;
  steps: Step[];
  status?: 'open' | 'in_progress' | 'resolved';
  assignee?: string;
}

/** Ages are minutes before the seed runs; agents by role name (src/server/seed/demo-team.ts). */
const CONVERSATIONS: DemoConversation[] = [
  {
    waId: '971501234567', name: 'Layla Hassan', assignee: 'Agent',
    steps: [
      { in: 'Hi! Do you have the oud gift set in stock?', at: 42 },
      { out: 'Hello Layla! Yes, the Royal Oud gift set is in stock in both sizes.', at: 38, by: 'Agent', statuses: ['sent', 'delivered', 'read'] },
      { in: 'Great, can you deliver it to Jumeirah tomorrow?', at: 4 },
    ],
  },
  {
    waId: '971552345678', name: 'Ahmed Al Mansoori', status: 'in_progress', assignee: 'Team Lead',
    steps: [
      { out: '', at: 190, template: { name: 'order_confirmation', parameters: ['Ahmed', 'DR-10293', '14 December'] }, statuses: ['sent', 'delivered', 'read'] },
      { in: 'Track my order', at: 120, type: 'button' },
      { out: 'Your order DR-10293 left our Al Quoz warehouse and arrives tomorrow before noon.', at: 112, by: 'Team Lead', statuses: ['sent', 'delivered', 'read'] },
      { in: 'Perfect, thank you 🙏', at: 105 },
    ],
  },
  {
    waId: '919876543210', name: 'Priya Sharma',
    steps: [{ in: 'Is this one available in 100ml?', at: 18, type: 'image', photo: true }],
  },
  {
    waId: '966501234567', name: 'Noura Al Saud', assignee: 'Manager',
    // A free entry point: the reply within 24 hours of the ad click starts 72 hours of free messages,
    // which run on after the 24-hour window closed (only templates may be sent now).
    steps: [
      { in: 'I saw your Eid offer ad. Does it include bakhoor?', at: 30 * 60, referral: true },
      { out: 'Yes! All bakhoor sets are 20% off until the end of Eid.', at: 29 * 60, by: 'Manager', statuses: ['sent', 'delivered'] },
    ],
  },
  {
    waId: '96550123456', name: 'Khalid Al Sabah', status: 'resolved',
    steps: [
      { in: 'Do you ship to Kuwait?', at: 3 * 24 * 60 + 30 },
      { out: 'We do — delivery to Kuwait City takes 3 to 5 days.', at: 3 * 24 * 60, by: 'Agent', statuses: ['sent', 'delivered', 'read'] },
      { in: 'Thanks!', at: 3 * 24 * 60 - 10 },
    ],
  },
  {
    waId: '919812345678', name: 'Rohan Gupta',
    steps: [
      {
        out: '', at: 26 * 60, template: { name: 'seasonal_offer', parameters: ['Rohan', '20', '15 April'] }, statuses: ['failed'],
        error: [131049, 'This message was not delivered to maintain healthy ecosystem engagement.'],
      },
    ],
  },
];

/**
 * The demo organization's messaging: its WhatsApp configuration against the built-in sandbox (the
 * sandbox's demo business), the sandbox's templates as if just synced, and a few lived-in
 * conversations — open and closed windows, a free entry point, an unread photo, a template a customer
 * answered with a button, a failed marketing send. With a real WHATSAPP_API_URL there is no demo
 * configuration to make, so only the conversations are seeded.
 */
export async function seedDemoWhatsApp({ db, config, team, log }: DemoSeedContext): Promise<void> {
  const { organizationId } = team;
  if (config.builtInSandbox && config.encryptionKey) {
    const accounts = new WhatsAppAccounts(db, createTokenCipher(parseEncryptionKey(config.encryptionKey)), { baseUrl: config.whatsappApiUrl }, log);
    // The sandbox's demo business owns these ids by construction, so there is nothing to confirm with
    // it (and it is not listening yet while the seed runs).
    await accounts.save(organizationId, {
      accessToken: DEMO_BUSINESS.accessToken,
      phoneNumberId: DEMO_BUSINESS.phoneNumberId,
      businessAccountId: DEMO_BUSINESS.businessAccountId,
      webhookVerifyToken: DEMO_BUSINESS.webhookVerifyToken,
    });
    await replaceTemplates(db, organizationId, TEMPLATE_FIXTURES.map((template, index) => ({ ...template, id: String(1_900_000_000_000 + index) })));
  }

  const now = Date.now();
  for (const conversation of CONVERSATIONS) {
    let conversationId: string | undefined;
    let contactId: string | undefined;
    for (const step of conversation.steps) {
      const at = new Date(now - step.at * MINUTE);
      if ('in' in step) {
        const message: InboundMessage = {
          wamid: newWamid(), from: conversation.waId, profileName: conversation.name, sentAt: at, type: step.type ?? 'text',
          content: step.in, media: undefined, payload: null, freeEntryPoint: step.referral ?? false,
        };
        await storeInboundMessages(db, organizationId, [message]);
        const stored = await findMessageByWamid(db, organizationId, message.wamid);
        if (!stored) throw new Error('The demo message just stored could not be read');
        ({ conversationId, contactId } = stored);
        if (step.photo) await attachPhoto(db, config, organizationId, stored.id, stored.contactId);
        continue;
      }
      ({ conversationId, contactId } = await ensureConversation(db, organizationId, conversation, conversationId, contactId));
      const template = step.template && TEMPLATE_FIXTURES.find((t) => t.name === step.template?.name);
      const body = template?.components.find((c) => c.type === 'BODY')?.text ?? '';
      const id = await recordOutboundMessage(db, {
        organizationId, conversationId, contactId, sentAt: at,
        messageType: template ? 'template' : 'text',
        content: template ? JSON.stringify({ templateName: template.name, language: template.language, text: body, parameters: step.template?.parameters }) : step.out,
        senderUserId: step.by ? team.userIds[step.by] : null,
      });
      const wamid = newWamid();
      await attachWamid(db, organizationId, id, wamid);
      const [errorCode, errorMessage] = step.error ?? [];
      await applyStatuses(
        db,
        organizationId,
        step.statuses.map((status, index) => ({ wamid, status, occurredAt: new Date(at.getTime() + (index + 1) * MINUTE), errorCode, errorMessage })),
      );
    }
    if (!conversationId) continue;
    await updateConversationState(db, organizationId, conversationId, {
      status: conversation.status ?? 'open',
      assignedToUserId: conversation.assignee ? team.userIds[conversation.assignee] : null,
    });
    await markReadBeforeLastReply(db, organizationId, conversationId);
  }
}

/** The conversation an outbound-first thread needs: the contact as the customer's first message would create it. */
async function ensureConversation(
  db: Database, organizationId: string, conversation: DemoConversation, conversationId?: string, contactId?: string,
): Promise<{ conversationId: string; contactId: string }> {
  if (conversationId && contactId) return { conversationId, contactId };
  const id = await ensureContactForCustomer(db, organizationId, conversation.waId, conversation.name);
  return { conversationId: (await findOrCreateConversation(db, organizationId, id)).id, contactId: id };
}

/** Agents have read every customer message up to their last reply; later ones are unread. */
async function markReadBeforeLastReply(db: Database, organizationId: string, conversationId: string): Promise<void> {
  const lastReply = await lastOutboundSeq(db, organizationId, conversationId);
  await markInboundReadBefore(db, organizationId, conversationId, lastReply, new Date());
  const unreadCount = await countInboundAfter(db, organizationId, conversationId, lastReply);
  await updateConversationState(db, organizationId, conversationId, { unreadCount });
}

/** A customer's photo, already downloaded, so the inbox shows it without the sandbox having it. */
async function attachPhoto(db: Database, config: Pick<AppConfig, 'mediaStore' | 'dataDir'>, organizationId: string, messageId: string, contactId: string): Promise<void> {
  const photo = samplePhoto(3, 160);
  const file = { id: uuidv7(), organizationId };
  const store = openMediaStore(config.mediaStore, config.dataDir);
  const storageKey = await store.write(file, photo.data, photo.mimeType).finally(() => store.close?.());
  await insertMediaFiles(db, [{
    ...file, contactId, storageKey, mimeType: photo.mimeType, sizeBytes: photo.data.length, fileName: photo.fileName,
  }]);
  await setMessageMedia(db, organizationId, messageId, file.id);
}
