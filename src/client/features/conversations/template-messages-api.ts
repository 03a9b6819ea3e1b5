import { api } from '@client/api/base-api';
import type { SendMessageResponse } from '@shared/api/conversations';
import type { SendTemplateMessageInput } from '@shared/validation/template-messages';
import { storeSentMessage } from './state/message-thunks';

/** POST /conversations/{id}/messages/template: the stored message joins the thread and its conversation moves up, as for a text. */
export const templateMessagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendTemplateMessage: build.mutation<SendMessageResponse, SendTemplateMessageInput & { conversationId: string }>({
      query: ({ conversationId, ...body }) => ({ url: `/conversations/${encodeURIComponent(conversationId)}/messages/template`, method: 'POST', body }),
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(storeSentMessage(data));
        } catch {
          // The dialog shows the failure; nothing was stored.
        }
      },
    }),
  }),
});

export const { useSendTemplateMessageMutation } = templateMessagesApi;
