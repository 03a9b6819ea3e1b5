import { useCallback } from 'react';
import { useDeleteContactMutation, useRestoreContactMutation } from '@client/api/contacts-endpoints';
import { useRecordAction } from '@client/components/toast/use-record-action';
import type { Contact } from '@shared/api/contacts';
import { contactDisplayName } from '@client/components/contacts/contact-name';

/** Soft delete and restore, each after the browser's confirm, with their toasts. */
export function useContactLifecycle() {
  const runAction = useRecordAction('Contact');
  const [deleteContact] = useDeleteContactMutation();
  const [restoreContact] = useRestoreContactMutation();

  const remove = useCallback(
    async (contact: Contact) => {
      if (!window.confirm(`Are you sure you want to delete ${contactDisplayName(contact)}?`)) return;
      await runAction('delete', () => deleteContact(contact.id).unwrap());
    },
    [deleteContact, runAction],
  );

  const restore = useCallback(
    async (contact: Contact) => {
      if (!window.confirm(`Restore ${contactDisplayName(contact)}?`)) return;
      await runAction('restore', () => restoreContact(contact.id).unwrap());
    },
    [restoreContact, runAction],
  );

  return { remove, restore };
}
