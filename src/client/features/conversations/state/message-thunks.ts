import { isApiError, type ApiError } from '@client/api/api-error';
import { NO_MEDIA, type Conversation, type SendMessageResponse } from '@shared/api/conversations';
import { conversationsApi, writeConversation, type InboxDispatch } from '../conversations-api';
import { createInboxThunk } from './inbox-thunk';
import type { OptimisticMessage } from './inbox-message';
import { addOptimisticMessage, messageByKey, oldestSortKey, updateMessageStatus } from './message-cache';
import { mergeMessages } from './message-merge';

export interface SendTextArgs {
  conversation: Pick<Conversation, 'id' | 'contact'>;
  content: string;
  /** A fresh `crypto.randomUUID()` for a new message; the failed message's own for a retry. */
  clientId: string;
}

/** The bubble shown at once, before the server has stored anything. */
function optimisticMessage({ conversation, content, clientId }: SendTextArgs, now: string): OptimisticMessage {
  return {
    id: clientId,
    clientId,
    contactId: conversation.contact.id,
    conversationId: conversation.id,
    seq: null,
    sortKey: null,
    content,
    direction: 'outbound',
    messageType: 'text',
    status: 'sending',
    errorCode: null,
    errorMessage: null,
    sentAt: now,
    createdAt: now,
    ...NO_MEDIA,
  };
}

function asApiError(error: unknown): ApiError {
  return isApiError(error) ? error : { status: 'FETCH_ERROR' };
}

/**
 * Sends a text message optimistically: a 'sending' bubble keyed by its clientId appears at once; the
 * stored message (same clientId) replaces it, whether the answer or a poll brings it first; the
 * conversation moves to the top of the lists. On failure the bubble becomes 'failed' with the server's
 * reason, kept for a retry (never undone, so what the user wrote is not lost).
 */
export const sendTextMessage = createInboxThunk<SendMessageResponse, SendTextArgs>(
  'conversations/sendTextMessage',
  async (args, { dispatch, getState, rejectWithValue }) => {
    const conversationId = args.conversation.id;
    const pending = optimisticMessage(args, new Date().toISOString());
    // A retry of a message the server stored (and Meta refused): no poll reports a refused retry.
    const entry = conversationsApi.endpoints.getMessages.select(conversationId)(getState()).data;
    const before = entry && messageByKey(entry, args.clientId);
    const retryingStored = before !== undefined && before.seq !== null;
    dispatch(
      conversationsApi.util.updateQueryData('getMessages', conversationId, (cache) => {
        // A retry keeps its place and time; only its status moves back to sending.
        if (messageByKey(cache, args.clientId)) updateMessageStatus(cache, args.clientId, { status: 'sending', errorCode: null, errorMessage: null });
        else addOptimisticMessage(cache, pending);
      }),
    );
    try {
      const answer = await dispatch(
        conversationsApi.endpoints.postMessage.initiate({ conversationId, content: args.content, clientId: args.clientId }),
      ).unwrap();
      dispatch(storeSentMessage(answer));
      return answer;
    } catch (error) {
      const failure = asApiError(error);
      dispatch(
        conversationsApi.util.updateQueryData('getMessages', conversationId, (cache) => {
          const held = messageByKey(cache, args.clientId);
          // A poll may have brought the stored message meanwhile (the answer was lost, not the send); a
          // stored message whose retry failed is failed again, or it would show sending for good.
          if (held && (held.seq === null || (retryingStored && held.status === 'sending'))) {
            updateMessageStatus(cache, args.clientId, { status: 'failed', errorMessage: failure.error ?? null });
          }
        }),
      );
      return rejectWithValue(failure);
    }
  },
);

/** Sends a failed message again under the SAME clientId, so the server stores and sends it at most once. */
export const retryMessage = createInboxThunk<SendMessageResponse, { conversation: Pick<Conversation, 'id' | 'contact'>; clientId: string }>(
  'conversations/retryMessage',
  async ({ conversation, clientId }, { dispatch, getState, rejectWithValue }) => {
    const cache = conversationsApi.endpoints.getMessages.select(conversation.id)(getState()).data;
    const failed = cache && messageByKey(cache, clientId);
    if (!failed || failed.status !== 'failed') return rejectWithValue({ status: 'FETCH_ERROR', error: 'Nothing to retry' });
    return dispatch(sendTextMessage({ conversation, content: failed.content, clientId })).unwrap().catch((error: unknown) => rejectWithValue(asApiError(error)));
  },
);

/** A stored message the server answered (text or media): into the messages entry, its conversation everywhere. */
export function storeSentMessage({ message, conversation }: SendMessageResponse) {
  return (dispatch: InboxDispatch) => {
    dispatch(conversationsApi.util.updateQueryData('getMessages', message.conversationId, (cache) => mergeMessages(cache, [message])));
    dispatch(writeConversation(conversation));
  };
}

/**
 * Older history: the page before the oldest message held, upserted into the same entry (the message list
 * keeps the view still while it is prepended). Answers how many messages it added.
 */
export const loadOlderMessages = createInboxThunk<number, string>(
  'conversations/loadOlderMessages',
  async (conversationId, { dispatch, getState, rejectWithValue }) => {
    const cache = conversationsApi.endpoints.getMessages.select(conversationId)(getState()).data;
    const before = cache ? oldestSortKey(cache) : null;
    if (!cache?.hasMore || before === null) return 0;
    const result = await dispatch(conversationsApi.endpoints.getMessagePage.initiate({ conversationId, before }, { subscribe: false }));
    if (result.error || !result.data) return rejectWithValue(asApiError(result.error));
    const page = result.data;
    dispatch(
      conversationsApi.util.updateQueryData('getMessages', conversationId, (draft) => {
        mergeMessages(draft, page.data);
        draft.hasMore = page.hasMore;
      }),
    );
    return page.data.length;
  },
);
