import { useCallback } from 'react';
import { errorMessage } from '@client/components/error-message';
import { useToast } from '@client/components/toast/use-toast';
import type { Contact } from '@shared/api/contacts';
import { contactLabel } from './contact-row-actions';
import { useDeleteContactMutation, useRestoreContactMutation } from './contacts-api';

/** Soft delete and restore, each after the browser's confirm (SPEC.md 4), with the SPEC's toasts. */
export function useContactLifecycle() {
  const toast = useToast();
  const [deleteContact] = useDeleteContactMutation();
  const [restoreContact] = useRestoreContactMutation();

  const remove = useCallback(
    async (contact: Contact) => {
      if (!window.confirm(`Are you sure you want to delete ${contactLabel(contact)}?`)) return;
      try {
        await deleteContact(contact.id).unwrap();
        toast.success('Success', 'Contact deleted successfully');
      } catch (error) {
        toast.error('Error', errorMessage(error, 'Failed to delete contact'));
      }
    },
    [deleteContact, toast],
  );

  const restore = useCallback(
    async (contact: Contact) => {
      if (!window.confirm(`Restore ${contactLabel(contact)}?`)) return;
      try {
        await restoreContact(contact.id).unwrap();
        toast.success('Success', 'Contact restored successfully');
      } catch (error) {
        toast.error('Error', errorMessage(error, 'Failed to restore contact'));
      }
    },
    [restoreContact, toast],
  );

  return { remove, restore };
}
