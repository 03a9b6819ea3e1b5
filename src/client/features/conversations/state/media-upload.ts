import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';
import type { ClientServices } from '@client/api/client-services';
import { uploadWithProgress, type UploadHandle } from '@client/api/upload-with-progress';
import type { RootState } from '@client/app/store';
import type { SendMessageResponse } from '@shared/api/conversations';
import type { InboxDispatch } from '../conversations-api';
import { storeSentMessage } from './message-thunks';

/** Ten minutes: a 100 MB document on a slow line outlasts the 10-second timeout of ordinary calls by far. */
const MEDIA_UPLOAD_TIMEOUT_MS = 10 * 60_000;

export interface SendMediaArgs {
  contactId: string;
  file: File;
  caption?: string;
  /** Chosen once per picked file, so pressing Send again after a lost answer sends one message. */
  clientId: string;
  onProgress: (fraction: number) => void;
}

/**
 * POST /media/upload with progress; the stored message joins the conversation and the conversation
 * moves to the top, as for a text send. A plain thunk, not createAsyncThunk: the File and the progress
 * callback do not belong in actions.
 */
export function sendMediaMessage({ contactId, file, caption, clientId, onProgress }: SendMediaArgs) {
  return (dispatch: InboxDispatch, getState: () => RootState, services: ClientServices): UploadHandle<SendMessageResponse> => {
    const form = new FormData();
    form.append('contactId', contactId);
    form.append('clientId', clientId);
    if (caption) form.append('caption', caption);
    // The file goes last: the server reads the fields before it streams the file.
    form.append('file', file, file.name);
    const upload = uploadWithProgress<SendMessageResponse>({ url: '/media/upload', form, timeoutMs: MEDIA_UPLOAD_TIMEOUT_MS, onProgress });
    const handle = upload(dispatch as Dispatch<UnknownAction>, getState, services);
    return {
      abort: handle.abort,
      result: handle.result.then((answer) => {
        dispatch(storeSentMessage(answer));
        return answer;
      }),
    };
  };
}
