import { useCallback } from 'react';
import { errorMessage } from '@client/components/error-message';
import { useToast } from './use-toast';

export type RecordAction = 'create' | 'update' | 'delete' | 'restore';

/**
 * Runs one change to a record with the product's toasts, e.g. for `useRecordAction('Tag')`:
 * 'Success' / 'Tag created successfully', or 'Error' / the server's message, else 'Failed to create tag'.
 * `onFailure` may take a failure over (answer true) instead of the Error toast. Resolves to whether
 * the change was made.
 */
export function useRecordAction(record: string) {
  const toast = useToast();
  return useCallback(
    async (action: RecordAction, change: () => Promise<unknown>, onFailure?: (error: unknown) => boolean): Promise<boolean> => {
      try {
        await change();
        toast.success('Success', `${record} ${action}d successfully`);
        return true;
      } catch (error) {
        if (!onFailure?.(error)) toast.error('Error', errorMessage(error, `Failed to ${action} ${record.toLowerCase()}`));
        return false;
      }
    },
    [record, toast],
  );
}
