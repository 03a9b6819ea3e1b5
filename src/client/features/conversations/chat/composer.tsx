import AttachFileIcon from '@mui/icons-material/AttachFile';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import { useFormik } from 'formik';
import { useCallback, useLayoutEffect, useRef, useState, type Ref } from 'react';
import { useAppDispatch } from '@client/app/hooks';
import type { Conversation } from '@shared/api/conversations';
import { sendMessageSchema } from '@shared/validation/conversations';
import { threadNoteSchema } from '@shared/validation/thread-notes';
import { sendTextMessage } from '../state/message-thunks';
import { useCannedResponsePicker } from './canned-response-picker';
import { ComposerModeSwitch, type ComposerMode } from './composer-mode-switch';
import { MEDIA_ACCEPT } from './check-media-file';
import { EmojiButton } from './emoji-button';
import { insertAtSelection } from './insert-at-selection';
import { MediaAttachment } from './media-attachment';
import { useMentionPicker } from './mention-picker';
import { noteSurface } from './note-look';
import { useThreadNote } from './use-thread-note';
import { useMediaSend } from './use-media-send';

/** The composer checks only the text; the clientId is made at send time. */
const contentSchema = sendMessageSchema.pick(['content']);
const noteContentSchema = threadNoteSchema.pick(['content']);

export interface ComposerProps {
  conversation: Pick<Conversation, 'id' | 'contact'>;
  /** Closed window, no permission, or messages not loaded yet. */
  disabled: boolean;
  /** Notes need no open window: only the permission and loaded messages (defaults to `disabled`). */
  noteDisabled?: boolean;
  inputRef: Ref<HTMLTextAreaElement>;
}

/** Sets a ref of any kind (callback or object) the parent passed. */
function assignRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) (ref as { current: T | null }).current = value;
}

/**
 * Text and media. Enter sends, Shift+Enter starts a new line; '/' opens the team's canned responses. A text message shows at once (sending) and
 * the box empties; the bubble tells how the send went. A picked file is checked here (type, size) before
 * its upload, which shows its progress. Note mode writes a thread note instead (only the team sees it),
 * where '@' opens the teammates who can see the conversation.
 */
export function Composer({ conversation, disabled: replyDisabled, noteDisabled = replyDisabled, inputRef }: ComposerProps) {
  const dispatch = useAppDispatch();
  const [mode, setMode] = useState<ComposerMode>('reply');
  const noting = mode === 'note';
  const disabled = noting ? noteDisabled : replyDisabled;
  const note = useThreadNote(conversation.id);
  const media = useMediaSend(conversation.contact.id);
  const fileInput = useRef<HTMLInputElement>(null);
  const form = useFormik({
    initialValues: { content: '' },
    validationSchema: noting ? noteContentSchema : contentSchema,
    validateOnBlur: false,
    onSubmit: async (values, { resetForm, setFieldError }) => {
      if (noting) {
        const failure = await note.submit(noteContentSchema.cast(values).content);
        if (failure) setFieldError('content', failure);
        else resetForm();
        return;
      }
      const { content } = contentSchema.cast(values);
      void dispatch(sendTextMessage({ conversation, content, clientId: crypto.randomUUID() }));
      resetForm();
    },
  });
  const error = form.touched.content ? form.errors.content : undefined;

  const textarea = useRef<HTMLTextAreaElement | null>(null);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const textareaRef = useCallback((element: HTMLTextAreaElement | null) => {
    textarea.current = element;
    assignRef(inputRef, element);
  }, [inputRef]);
  // Where the caret goes once an inserted canned response is in the box.
  const pendingCaret = useRef<number | null>(null);
  useLayoutEffect(() => {
    const caret = pendingCaret.current;
    if (caret === null || !textarea.current) return;
    pendingCaret.current = null;
    textarea.current.focus();
    textarea.current.setSelectionRange(caret, caret);
  }, [form.values.content]);
  // An emoji goes where the caret was (replacing a selection), and the caret follows it.
  const insertEmoji = (emoji: string) => {
    const value = form.values.content;
    const start = textarea.current?.selectionStart ?? value.length;
    const end = textarea.current?.selectionEnd ?? value.length;
    const next = insertAtSelection(value, { start, end }, emoji);
    pendingCaret.current = next.caret;
    void form.setFieldValue('content', next.text);
  };
  const cannedPicker = useCannedResponsePicker({
    contact: conversation.contact,
    value: form.values.content,
    anchor: disabled || noting ? null : anchor,
    onInsert: (text, caret) => {
      pendingCaret.current = caret;
      void form.setFieldValue('content', text);
    },
  });
  const mentionPicker = useMentionPicker({
    conversationId: conversation.id,
    value: form.values.content,
    anchor: disabled || !noting ? null : anchor,
    onInsert: (text, caret, member) => {
      note.pick(member);
      pendingCaret.current = caret;
      void form.setFieldValue('content', text);
    },
  });
  const picker = noting ? mentionPicker : cannedPicker;

  return (
    <Box sx={{ p: 1.5, borderTop: 1, borderColor: 'divider', display: 'flex', flexDirection: 'column', gap: 1 }}>
      {media.failure && (
        <Alert severity="error" onClose={media.dismissFailure}>
          {media.failure.title}
          {media.failure.detail && `: ${media.failure.detail}`}
        </Alert>
      )}
      {!media.staged && (
        <ComposerModeSwitch
          mode={mode}
          onChange={(next) => {
            setMode(next);
            form.setFieldError('content', undefined);
          }}
        />
      )}
      {media.staged ? (
        <MediaAttachment staged={media.staged} progress={media.progress} onSend={(caption) => void media.send(caption)} onCancel={media.cancel} />
      ) : (
        <Box component="form" noValidate aria-label={noting ? 'Add a note' : 'Send a message'} onSubmit={form.handleSubmit} sx={{ display: 'flex', alignItems: 'flex-end', gap: 1 }}>
          <input
            ref={fileInput}
            type="file"
            accept={MEDIA_ACCEPT}
            hidden
            onChange={(event) => {
              const file = event.target.files?.[0];
              // The same file picked again must fire a change.
              event.target.value = '';
              if (file) media.pick(file);
            }}
          />
          {!noting && (
            <IconButton aria-label="Attach file" onClick={() => fileInput.current?.click()} disabled={disabled}>
              <AttachFileIcon />
            </IconButton>
          )}
          <TextField
            ref={setAnchor}
            name="content"
            value={form.values.content}
            onChange={(event) => {
              form.handleChange(event);
              picker.track(event.target as HTMLTextAreaElement);
            }}
            onSelect={(event) => picker.track(event.target as HTMLTextAreaElement)}
            onKeyDown={(event) => {
              if (picker.onKeyDown(event)) return;
              if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault();
                void form.submitForm();
              }
            }}
            placeholder={disabled ? 'Sending is not available' : noting ? 'Note for your team; @ mentions a teammate' : 'Type a message'}
            multiline
            maxRows={6}
            fullWidth
            size="small"
            disabled={disabled}
            error={Boolean(error)}
            helperText={error}
            inputRef={textareaRef}
            slotProps={{ htmlInput: { 'aria-label': noting ? 'Note' : 'Message', ...picker.inputProps } }}
            sx={noting ? (theme) => ({ '& .MuiInputBase-root': noteSurface(theme) }) : undefined}
          />
          {cannedPicker.popper}
          {mentionPicker.popper}
          <EmojiButton disabled={disabled} onPick={insertEmoji} />
          <IconButton type="submit" aria-label={noting ? 'Add note' : 'Send message'} color="primary" disabled={disabled}>
            <SendIcon />
          </IconButton>
        </Box>
      )}
    </Box>
  );
}
