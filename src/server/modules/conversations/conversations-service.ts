import type { ContactConversationResponse } from '@shared/api/contacts';
import type { Database } from '../../db/database';
import { getLiveContactRow } from '../contacts/contacts-service';
import { findOrCreateConversation } from './conversations-repository';

/**
 * The team inbox's rules over conversations and their messages. The tables are written only through
 * this module's repositories: conversations-repository (conversations), messages-repository
 * (messages), pending-statuses-repository (pending_statuses) and media-files-repository (media_files).
 */

/**
 * The contact's conversation, created on first need (start chat). A deleted contact cannot be
 * messaged: not found, as for a contact of another organization or none at all.
 */
export async function openContactConversation(db: Database, organizationId: string, contactId: string): Promise<ContactConversationResponse> {
  const contact = await getLiveContactRow(db, organizationId, contactId);
  const conversation = await findOrCreateConversation(db, organizationId, contact.id);
  return { conversationId: conversation.id, contact: { id: contact.id } };
}
