import type { Queryable } from '../../db/database';
import { availableResponders, recordAutoAssigned, type Responder } from '../member-presence';
import { readOrganizationSettings } from '../organization-settings';
import { recordActivity } from '../timeline';
import { countOpenByAssignee, findAwaitingAssignment, lockAutoAssignmentTurn, type AwaitingConversation } from './auto-assignment-repository';
import { updateConversationState } from './conversations-repository';

/**
 * Auto-assignment (an organization setting, off by default): each new conversation, and each resolved
 * one the customer reopens, goes round-robin to a member who holds chats:respond, is Available (switched
 * so, with a live stream seen within 5 minutes) and holds fewer open conversations than the cap; the
 * member auto-assigned least recently first. Nobody qualifies: it stays unassigned.
 *
 * Why exactly one assignee, also with several processes: it runs inside the transaction that stores
 * the customer's messages, which locked the conversations (FOR UPDATE) before anything here reads them,
 * so a second batch for the same conversation waits, then finds it assigned (or no longer new). And the
 * choice itself is serialized per organization by an advisory lock held to the commit: the next
 * transaction's reads begin after this one committed, so it sees the open counts and the round-robin
 * order this one left, and the cap and the even spread hold however many processes store messages.
 */

export interface AutoAssignmentTurn {
  organizationId: string;
  cap: number;
  conversations: AwaitingConversation[];
}

/**
 * Before an inbound batch moves its (locked) conversations on: the ones auto-assignment will place
 * once the batch is stored, or null when the setting is off or none is new or resolved and unassigned.
 */
export async function prepareAutoAssignment(tx: Queryable, organizationId: string, conversationIds: readonly string[]): Promise<AutoAssignmentTurn | null> {
  const { autoAssign } = await readOrganizationSettings(tx, organizationId);
  if (!autoAssign.enabled) return null;
  const conversations = await findAwaitingAssignment(tx, organizationId, conversationIds);
  return conversations.length === 0 ? null : { organizationId, cap: autoAssign.cap, conversations };
}

/** Assigns the turn's conversations round-robin and writes each one's note on the contact's timeline. */
export async function autoAssign(tx: Queryable, turn: AutoAssignmentTurn | null): Promise<void> {
  if (!turn) return;
  const { organizationId, cap } = turn;
  await lockAutoAssignmentTurn(tx, organizationId);
  const queue = await availableResponders(tx, organizationId);
  const open = await countOpenByAssignee(tx, organizationId, queue.map((member) => member.userId));
  for (const conversation of turn.conversations) {
    const next = queue.findIndex((member) => (open.get(member.userId) ?? 0) < cap);
    if (next < 0) return;
    const [assignee] = queue.splice(next, 1);
    queue.push(assignee);
    open.set(assignee.userId, (open.get(assignee.userId) ?? 0) + 1);
    await assign(tx, organizationId, conversation, assignee);
  }
}

async function assign(tx: Queryable, organizationId: string, conversation: AwaitingConversation, assignee: Responder): Promise<void> {
  await updateConversationState(tx, organizationId, conversation.id, { assignedToUserId: assignee.userId });
  await recordAutoAssigned(tx, organizationId, assignee.userId);
  await recordActivity(tx, {
    organizationId,
    contactId: conversation.contactId,
    userId: null,
    content: `Assigned to ${assignee.name} by auto-assignment`,
  });
}
