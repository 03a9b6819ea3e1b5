import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@client/app/paths';
import { errorMessage } from '@client/components/error-message';
import { useToast } from '@client/components/toast/use-toast';
import { useStartConversationMutation } from './contacts-api';

/** Start chat: find or create the contact's conversation, then open it. */
export function useStartChat(): { startChat: (contactId: string) => Promise<void>; starting: boolean } {
  const [startConversation, { isLoading }] = useStartConversationMutation();
  const navigate = useNavigate();
  const toast = useToast();
  const startChat = useCallback(
    async (contactId: string) => {
      try {
        const { contact } = await startConversation(contactId).unwrap();
        await navigate(paths.conversation(contact.id));
      } catch (error) {
        toast.error('Error', errorMessage(error, 'Failed to start conversation'));
      }
    },
    [startConversation, navigate, toast],
  );
  return { startChat, starting: isLoading };
}
