import { and, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { ConversationFilter } from '@shared/api/conversations';
import type { Permission } from '@shared/permissions/catalogue';
import { conversations } from '../../db/schema';
import type { AuthContext, RouteAccess } from '../../types';
import type { ConversationHead } from '../members';

/**
 * Who looks at the inbox, and so which conversations exist for them: with chats:view_all every
 * conversation of the organization; otherwise those assigned to them and the unassigned ones. Any
 * other conversation answers 404, exactly like one that does not exist.
 */
export interface Viewer {
  organizationId: string;
  userId: string;
  seesAll: boolean;
}

/** Replying (text or media): a member with messages:send, or one whose role lets them respond in chats. */
export const SEND_ACCESS: RouteAccess = ['messages:send', 'chats:respond'];

/** An actor who changes a conversation: a viewer with a name for the timeline and the permissions that decide what they may change. */
export interface InboxActor extends Viewer {
  name: string;
  permissions: readonly Permission[];
}

export function viewerOf(auth: AuthContext): InboxActor {
  return {
    organizationId: auth.organizationId,
    userId: auth.userId,
    name: auth.name,
    permissions: auth.permissions,
    seesAll: auth.permissions.includes('chats:view_all'),
  };
}

/**
 * The viewer's conversations in one list (`filter`), as conditions on `conversations` whose union is the
 * list. Each condition is one index's prefix (organization, or organization and assignee), so a page
 * is an ordered walk of one index, or a merge of two (mine and unassigned) for a member who sees only
 * those.
 */
export function scopeOf(viewer: Viewer, filter: ConversationFilter): SQL[] {
  const organization = eq(conversations.organizationId, viewer.organizationId);
  const mine = and(organization, eq(conversations.assignedToUserId, viewer.userId)) as SQL;
  const unassigned = and(organization, isNull(conversations.assignedToUserId)) as SQL;
  switch (filter) {
    case 'mine':
      return [mine];
    case 'unassigned':
      return [unassigned];
    case 'all':
      return viewer.seesAll ? [organization] : [mine, unassigned];
  }
}


/** The rule of `visibleConversation`, for a conversation already read. */
export function sees(viewer: Viewer, head: Pick<ConversationHead, 'assignedToUserId'>): boolean {
  return viewer.seesAll || head.assignedToUserId === null || head.assignedToUserId === viewer.userId;
}

/** One conversation of the viewer's, by id. */
export function visibleConversation(viewer: Viewer, conversationId: string): SQL {
  return and(eq(conversations.id, conversationId), visibleConversations(viewer)) as SQL;
}

/** The viewer's conversations, as a condition on `conversations`: the SQL form of `sees`. */
export function visibleConversations(viewer: Viewer): SQL {
  const own = or(eq(conversations.assignedToUserId, viewer.userId), isNull(conversations.assignedToUserId));
  return and(eq(conversations.organizationId, viewer.organizationId), viewer.seesAll ? undefined : own) as SQL;
}
