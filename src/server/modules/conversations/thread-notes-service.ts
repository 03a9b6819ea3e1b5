import { CONVERSATION_NOT_FOUND } from '@shared/api/conversations';
import { MENTION_NOT_VISIBLE, type AddThreadNoteResponse, type MentionableMembersResponse } from '@shared/api/thread-notes';
import { maySeeConversation } from '@shared/permissions/conversation-actions';
import type { Database, Queryable } from '../../db/database';
import { notFound, unprocessable } from '../../lib/domain-error';
import { uuidv7 } from '../../lib/ids';
import type { MediaUrlSigner } from '../media';
import { listMemberPeopleWithPermissions } from '../members';
import { advanceCounter, findConversation, lockConversation } from './conversations-repository';
import { readMessage } from './message-feed-repository';
import { messageOf } from './message-history-service';
import { insertMessage } from './messages-repository';
import { announceMention, insertNoteMentions } from './note-mentions-repository';
import { visibleConversation, type Viewer } from './viewer';

/**
 * Thread notes: the team's internal notes in a conversation's thread. A note is a message of type
 * `note`, so the history and the poll bring it like any other (it takes the conversation's next counter
 * value, which also nudges the live streams), but it is never sent to WhatsApp and moves nothing else:
 * not the list's last message or order, not the unread count, not the window. It is stored as
 * `outbound` and `sent` (written by the team; the app shows notes without ticks).
 */

/** The organization's members who can see a conversation assigned to `assignee` (see `maySeeConversation`). */
async function membersSeeing(db: Queryable, organizationId: string, assignee: string | null, userIds?: readonly string[]) {
  const people = await listMemberPeopleWithPermissions(db, organizationId, userIds);
  return people.filter((person) => maySeeConversation(person, assignee));
}

/** GET /conversations/{id}/mentionable: who can be mentioned in the conversation's notes, by name. */
export async function mentionableMembers(db: Database, viewer: Viewer, conversationId: string): Promise<MentionableMembersResponse> {
  const conversation = await findConversation(db, visibleConversation(viewer, conversationId));
  if (!conversation) throw notFound(CONVERSATION_NOT_FOUND);
  const members = await membersSeeing(db, viewer.organizationId, conversation.assignedToUserId);
  return { members: members.map((member) => ({ id: member.userId, name: member.name })) };
}

/**
 * Stores a note in one transaction, holding the conversation: every mentioned member must be able to
 * see it (else 422, nothing stored), the note takes the next counter value, its mentions are recorded,
 * and the mentioned members' streams are told at commit.
 */
export async function addThreadNote(
  deps: { db: Database; mediaUrls: MediaUrlSigner },
  author: Viewer,
  conversationId: string,
  note: { content: string; mentions?: string[] },
): Promise<AddThreadNoteResponse> {
  const { organizationId } = author;
  const mentions = [...new Set(note.mentions ?? [])];
  const messageId = await deps.db.transaction(async (tx) => {
    const conversation = await lockConversation(tx, visibleConversation(author, conversationId));
    if (!conversation) throw notFound(CONVERSATION_NOT_FOUND);
    const seeing = mentions.length > 0 ? await membersSeeing(tx, organizationId, conversation.assignedToUserId, mentions) : [];
    if (seeing.length !== mentions.length) throw unprocessable(MENTION_NOT_VISIBLE);
    const id = uuidv7();
    const seq = await advanceCounter(tx, organizationId, conversation.id);
    await insertMessage(tx, {
      id,
      organizationId,
      conversationId: conversation.id,
      contactId: conversation.contactId,
      seq,
      direction: 'outbound',
      messageType: 'note',
      content: note.content,
      status: 'sent',
      senderUserId: author.userId,
    });
    await insertNoteMentions(tx, { organizationId, conversationId: conversation.id, messageId: id }, mentions);
    await announceMention(tx, { organizationId, conversationId: conversation.id, counter: seq, assigneeId: conversation.assignedToUserId, userIds: mentions });
    return id;
  });
  const row = await readMessage(deps.db, organizationId, messageId);
  if (!row) throw notFound(CONVERSATION_NOT_FOUND);
  return { message: messageOf(row, organizationId, deps.mediaUrls) };
}
