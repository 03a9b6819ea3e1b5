import { useState } from 'react';
import { isApiError } from '@client/api/api-error';
import { ADD_THREAD_NOTE_FAILED, type MentionableMember } from '@shared/api/thread-notes';
import { useAddThreadNoteMutation } from '../thread-notes-api';
import { mentionsIn } from './mention-picker';

/**
 * The composer's Note mode: the members picked from the '@' list, and adding the note with those still
 * named in its text. Answers null once stored, else the reason to show (the text stays to try again).
 */
export function useThreadNote(conversationId: string) {
  const [addNote] = useAddThreadNoteMutation();
  const [picked, setPicked] = useState<MentionableMember[]>([]);
  const pick = (member: MentionableMember) => setPicked((before) => (before.some((m) => m.id === member.id) ? before : [...before, member]));
  const submit = async (content: string): Promise<string | null> => {
    try {
      await addNote({ conversationId, content, mentions: mentionsIn(content, picked) }).unwrap();
      setPicked([]);
      return null;
    } catch (error) {
      return (isApiError(error) && error.error) || ADD_THREAD_NOTE_FAILED;
    }
  };
  return { pick, submit };
}
