import { useCallback, useEffect, useRef, useState } from 'react';
import type { UploadHandle } from '@client/api/upload-with-progress';
import { useAppDispatch } from '@client/app/hooks';
import { errorMessage } from '@client/components/error-message';
import { CONVERSATION_TEXTS, type SendMessageResponse } from '@shared/api/conversations';
import { sendMediaMessage } from '../state/media-upload';
import { checkMediaFile } from './check-media-file';

export interface StagedMedia {
  file: File;
  /** One per picked file: Send pressed again after a lost answer still stores one message. */
  clientId: string;
}

export interface MediaFailure {
  title: string;
  detail?: string;
}

/** The picked file waiting for Send, its upload progress, and what went wrong (a refused file, a failed upload). */
export function useMediaSend(contactId: string) {
  const dispatch = useAppDispatch();
  const [staged, setStaged] = useState<StagedMedia | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<MediaFailure | null>(null);
  const upload = useRef<UploadHandle<SendMessageResponse> | null>(null);

  // Leaving the conversation cancels an upload still running.
  useEffect(
    () => () => {
      const running = upload.current;
      upload.current = null;
      running?.abort();
    },
    [],
  );

  const pick = useCallback((file: File) => {
    const check = checkMediaFile(file);
    setStaged(check.ok ? { file, clientId: crypto.randomUUID() } : null);
    setFailure(check.ok ? null : { title: check.message });
  }, []);

  const cancel = useCallback(() => {
    const running = upload.current;
    upload.current = null;
    running?.abort();
    setStaged(null);
    setProgress(null);
    setFailure(null);
  }, []);

  const send = useCallback(
    async (caption: string) => {
      if (!staged || upload.current) return;
      setFailure(null);
      setProgress(0);
      const handle = dispatch(
        sendMediaMessage({ contactId, file: staged.file, caption: caption.trim() || undefined, clientId: staged.clientId, onProgress: setProgress }),
      );
      upload.current = handle;
      try {
        await handle.result;
        if (upload.current !== handle) return;
        setStaged(null);
      } catch (error) {
        // Cancelled: no longer this composer's business.
        if (upload.current !== handle) return;
        const detail = errorMessage(error, '');
        setFailure({ title: CONVERSATION_TEXTS.sendMediaFailed, ...(detail && { detail }) });
      } finally {
        if (upload.current === handle) {
          upload.current = null;
          setProgress(null);
        }
      }
    },
    [dispatch, contactId, staged],
  );

  return { staged, progress, failure, pick, send, cancel, dismissFailure: () => setFailure(null) };
}
