import { useMemo } from 'react';
import { errorMessage } from '@client/components/error-message';
import { useToast } from '@client/components/toast/use-toast';
import type { Broadcast } from '@shared/api/broadcasts';
import { useCancelBroadcastMutation, useSendBroadcastMutation } from './broadcast-drafts-api';

/** The list's buttons for broadcasts not yet started: send a draft now, cancel a scheduled one; each says how it went. */
export function useUnsentBroadcastActions(): { onSend: (broadcast: Broadcast) => void; onCancel: (broadcast: Broadcast) => void } {
  const toast = useToast();
  const [sendBroadcast] = useSendBroadcastMutation();
  const [cancelBroadcast] = useCancelBroadcastMutation();
  return useMemo(() => {
    const report = (work: Promise<unknown>, done: string, failed: string) => {
      void work.then(
        () => toast.success('Success', done),
        (error: unknown) => toast.error('Error', errorMessage(error, failed)),
      );
    };
    return {
      onSend: (broadcast: Broadcast) =>
        report(sendBroadcast({ broadcastId: broadcast.id, body: {} }).unwrap(), `Sending "${broadcast.name}"`, 'Failed to send broadcast'),
      onCancel: (broadcast: Broadcast) =>
        report(cancelBroadcast(broadcast.id).unwrap(), `"${broadcast.name}" will not be sent`, 'Failed to cancel broadcast'),
    };
  }, [sendBroadcast, cancelBroadcast, toast]);
}
