import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Form, Formik } from 'formik';
import { FormikTextField } from '@client/components/form/formik-text-field';
import { errorMessage } from '@client/components/error-message';
import { useToast } from '@client/components/toast/use-toast';
import type { Tag, TagInput } from '@shared/api/tags';
import { DEFAULT_TAG_COLOR } from '@shared/constants';
import { tagSchema } from '@shared/validation/tags';
import { ColorPaletteField } from './color-palette-field';
import { TagChip } from './tag-chip';
import { useCreateTagMutation, useUpdateTagMutation } from './tags-api';

export interface TagFormDialogProps {
  open: boolean;
  /** The tag to edit; null creates one. */
  tag: Tag | null;
  onClose: () => void;
}

/** 'Create Tag' (and its edit twin): a name and a colour from the palette, default #1976d2. */
export function TagFormDialog({ open, tag, onClose }: TagFormDialogProps) {
  const toast = useToast();
  const [createTag] = useCreateTagMutation();
  const [updateTag] = useUpdateTagMutation();
  const initial: TagInput = { name: tag?.name ?? '', color: tag?.color ?? DEFAULT_TAG_COLOR };

  async function submit(values: TagInput) {
    const body = tagSchema.cast(values);
    try {
      if (tag) {
        await updateTag({ id: tag.id, ...body }).unwrap();
        toast.success('Success', 'Tag updated successfully');
      } else {
        await createTag(body).unwrap();
        toast.success('Success', 'Tag created successfully');
      }
      onClose();
    } catch (error) {
      toast.error('Error', errorMessage(error, tag ? 'Failed to update tag' : 'Failed to create tag'));
    }
  }

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="tag-form-title">
      <Formik initialValues={initial} validationSchema={tagSchema} onSubmit={submit} enableReinitialize>
        {({ isSubmitting, values }) => (
          <Form noValidate>
            <DialogTitle id="tag-form-title">{tag ? 'Edit Tag' : 'Create Tag'}</DialogTitle>
            <DialogContent>
              <Stack spacing={2.5} sx={{ pt: 1 }}>
                <FormikTextField name="name" label="Tag Name" required autoFocus fullWidth />
                <ColorPaletteField name="color" />
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <Typography variant="body2" color="text.secondary">
                    Preview:
                  </Typography>
                  {/^#[0-9a-fA-F]{6}$/.test(values.color) && <TagChip name={values.name.trim() || 'Tag name'} color={values.color} />}
                </Box>
              </Stack>
            </DialogContent>
            <DialogActions sx={{ px: 3, pb: 2 }}>
              <Button onClick={onClose} color="inherit" disabled={isSubmitting}>
                Cancel
              </Button>
              <Button type="submit" variant="contained" loading={isSubmitting}>
                {tag ? 'Save Changes' : 'Create Tag'}
              </Button>
            </DialogActions>
          </Form>
        )}
      </Formik>
    </Dialog>
  );
}
