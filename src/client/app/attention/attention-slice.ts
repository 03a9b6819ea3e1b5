import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface AttentionState {
  /** Conversations with unread messages the member may see, while the inbox is open (the tab title shows them). */
  unreadConversations: number;
}

const initialState: AttentionState = { unreadConversations: 0 };

/** What draws an agent back to the tab: the inbox reports its unread total here, and the title carries it. */
export const attentionSlice = createSlice({
  name: 'attention',
  initialState,
  reducers: {
    unreadCounted(state, action: PayloadAction<number>) {
      state.unreadConversations = action.payload;
    },
  },
  selectors: {
    selectUnreadConversations: (state) => state.unreadConversations,
  },
});

export const { unreadCounted } = attentionSlice.actions;
export const { selectUnreadConversations } = attentionSlice.selectors;
