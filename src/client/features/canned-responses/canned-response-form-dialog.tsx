import InputAdornment from '@mui/material/InputAdornment';
import { useCreateCannedResponseMutation, useUpdateCannedResponseMutation } from '@client/api/canned-responses-endpoints';
import { FormDialog } from '@client/components/form/form-dialog';
import { FormikTextField } from '@client/components/form/formik-text-field';
import { useRecordAction } from '@client/components/toast/use-record-action';
import type { CannedResponse, CannedResponseInput } from '@shared/api/canned-responses';
import { CANNED_RESPONSE_PLACEHOLDERS } from '@shared/canned-responses/placeholders';
import { CANNED_RESPONSE_CONTENT_MAX, CANNED_RESPONSE_SHORTCUT } from '@shared/constants';
import { cannedResponseSchema } from '@shared/validation/canned-responses';

export interface CannedResponseFormDialogProps {
  open: boolean;
  /** The canned response to edit; null creates one. */
  cannedResponse: CannedResponse | null;
  onClose: () => void;
}

const PLACEHOLDER_HINT = `Placeholders: ${CANNED_RESPONSE_PLACEHOLDERS.map((name) => `{{${name}}}`).join(', ')}`;

/** 'Add Canned Response' (and its edit twin): a shortcut and the text, checked with the shared rules. */
export function CannedResponseFormDialog({ open, cannedResponse, onClose }: CannedResponseFormDialogProps) {
  const runAction = useRecordAction('Canned response');
  const [create] = useCreateCannedResponseMutation();
  const [update] = useUpdateCannedResponseMutation();
  const initial: CannedResponseInput = { shortcut: cannedResponse?.shortcut ?? '', content: cannedResponse?.content ?? '' };

  async function submit(body: CannedResponseInput) {
    const saved = await runAction(cannedResponse ? 'update' : 'create', () =>
      cannedResponse ? update({ id: cannedResponse.id, ...body }).unwrap() : create(body).unwrap(),
    );
    if (saved) onClose();
  }

  return (
    <FormDialog
      open={open}
      title={cannedResponse ? 'Edit Canned Response' : 'Add Canned Response'}
      submitLabel={cannedResponse ? 'Save Changes' : 'Add Canned Response'}
      initialValues={initial}
      schema={cannedResponseSchema}
      onSubmit={submit}
      onClose={onClose}
      maxWidth="sm"
      spacing={2.5}
    >
      <FormikTextField
        name="shortcut"
        label="Shortcut"
        required
        autoFocus
        fullWidth
        helperText={`${CANNED_RESPONSE_SHORTCUT.min}–${CANNED_RESPONSE_SHORTCUT.max} letters, numbers, hyphens or underscores`}
        slotProps={{
          input: { startAdornment: <InputAdornment position="start">/</InputAdornment> },
          htmlInput: { maxLength: CANNED_RESPONSE_SHORTCUT.max, autoCapitalize: 'none', spellCheck: false },
        }}
      />
      <FormikTextField
        name="content"
        label="Content"
        required
        fullWidth
        multiline
        minRows={4}
        maxRows={12}
        helperText={PLACEHOLDER_HINT}
        slotProps={{ htmlInput: { maxLength: CANNED_RESPONSE_CONTENT_MAX } }}
      />
    </FormDialog>
  );
}
