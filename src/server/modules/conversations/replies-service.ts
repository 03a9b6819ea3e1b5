import { uuidv7 } from '../../lib/ids';
import { CONVERSATION_NOT_FOUND, WINDOW_CLOSED_MESSAGE, type SendMessageResponse } from '@shared/api/conversations';
import type { MediaKind } from '@shared/media-kinds';
import type { Database, Queryable } from '../../db/database';
import { conflict, notFound } from '../../lib/domain-error';
import type { GraphClient } from '../../whatsapp/graph-client';
import { toDomainError } from '../../whatsapp/graph-domain-error';
import { GraphError } from '../../whatsapp/graph-error';
import type { WhatsAppAccounts } from '../whatsapp-settings';
import { findContactRow } from '../contacts';
import { conversationAfterChange } from './conversations-service';
import { lockConversation, type ConversationRow } from './conversations-repository';
import { findMediaFile, type MediaUrlSigner } from '../media';
import { readMessage } from './message-feed-repository';
import { attachWamid, recordSendFailure, storeOutboundMessage } from './message-delivery-service';
import { findMessageByClientId, resendFailedMessage, type MessageRow } from './messages-repository';
import { visibleConversation, type Viewer } from './viewer';
import { messageOf } from './message-history-service';

/** Replying in an open chat: a text, or any message another flow builds (a media file), sent once per client id. */

export const CONTACT_DELETED_NO_SEND = 'This contact is deleted. Restore it before sending messages.';
export const SEND_FAILED = 'Failed to send message';
export const CLIENT_ID_TAKEN = 'This clientId belongs to another message: a retry must send the same message';

/** What sending needs besides the database: Graph clients on the organization's credentials, and media links. */
export interface ChatDeps {
  db: Database;
  accounts: WhatsAppAccounts;
  mediaUrls: MediaUrlSigner;
}

/** A message to send: stored first (`sending`), then handed to Meta by `deliver`, which answers the wamid. */
export interface Outgoing {
  /** A template may be sent on a closed window; anything else is free-form and needs an open one. */
  messageType: 'text' | 'template' | MediaKind;
  content: string;
  clientId: string;
  mediaId?: string;
  deliver(client: GraphClient, to: string): Promise<string>;
}

/** A send's outcome: `created` false when the client id was stored already and nothing was sent now. */
export interface SendOutcome {
  answer: SendMessageResponse;
  created: boolean;
  /** A failed media message sent again takes the new file; the file it had before (to delete). */
  replacedMediaId: string | null;
}

/** The message a send is about; `to` (the contact's number) is set when it must be sent now. */
type Claim = { messageId: string; to: string | null; replacedMediaId: string | null };

const windowIsOpen = (conversation: ConversationRow, now = Date.now()) =>
  conversation.windowExpiresAt !== null && conversation.windowExpiresAt.getTime() > now;

/**
 * Sends a message at most once per client id. In one transaction, holding the conversation: a client
 * id already stored answers that message without calling Meta (a request repeated after a lost
 * answer never messages the customer twice), unless it failed, when it is sent again (Retry, by
 * whoever presses it; the message keeps its author); a different message under a stored client id is
 * refused (409); a
 * closed customer-service window (for anything but a template) or a missing WhatsApp configuration refuses before anything is
 * stored or sent; otherwise the message is stored as `sending`. Then, outside the transaction, Meta
 * is called: its wamid marks the message sent, its error marks it failed with Meta's code and reason
 * and is answered as the configuration codes or an upstream failure.
 */
export async function sendOutgoing(deps: ChatDeps, actor: Viewer, conversationId: string, outgoing: Outgoing): Promise<SendOutcome> {
  const { db } = deps;
  const { organizationId } = actor;
  // Read before the transaction (the embedded database runs one at a time), refused inside it, in order.
  const graph = await deps.accounts.clientFor(organizationId).then((client) => ({ client }), (error: unknown) => ({ error }));
  const claim = await db.transaction(async (tx): Promise<Claim> => {
    const conversation = await lockConversation(tx, visibleConversation(actor, conversationId));
    if (!conversation) throw notFound(CONVERSATION_NOT_FOUND);
    const existing = await findMessageByClientId(tx, organizationId, conversation.id, outgoing.clientId);
    if (existing && !(await isSameMessage(tx, organizationId, existing, outgoing))) throw conflict(CLIENT_ID_TAKEN);
    if (existing && existing.status !== 'failed') return { messageId: existing.id, to: null, replacedMediaId: null };
    const contact = await findContactRow(tx, organizationId, conversation.contactId);
    if (!contact || contact.deletedAt) throw conflict(CONTACT_DELETED_NO_SEND);
    if (outgoing.messageType !== 'template' && !windowIsOpen(conversation)) throw conflict(WINDOW_CLOSED_MESSAGE);
    if ('error' in graph) throw graph.error;
    if (existing) {
      await resendFailedMessage(tx, organizationId, existing.id, outgoing.mediaId);
      const replaced = outgoing.mediaId && existing.mediaId !== outgoing.mediaId ? existing.mediaId : null;
      return { messageId: existing.id, to: contact.phoneE164, replacedMediaId: replaced };
    }
    const messageId = await storeOutboundMessage(tx, {
      organizationId,
      conversationId: conversation.id,
      contactId: conversation.contactId,
      messageType: outgoing.messageType,
      content: outgoing.content,
      clientId: outgoing.clientId,
      mediaId: outgoing.mediaId ?? null,
      senderUserId: actor.userId,
    });
    return { messageId, to: contact.phoneE164, replacedMediaId: null };
  });

  const { to } = claim;
  if (to !== null && 'client' in graph) {
    await deliver(deps, organizationId, { id: claim.messageId, conversationId }, () => outgoing.deliver(graph.client, to));
  }
  return { answer: await sentAnswer(deps, actor, claim.messageId, conversationId), created: to !== null, replacedMediaId: claim.replacedMediaId };
}

/**
 * Whether a send repeats the message stored under its client id: the same kind and text, and for a file
 * the same bytes (each upload is stored anew; a file uploaded before its hash was kept compares by type,
 * size and name). Only a repeat is a retry: anything else under a taken client id would send the
 * customer what the inbox does not show.
 */
async function isSameMessage(tx: Queryable, organizationId: string, existing: MessageRow, outgoing: Outgoing): Promise<boolean> {
  if (existing.messageType !== outgoing.messageType || existing.content !== outgoing.content) return false;
  if (!outgoing.mediaId || !existing.mediaId) return !outgoing.mediaId && !existing.mediaId;
  if (existing.mediaId === outgoing.mediaId) return true;
  const [before, now] = await Promise.all([findMediaFile(tx, organizationId, existing.mediaId), findMediaFile(tx, organizationId, outgoing.mediaId)]);
  if (!before || !now) return false;
  if (before.contentSha256 && now.contentSha256) return before.contentSha256 === now.contentSha256;
  return before.mimeType === now.mimeType && before.sizeBytes === now.sizeBytes && before.fileName === now.fileName;
}

/** Hands a stored message to Meta; on a refusal records it on the message and answers the error. */
async function deliver(deps: ChatDeps, organizationId: string, message: { id: string; conversationId: string }, send: () => Promise<string>): Promise<void> {
  let wamid: string;
  try {
    wamid = await send();
  } catch (error) {
    const graphError = error instanceof GraphError ? error : null;
    await recordSendFailure(deps.db, organizationId, message, { code: graphError?.metaCode ?? null, message: graphError?.message ?? SEND_FAILED });
    throw toDomainError(error);
  }
  await attachWamid(deps.db, organizationId, message.id, wamid);
}

async function sentAnswer(deps: ChatDeps, actor: Viewer, messageId: string, conversationId: string): Promise<SendMessageResponse> {
  const row = await readMessage(deps.db, actor.organizationId, messageId);
  if (!row) throw notFound(CONVERSATION_NOT_FOUND);
  return {
    message: messageOf(row, actor.organizationId, deps.mediaUrls),
    conversation: await conversationAfterChange(deps.db, actor, conversationId),
  };
}

/** Sends a text message (see `sendOutgoing`). */
export function sendText(deps: ChatDeps, actor: Viewer, conversationId: string, message: { content: string; clientId?: string }): Promise<SendOutcome> {
  return sendOutgoing(deps, actor, conversationId, {
    messageType: 'text',
    content: message.content,
    clientId: message.clientId ?? uuidv7(),
    deliver: async (client, to) => (await client.sendText(to, message.content)).wamid,
  });
}
