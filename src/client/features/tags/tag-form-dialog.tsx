import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useFormikContext } from 'formik';
import { useCreateTagMutation, useUpdateTagMutation } from '@client/api/tags-endpoints';
import { FormDialog } from '@client/components/form/form-dialog';
import { FormikTextField } from '@client/components/form/formik-text-field';
import { TagChip } from '@client/components/tags/tag-chip';
import { useRecordAction } from '@client/components/toast/use-record-action';
import type { Tag, TagInput } from '@shared/api/tags';
import { DEFAULT_TAG_COLOR } from '@shared/constants';
import { tagSchema } from '@shared/validation/tags';
import { ColorPaletteField } from './color-palette-field';

export interface TagFormDialogProps {
  open: boolean;
  /** The tag to edit; null creates one. */
  tag: Tag | null;
  onClose: () => void;
}

/** 'Create Tag' (and its edit twin): a name and a colour from the palette, default #1976d2. */
export function TagFormDialog({ open, tag, onClose }: TagFormDialogProps) {
  const runAction = useRecordAction('Tag');
  const [createTag] = useCreateTagMutation();
  const [updateTag] = useUpdateTagMutation();
  const initial: TagInput = { name: tag?.name ?? '', color: tag?.color ?? DEFAULT_TAG_COLOR };

  async function submit(body: TagInput) {
    const saved = await runAction(tag ? 'update' : 'create', () =>
      tag ? updateTag({ id: tag.id, ...body }).unwrap() : createTag(body).unwrap(),
    );
    if (saved) onClose();
  }

  return (
    <FormDialog
      open={open}
      title={tag ? 'Edit Tag' : 'Create Tag'}
      submitLabel={tag ? 'Save Changes' : 'Create Tag'}
      initialValues={initial}
      schema={tagSchema}
      onSubmit={submit}
      onClose={onClose}
      maxWidth="sm"
      spacing={2.5}
    >
      <FormikTextField name="name" label="Tag Name" required autoFocus fullWidth />
      <ColorPaletteField name="color" />
      <TagPreview />
    </FormDialog>
  );
}

/** The chip as it will look, once the colour is a valid one. */
function TagPreview() {
  const { values } = useFormikContext<TagInput>();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Typography variant="body2" color="text.secondary">
        Preview:
      </Typography>
      {/^#[0-9a-fA-F]{6}$/.test(values.color) && <TagChip name={values.name.trim() || 'Tag name'} color={values.color} />}
    </Box>
  );
}
