import { sql } from 'drizzle-orm';
import {
  bigint, boolean, foreignKey, index, integer, jsonb, pgTable, text, unique, uniqueIndex, uuid, type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { contacts } from './contacts';
import { createdAt, id, organizationId, timestampTz, updatedAt } from './columns';
import { memberships, organizations, users } from './organizations';
import { CONVERSATION_STATUSES, MESSAGE_DIRECTIONS, MESSAGE_STATUSES } from '../../../shared/api/conversations';

/** A conversation's latest activity, the inbox's sort key (queries must use the same expression to use the indexes). */
export const conversationActivity = (t: { lastMessageAt: AnyPgColumn; createdAt: AnyPgColumn }) =>
  sql`coalesce(${t.lastMessageAt}, ${t.createdAt})`;
// Plain `desc` (nulls first, PostgreSQL's default for desc): an index sorted otherwise cannot serve
// `order by ... desc` even on a column that is never null.
const activityDesc = (t: { lastMessageAt: AnyPgColumn; createdAt: AnyPgColumn }) => sql`${conversationActivity(t)} desc`;
const idDesc = (t: { id: AnyPgColumn }) => sql`${t.id} desc`;

/**
 * One conversation per contact. `last_seq` is the conversation's change counter: every message stored
 * and every change to a stored message takes its next value (messages.seq, messages.change_seq) while
 * the row is locked, so the values grow in commit order and the inbox's poll reads "everything after N".
 *
 * The inbox lists conversations by their latest activity, `coalesce(last_message_at, created_at)`, newest
 * first, per organization, per assignee and per status: each list order has its own index.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: id(),
    organizationId: organizationId().references(() => organizations.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id').notNull(),
    status: text('status', { enum: CONVERSATION_STATUSES }).notNull().default('open'),
    assignedToUserId: uuid('assigned_to_user_id'),
    unreadCount: integer('unread_count').notNull().default(0),
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
    lastMessageId: uuid('last_message_id'),
    lastMessageAt: timestampTz('last_message_at'),
    /** The customer-service window's end: the customer's latest message + 24 h, whatever the entry point (free-form sends only before it). */
    windowExpiresAt: timestampTz('window_expires_at'),
    /** The customer has written through a free entry point (a Click-to-WhatsApp ad or a Page button). */
    isFreeEntryPoint: boolean('is_free_entry_point').notNull().default(false),
    /** When the customer's latest entry-point message was sent: a reply within 24 h of it starts free messages. */
    freeEntryPointAt: timestampTz('free_entry_point_at'),
    /**
     * The end of Meta's free-entry-point window: 72 h from the business's first reply sent within 24 h of
     * the entry-point message. It makes messages free; it does not widen what may be sent (the window above does).
     */
    freeEntryPointExpiresAt: timestampTz('free_entry_point_expires_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('conversations_org_id_key').on(t.organizationId, t.id),
    unique('conversations_org_contact_key').on(t.organizationId, t.contactId),
    foreignKey({ columns: [t.organizationId, t.contactId], foreignColumns: [contacts.organizationId, contacts.id] })
      .onDelete('cascade'),
    // Only a member of the organization can be the assignee; removing the member unassigns their
    // conversations. The migration (0007_inbox) narrows the delete action to `SET NULL
    // (assigned_to_user_id)`: Drizzle cannot express a column list, and nulling organization_id too
    // would fail.
    foreignKey({
      name: 'conversations_assignee_member_fk',
      columns: [t.organizationId, t.assignedToUserId],
      foreignColumns: [memberships.organizationId, memberships.userId],
    }).onDelete('set null'),
    index('conversations_org_activity_idx').on(t.organizationId, activityDesc(t), idDesc(t)),
    index('conversations_org_status_activity_idx').on(t.organizationId, t.status, activityDesc(t), idDesc(t)),
    index('conversations_org_assignee_activity_idx').on(t.organizationId, t.assignedToUserId, activityDesc(t), idDesc(t)),
    index('conversations_org_assignee_status_activity_idx').on(
      t.organizationId, t.assignedToUserId, t.status, activityDesc(t), idDesc(t),
    ),
  ],
);

export const MESSAGE_TYPES = [
  'text', 'template', 'image', 'video', 'audio', 'document', 'sticker', 'button', 'interactive', 'reaction',
  'unsupported',
  // A thread note: the team's own, stored among the messages but never sent to WhatsApp.
  'note',
] as const;

/**
 * A message's place in its conversation, one comparable bigint: the whole second it was sent (an inbound
 * message's WhatsApp timestamp, which Meta gives in seconds; any other message's creation) times 2^31,
 * plus its `seq`, which breaks ties in arrival order. One value, so the history pages by a single cursor
 * down one index; a bigint rather than a text key, so that index stays narrow. Whole seconds lose nothing
 * of Meta's timestamps and leave 31 bits to the seq (a conversation would need 2^31 counter values to
 * spill into the next second); times are clamped to 1970–2106 so a stray timestamp cannot overflow it.
 * Generated, so every writer (webhooks, sends, broadcasts, notes) stores it without computing it.
 * `created_at - to_timestamp(0)`: extract(epoch) of a timestamptz is not immutable, of an interval it is.
 */
const MESSAGE_SORT_KEY = sql.raw(`least(greatest(floor(extract(epoch from (
    case when direction = 'inbound' then sent_at else created_at end) - to_timestamp(0))), 0), 4294967295)::bigint
  * 2147483648 + seq`);

/**
 * Messages. `sort_key` orders a conversation as it is shown (see above); `seq` is the arrival order; `change_seq` is the conversation counter's value at the
 * message's latest change (its insert, then every status change), which the poll reads after its cursor.
 * `client_id` ties an optimistic message to its stored row (a retried send is idempotent); `wamid` is
 * Meta's id, unique per organization, which makes webhook ingestion idempotent.
 */
export const messages = pgTable(
  'messages',
  {
    id: id(),
    organizationId: organizationId(),
    conversationId: uuid('conversation_id').notNull(),
    contactId: uuid('contact_id').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    changeSeq: bigint('change_seq', { mode: 'number' }).notNull(),
    // Read as a JavaScript bigint: the key is above 2^53.
    sortKey: bigint('sort_key', { mode: 'bigint' }).notNull().generatedAlwaysAs(MESSAGE_SORT_KEY),
    clientId: uuid('client_id'),
    wamid: text('wamid'),
    direction: text('direction', { enum: MESSAGE_DIRECTIONS }).notNull(),
    messageType: text('message_type', { enum: MESSAGE_TYPES }).notNull(),
    content: text('content').notNull().default(''),
    status: text('status', { enum: MESSAGE_STATUSES }).notNull(),
    errorCode: integer('error_code'),
    errorMessage: text('error_message'),
    mediaId: uuid('media_id'),
    senderUserId: uuid('sender_user_id').references(() => users.id, { onDelete: 'set null' }),
    broadcastId: uuid('broadcast_id'),
    /** The raw inbound payload for types Parley only partly understands (buttons, reactions, interactive). */
    payload: jsonb('payload'),
    sentAt: timestampTz('sent_at').notNull().defaultNow(),
    deliveredAt: timestampTz('delivered_at'),
    readAt: timestampTz('read_at'),
    /** An inbound message Parley has told Meta the team read (the Cloud API's `status: read` call): told once. */
    readReceiptAt: timestampTz('read_receipt_at'),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      columns: [t.organizationId, t.conversationId],
      foreignColumns: [conversations.organizationId, conversations.id],
    }).onDelete('cascade'),
    unique('messages_conversation_seq_key').on(t.conversationId, t.seq),
    // The history: a page is a backward walk of this index from its cursor.
    unique('messages_conversation_sort_key').on(t.conversationId, t.sortKey),
    index('messages_conversation_change_idx').on(t.conversationId, t.changeSeq),
    uniqueIndex('messages_conversation_client_key').on(t.conversationId, t.clientId).where(sql`${t.clientId} is not null`),
    uniqueIndex('messages_org_wamid_key').on(t.organizationId, t.wamid).where(sql`${t.wamid} is not null`),
    index('messages_broadcast_idx').on(t.organizationId, t.broadcastId).where(sql`${t.broadcastId} is not null`),
    // A reply's broadcast message: the latest one before it in its conversation.
    index('messages_conversation_broadcast_idx').on(t.conversationId, t.seq).where(sql`${t.broadcastId} is not null`),
    // The messages showing a file: who may see it, and what deleting it changes.
    index('messages_media_idx').on(t.organizationId, t.mediaId).where(sql`${t.mediaId} is not null`),
    // The inbox reports: an organization's messages in and out over a date range, thread notes aside.
    index('messages_org_direction_sent_idx').on(t.organizationId, t.direction, t.sentAt).where(sql`${t.messageType} <> 'note'`),
  ],
);

/**
 * Status callbacks for a message id Parley does not know yet (Meta can report `sent` before the send
 * call returns). They are applied when the message is stored.
 */
export const pendingStatuses = pgTable(
  'pending_statuses',
  {
    id: id(),
    organizationId: organizationId().references(() => organizations.id, { onDelete: 'cascade' }),
    wamid: text('wamid').notNull(),
    status: text('status').notNull(),
    occurredAt: timestampTz('occurred_at').notNull(),
    errorCode: integer('error_code'),
    errorMessage: text('error_message'),
    receivedAt: createdAt(),
  },
  (t) => [uniqueIndex('pending_statuses_key').on(t.organizationId, t.wamid, t.status)],
);

/**
 * Media files, inbound (downloaded from Meta) and outbound (uploaded by agents); bytes live under
 * DATA_DIR/media/<organization>/<id>. An inbound file is fetched by a background job soon after its
 * message arrives (Meta's media ids expire after 7 days, so waiting for a first view could lose it):
 * `storage_key` null with a `meta_media_id` means "still to download", retried at `next_download_at`.
 */
export const mediaFiles = pgTable(
  'media_files',
  {
    id: id(),
    organizationId: organizationId().references(() => organizations.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id'),
    metaMediaId: text('meta_media_id'),
    storageKey: text('storage_key'),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes'),
    durationSeconds: integer('duration_seconds'),
    fileName: text('file_name'),
    /** SHA-256 of an uploaded file's bytes (hex): a retry must send the same file. Null for downloads from Meta. */
    contentSha256: text('content_sha256'),
    downloadAttempts: integer('download_attempts').notNull().default(0),
    nextDownloadAt: timestampTz('next_download_at').notNull().defaultNow(),
    downloadError: text('download_error'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('media_files_org_id_key').on(t.organizationId, t.id),
    index('media_files_download_due_idx')
      .on(t.nextDownloadAt)
      .where(sql`${t.storageKey} is null and ${t.metaMediaId} is not null`),
  ],
);
