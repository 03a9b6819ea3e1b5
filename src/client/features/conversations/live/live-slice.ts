import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface LiveState {
  /** The live stream is open: the open chat polls at the list's pace, and nudges bring changes at once. */
  connected: boolean;
  /** Bumped for each batch of nudges (at most one a second), and after a reconnect: the list refreshes. */
  listPulse: number;
  /** The conversations the latest batch named, and its number: an open chat among them polls now. */
  latest: { pulse: number; conversationIds: string[] };
  /** Bumped when the stream comes back after a drop: everything refetches once (nudges are not replayed). */
  resyncPulse: number;
}

const initialState: LiveState = { connected: false, listPulse: 0, latest: { pulse: 0, conversationIds: [] }, resyncPulse: 0 };

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
  },
  selectors: {
    selectLiveConnected: (state) => state.connected,
    selectListPulse: (state) => state.listPulse,
    selectResyncPulse: (state) => state.resyncPulse,
    selectLatestNudges: (state) => state.latest,
  },
});

export const { streamOpened, streamDropped, nudgesArrived } = liveSlice.actions;
export const { selectLiveConnected, selectListPulse, selectResyncPulse, selectLatestNudges } = liveSlice.selectors;
