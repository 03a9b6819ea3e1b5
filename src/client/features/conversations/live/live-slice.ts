import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface LiveState {
  /** The live stream is open: the open chat polls at the list's pace, and nudges bring changes at once. */
  connected: boolean;
  /** Counts the batches of nudges (at most one a second). */
  listPulse: number;
  /** The conversations the latest batch named, and its number: the lists read those, and an open chat among them polls now. */
  latest: { pulse: number; conversationIds: string[] };
  /** Bumped when the stream comes back after a drop: everything refetches once (nudges are not replayed). */
  resyncPulse: number;
  /**
   * Bumped for each thread note that mentions the member (a `mention` nudge, told only to them), with the
   * conversations mentioned since the last one: what a sound or a notification hooks onto.
   */
  mentionPulse: { pulse: number; conversationIds: string[] };
}

const initialState: LiveState = {
  connected: false, listPulse: 0, latest: { pulse: 0, conversationIds: [] }, resyncPulse: 0, mentionPulse: { pulse: 0, conversationIds: [] },
};

/** The inbox's live stream as state: whether it is open, and the pulses its nudges send to the list and the open chat. */
export const liveSlice = createSlice({
  name: 'live',
  initialState,
  reducers: {
    streamOpened(state, action: PayloadAction<{ reconnected: boolean }>) {
      state.connected = true;
      if (action.payload.reconnected) state.resyncPulse += 1;
    },
    streamDropped(state) {
      state.connected = false;
    },
    nudgesArrived(state, action: PayloadAction<string[]>) {
      state.listPulse += 1;
      state.latest = { pulse: state.listPulse, conversationIds: action.payload };
    },
    mentioned(state, action: PayloadAction<string[]>) {
      state.mentionPulse = { pulse: state.mentionPulse.pulse + 1, conversationIds: action.payload };
    },
  },
  selectors: {
    selectLiveConnected: (state) => state.connected,
    selectResyncPulse: (state) => state.resyncPulse,
    selectLatestNudges: (state) => state.latest,
    selectMentionPulse: (state) => state.mentionPulse,
  },
});

export const { streamOpened, streamDropped, nudgesArrived, mentioned } = liveSlice.actions;
export const { selectLiveConnected, selectResyncPulse, selectLatestNudges, selectMentionPulse } = liveSlice.selectors;
