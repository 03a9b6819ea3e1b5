import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { WhatsAppErrorCode } from '@shared/api/errors';

export interface ConfigErrorState {
  /** Kept when the modal closes, so its text does not change while it fades out. */
  code: WhatsAppErrorCode;
  open: boolean;
}

const initialState: ConfigErrorState = { code: 'WHATSAPP_NOT_CONFIGURED', open: false };

/**
 * The messaging configuration-error modal as UI state: any API call answered with a WHATSAPP_* code
 * dispatches `opened(code)` (the base query does it), whichever screen made the call.
 */
export const configErrorSlice = createSlice({
  name: 'configError',
  initialState,
  reducers: {
    opened(state, action: PayloadAction<WhatsAppErrorCode>) {
      state.code = action.payload;
      state.open = true;
    },
    closed(state) {
      state.open = false;
    },
  },
  selectors: {
    selectConfigError: (state) => state,
  },
});

export const { opened: configErrorOpened, closed: configErrorClosed } = configErrorSlice.actions;
export const { selectConfigError } = configErrorSlice.selectors;
