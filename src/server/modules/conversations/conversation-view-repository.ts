import { sql, type SQL } from 'drizzle-orm';
import type { ContactTag } from '@shared/api/contacts';
import type { Conversation, LastMessage, MessageStatus } from '@shared/api/conversations';
import type { Queryable } from '../../db/database';
import { rowsOf } from '../../db/rows-of';
import { contacts, conversationActivity, conversations, messages, users, type MESSAGE_TYPES } from '../../db/schema';
import { contactTagList } from '../tags';
import { toLastMessage } from './message-view-repository';

/**
 * Conversations as the inbox shows them, each built by one query: the conversation, its contact (with
 * tags), the assignee's name and the last message. `source` is the FROM item the conversations come
 * from, named "conversations": the table itself, or a union of its rows (see inbox-list-repository.ts).
 */

interface ConversationViewRow {
  id: string;
  status: Conversation['status'];
  assigned_to_user_id: string | null;
  unread_count: number;
  last_message_at: string | null;
  created_at: string;
  window_expires_at: string | null;
  is_free_entry_point: boolean;
  free_entry_point_expires_at: string | null;
  contact_id: string;
  contact_name: string | null;
  contact_profile_name: string | null;
  contact_country_code: string;
  contact_phone_number: string;
  contact_deleted_at: string | null;
  contact_tags: ContactTag[];
  assignee_name: string | null;
  last_id: string | null;
  last_content: string;
  last_direction: LastMessage['direction'];
  last_type: (typeof MESSAGE_TYPES)[number];
  last_status: MessageStatus;
  last_sent_at: string;
}

/** The conversations table, as the source of a view query. */
export const conversationTable = sql`${conversations}`;

/** Newest activity first; the list indexes hold this order. */
export const activityOrder = sql`${conversationActivity(conversations)} desc, ${conversations.id} desc`;

export async function selectConversationViews(db: Queryable, source: SQL, where: SQL | undefined, tail: SQL = sql``): Promise<Conversation[]> {
  const rows = rowsOf<ConversationViewRow>(
    await db.execute(sql`
      select ${conversations.id}, ${conversations.status}, ${conversations.assignedToUserId}, ${conversations.unreadCount},
        ${conversations.lastMessageAt}, ${conversations.createdAt}, ${conversations.windowExpiresAt}, ${conversations.isFreeEntryPoint},
        ${conversations.freeEntryPointExpiresAt},
        ${contacts.id} as contact_id, ${contacts.name} as contact_name, ${contacts.profileName} as contact_profile_name,
        ${contacts.countryCode} as contact_country_code,
        ${contacts.phoneNumber} as contact_phone_number, ${contacts.deletedAt} as contact_deleted_at,
        ${contactTagList(sql`${sql.identifier('contacts')}`)} as contact_tags,
        assignee.name as assignee_name,
        last_message.id as last_id, last_message.content as last_content, last_message.direction as last_direction,
        last_message.message_type as last_type, last_message.status as last_status, last_message.sent_at as last_sent_at
      from ${source}
      join ${contacts} on ${contacts.organizationId} = ${conversations.organizationId} and ${contacts.id} = ${conversations.contactId}
      left join ${users} as assignee on assignee.id = ${conversations.assignedToUserId}
      left join ${messages} as last_message
        on last_message.organization_id = ${conversations.organizationId} and last_message.id = ${conversations.lastMessageId}
      ${where ? sql`where ${where}` : sql``}
      ${tail}`),
  );
  return rows.map((row) => toConversation(row));
}

const isoOf = (value: string | Date) => new Date(value).toISOString();
const isoOrNull = (value: string | Date | null) => (value === null ? null : isoOf(value));

function toConversation(row: ConversationViewRow, now = Date.now()): Conversation {
  const windowEnd = row.window_expires_at === null ? null : new Date(row.window_expires_at);
  return {
    id: row.id,
    contact: {
      id: row.contact_id,
      name: row.contact_name,
      profileName: row.contact_profile_name,
      countryCode: row.contact_country_code,
      phoneNumber: row.contact_phone_number,
      tags: row.contact_tags,
      deletedAt: isoOrNull(row.contact_deleted_at),
    },
    status: row.status,
    assignedTo: row.assignee_name,
    assignedToId: row.assigned_to_user_id,
    unreadCount: Number(row.unread_count),
    lastMessage:
      row.last_id === null
        ? null
        : toLastMessage({
          id: row.last_id,
          content: row.last_content,
          direction: row.last_direction,
          messageType: row.last_type,
          status: row.last_status,
          sentAt: new Date(row.last_sent_at),
        }),
    lastMessageAt: isoOrNull(row.last_message_at),
    createdAt: isoOf(row.created_at),
    conversationWindowExpiresAt: windowEnd?.toISOString() ?? null,
    isConversationWindowOpen: windowEnd !== null && windowEnd.getTime() > now,
    isFreeEntryPoint: row.is_free_entry_point,
    freeEntryPointExpiresAt: isoOrNull(row.free_entry_point_expires_at),
  };
}
