import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface SlowDownState {
  /** When the server said requests may go on again (epoch ms), while the API's rate limit holds them back. */
  resumesAt: number | null;
}

const initialState: SlowDownState = { resumesAt: null };

/**
 * The API answered 429 TOO_MANY_REQUESTS (this member or their organization went over the per-minute
 * limit): every request waits until `resumesAt`, and the app says so instead of showing errors.
 */
export const slowDownSlice = createSlice({
  name: 'slowDown',
  initialState,
  reducers: {
    slowedDown(state, action: PayloadAction<number>) {
      state.resumesAt = Math.max(state.resumesAt ?? 0, action.payload);
    },
    resumed(state) {
      state.resumesAt = null;
    },
  },
  selectors: {
    selectResumesAt: (state) => state.resumesAt,
  },
});

export const { slowedDown, resumed } = slowDownSlice.actions;
export const { selectResumesAt } = slowDownSlice.selectors;
