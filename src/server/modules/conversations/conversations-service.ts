import type { ContactConversationResponse } from '@shared/api/contacts';
import {
  CONVERSATION_NOT_FOUND, type AssignmentCounts, type Conversation, type ConversationBatch, type ConversationFilter, type ConversationPage,
  type ConversationStatus, type StatusCounts,
} from '@shared/api/conversations';
import type { Database, Queryable } from '../../db/database';
import { mayAssign, mayChangeStatus, STATUS_ONLY_OF_YOURS, TAKE_ONLY_FOR_YOURSELF } from '@shared/permissions/conversation-actions';
import { conflict, forbidden, invalidInput, notFound } from '../../lib/domain-error';
import { offsetOf, toPage, type PageRequest } from '../../lib/pagination';
import { findContactRow, CONTACT_NOT_FOUND } from '../contacts';
import { listMemberPeople } from '../members';
import { recordActivity } from '../timeline';
import { assignmentCountsOf, countScopeOf, statusCountsOf } from './inbox-counts';
import { readCountCells } from './inbox-counts-repository';
import { countListConversations, listConversationPage, listConversationsByIds, type ListRequest } from './inbox-list-repository';
import { conversationTable, selectConversationViews } from './conversation-view-repository';
import {
  findConversation, findOrCreateConversation, lockConversation, lockConversations, moveStatus, updateConversationState, type ConversationRow,
} from './conversations-repository';
import { visibleConversation, type InboxActor, type Viewer } from './viewer';

/**
 * The team inbox's rules over conversations. The tables are written only through this module's
 * repositories: conversations-repository (conversations), messages-repository (messages),
 * pending-statuses-repository (pending_statuses) and media-files-repository (media_files).
 */

export const ASSIGNEE_NOT_FOUND = 'Assignee not found';
export const NOT_ASSIGNED = 'This conversation is not assigned';
export const CONVERSATION_RESOLVED = 'This conversation is resolved';
export const NO_WAY_BACK_TO_OPEN = 'A conversation in progress cannot go back to open';

/** The statuses a conversation may come from to reach each status: open → in_progress → resolved, open → resolved, resolved → open. */
const REACHABLE_FROM: Readonly<Record<ConversationStatus, readonly ConversationStatus[]>> = {
  open: ['resolved'],
  in_progress: ['open'],
  resolved: ['open', 'in_progress'],
};

export interface ListQuery extends PageRequest {
  filter: ConversationFilter;
  status?: ConversationStatus;
  search?: string;
  /** `me`: only conversations where a thread note mentions the viewer. */
  mentioned?: string;
}

/** One page of the viewer's list, newest activity first. */
export async function listInbox(db: Database, viewer: Viewer, query: ListQuery): Promise<ConversationPage> {
  const request: ListRequest = {
    filter: query.filter,
    status: query.status,
    search: query.search || undefined,
    mentioned: query.mentioned === 'me',
    offset: offsetOf(query),
    limit: query.limit,
  };
  const [rows, total] = await Promise.all([listConversationPage(db, viewer, request), listTotal(db, viewer, request)]);
  return toPage(rows, query, total);
}

/**
 * How many conversations the list has: a list by filter and status alone is a sum of the inbox's count
 * cells (read once for the requests that arrive together); a search or the Mentions list is counted.
 */
async function listTotal(db: Database, viewer: Viewer, request: ListRequest): Promise<number> {
  if (request.search !== undefined || request.mentioned) return countListConversations(db, viewer, request);
  const counts = statusCountsOf(await readCountCells(db, countScopeOf(viewer)), viewer, request.filter);
  return request.status ? counts[request.status] : counts.all;
}

/** The named conversations the viewer sees (any filter), and which of the ids are not among them. */
export async function inboxConversationsByIds(db: Database, viewer: Viewer, ids: readonly string[]): Promise<ConversationBatch> {
  const data = await listConversationsByIds(db, viewer, ids);
  const found = new Set(data.map((conversation) => conversation.id));
  return { data, missing: ids.filter((id) => !found.has(id)) };
}

/** A conversation as the inbox shows it, if the viewer sees it; else 404. */
export async function getConversation(db: Queryable, viewer: Viewer, conversationId: string): Promise<Conversation> {
  const [conversation] = await selectConversationViews(db, conversationTable, visibleConversation(viewer, conversationId));
  if (!conversation) throw notFound(CONVERSATION_NOT_FOUND);
  return conversation;
}

/**
 * The conversation after a change by someone who could see it: answered whatever they see now (after
 * assigning it to a colleague, a member without chats:view_all no longer does).
 */
export function conversationAfterChange(db: Queryable, viewer: Viewer, conversationId: string): Promise<Conversation> {
  return getConversation(db, { ...viewer, seesAll: true }, conversationId);
}

/** How many of the viewer's conversations (in the list `filter`) are in each status. */
export async function statusCounts(db: Database, viewer: Viewer, filter: ConversationFilter): Promise<StatusCounts> {
  return statusCountsOf(await readCountCells(db, countScopeOf(viewer)), viewer, filter);
}

/** All, mine and unassigned, in one status or all (for members who see every conversation). */
export async function assignmentCounts(db: Database, viewer: Viewer, status: ConversationStatus | undefined): Promise<AssignmentCounts> {
  return assignmentCountsOf(await readCountCells(db, { organizationId: viewer.organizationId, userId: null }), viewer.userId, status);
}

async function visibleOrNotFound(db: Queryable, viewer: Viewer, conversationId: string, lock = false): Promise<ConversationRow> {
  const where = visibleConversation(viewer, conversationId);
  const row = lock ? await lockConversation(db, where) : await findConversation(db, where);
  if (!row) throw notFound(CONVERSATION_NOT_FOUND);
  return row;
}

/** Opening a conversation reads it: its unread count goes to 0. */
export async function markConversationRead(db: Database, viewer: Viewer, conversationId: string): Promise<Conversation> {
  const conversation = await visibleOrNotFound(db, viewer, conversationId);
  if (conversation.unreadCount > 0) await updateConversationState(db, viewer.organizationId, conversation.id, { unreadCount: 0 });
  return getConversation(db, viewer, conversation.id);
}

/**
 * Assigns a conversation to a member of the organization, and says so on the contact's timeline
 * ("Assigned to {assignee} by {actor}", with the handoff note), in the same transaction. Assigning it
 * again to its assignee without a note changes nothing.
 */
export async function assignConversation(
  db: Database,
  actor: InboxActor,
  conversationId: string,
  request: { assignToUserId: string; note?: string },
): Promise<Conversation> {
  await db.transaction(async (tx) => {
    const conversation = await visibleOrNotFound(tx, actor, conversationId, true);
    if (!mayAssign(actor, conversation.assignedToUserId, request.assignToUserId)) throw forbidden(TAKE_ONLY_FOR_YOURSELF);
    const [assignee] = await listMemberPeople(tx, actor.organizationId, request.assignToUserId);
    if (!assignee) throw invalidInput(ASSIGNEE_NOT_FOUND);
    if (conversation.assignedToUserId === assignee.userId && !request.note) return;
    await updateConversationState(tx, actor.organizationId, conversation.id, { assignedToUserId: assignee.userId });
    const said = `Assigned to ${assignee.name} by ${actor.name}`;
    await recordActivity(tx, {
      organizationId: actor.organizationId,
      contactId: conversation.contactId,
      userId: actor.userId,
      content: request.note ? `${said}: ${request.note}` : said,
    });
  });
  return conversationAfterChange(db, actor, conversationId);
}

/**
 * Assigns a conversation on the system's behalf (a broadcast button's rule), inside the caller's
 * transaction, and says why on the contact's timeline. Answers false, changing nothing, when the
 * assignee is no longer a member of the organization.
 */
export async function assignByAutomation(
  tx: Queryable,
  organizationId: string,
  conversation: { id: string; contactId: string },
  assigneeUserId: string,
  because: string,
): Promise<boolean> {
  const [assignee] = await listMemberPeople(tx, organizationId, assigneeUserId);
  if (!assignee) return false;
  await lockConversations(tx, organizationId, [conversation.id]);
  await updateConversationState(tx, organizationId, conversation.id, { assignedToUserId: assignee.userId });
  await recordActivity(tx, {
    organizationId,
    contactId: conversation.contactId,
    userId: null,
    content: `Assigned to ${assignee.name} ${because}`,
  });
  return true;
}

/** Takes a conversation from its assignee ("Unassigned from {assignee} by {actor}" on the timeline). */
export async function unassignConversation(db: Database, actor: InboxActor, conversationId: string): Promise<Conversation> {
  await db.transaction(async (tx) => {
    const conversation = await visibleOrNotFound(tx, actor, conversationId, true);
    if (!conversation.assignedToUserId) throw conflict(NOT_ASSIGNED);
    const [assignee] = await listMemberPeople(tx, actor.organizationId, conversation.assignedToUserId);
    await updateConversationState(tx, actor.organizationId, conversation.id, { assignedToUserId: null });
    await recordActivity(tx, {
      organizationId: actor.organizationId,
      contactId: conversation.contactId,
      userId: actor.userId,
      content: `Unassigned from ${assignee?.name ?? 'a former member'} by ${actor.name}`,
    });
  });
  return conversationAfterChange(db, actor, conversationId);
}

/**
 * Moves a conversation on: open → in_progress → resolved (or open → resolved), and a resolved one back
 * to open (reopened; a customer's new message reopens it too); asking for the status it has changes
 * nothing. Without chats:manage, only a conversation assigned to the actor (see mayChangeStatus).
 */
export async function changeConversationStatus(db: Database, viewer: InboxActor, conversationId: string, status: ConversationStatus): Promise<Conversation> {
  const conversation = await visibleOrNotFound(db, viewer, conversationId);
  if (!mayChangeStatus(viewer, conversation.assignedToUserId)) throw forbidden(STATUS_ONLY_OF_YOURS);
  if (conversation.status !== status && !(await moveStatus(db, viewer.organizationId, conversation.id, REACHABLE_FROM[status], status))) {
    const now = await visibleOrNotFound(db, viewer, conversationId);
    if (now.status === 'resolved' && status === 'in_progress') throw conflict(CONVERSATION_RESOLVED);
    if (now.status !== status) throw conflict(NO_WAY_BACK_TO_OPEN);
  }
  return getConversation(db, viewer, conversation.id);
}

/**
 * The contact's conversation, created on first need (start chat). A deleted contact cannot be
 * messaged: not found, as for a contact of another organization or none at all.
 */
export async function openContactConversation(db: Database, viewer: Viewer, contactId: string): Promise<ContactConversationResponse> {
  const contact = await findContactRow(db, viewer.organizationId, contactId);
  if (!contact || contact.deletedAt) throw notFound(CONTACT_NOT_FOUND);
  const conversation = await findOrCreateConversation(db, viewer.organizationId, contact.id);
  // Another agent's conversation is not found, like any the viewer may not see: not even its id is told.
  if (!(await findConversation(db, visibleConversation(viewer, conversation.id)))) throw notFound(CONVERSATION_NOT_FOUND);
  return { conversationId: conversation.id, contact: { id: contact.id } };
}

// The seed places conversations directly.
export { findOrCreateConversation, updateConversationState } from './conversations-repository';
