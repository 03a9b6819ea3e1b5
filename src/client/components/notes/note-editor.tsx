import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Form, Formik } from 'formik';
import { FormikTextField } from '@client/components/form/formik-text-field';
import { noteSchema } from '@shared/validation/notes';

export interface NoteEditorProps {
  initialContent?: string;
  submitLabel: string;
  /** Resolves true when saved (the editor closes), false to keep the text for another try. */
  onSave: (content: string) => Promise<boolean>;
  onCancel: () => void;
}

const IS_MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The note text box: trimmed, never empty (shared schema); Ctrl or Cmd + Enter saves. */
export function NoteEditor({ initialContent = '', submitLabel, onSave, onCancel }: NoteEditorProps) {
  return (
    <Formik
      initialValues={{ content: initialContent }}
      validationSchema={noteSchema}
      onSubmit={async (values, helpers) => {
        const saved = await onSave(noteSchema.cast(values).content);
        if (saved) helpers.resetForm();
      }}
    >
      {({ submitForm, isSubmitting }) => (
        <Form noValidate>
          <FormikTextField
            name="content"
            label="Note"
            multiline
            minRows={3}
            maxRows={10}
            fullWidth
            autoFocus
            onKeyDown={(event) => {
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                event.preventDefault();
                void submitForm();
              }
            }}
          />
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mt: 1, gap: 1 }}>
            <Typography variant="caption" color="text.secondary">
              {IS_MAC ? '⌘' : 'Ctrl'} + Enter to save
            </Typography>
            <Box sx={{ display: 'flex', gap: 1 }}>
              <Button size="small" color="inherit" onClick={onCancel} disabled={isSubmitting}>
                Cancel
              </Button>
              <Button size="small" type="submit" variant="contained" loading={isSubmitting}>
                {submitLabel}
              </Button>
            </Box>
          </Box>
        </Form>
      )}
    </Formik>
  );
}
