import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { Form, Formik, type FormikHelpers, type FormikValues } from 'formik';
import { useId, type ReactNode } from 'react';
import type { AnyObject, ObjectSchema } from 'yup';

export interface FormDialogProps<T extends FormikValues> {
  open: boolean;
  title: ReactNode;
  submitLabel: string;
  initialValues: T;
  /** The shared yup schema of the form. */
  schema: ObjectSchema<T & AnyObject>;
  /** Runs with the schema-cast values; the dialog stays open while it runs. */
  onSubmit: (values: T, helpers: FormikHelpers<T>) => Promise<void>;
  onClose: () => void;
  children: ReactNode;
}

/** A small modal form: title, fields, Cancel and a submit button that spins while submitting. */
export function FormDialog<T extends FormikValues>({
  open, title, submitLabel, initialValues, schema, onSubmit, onClose, children,
}: FormDialogProps<T>) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      <Formik
        initialValues={initialValues}
        validationSchema={schema}
        onSubmit={(values, helpers) => onSubmit(schema.cast(values) as T, helpers)}
      >
        {({ isSubmitting }) => (
          <Form noValidate>
            <DialogTitle id={titleId}>{title}</DialogTitle>
            <DialogContent>
              <Stack spacing={2} sx={{ pt: 1 }}>
                {children}
              </Stack>
            </DialogContent>
            <DialogActions sx={{ px: 3, pb: 2 }}>
              <Button onClick={onClose} color="inherit" disabled={isSubmitting}>
                Cancel
              </Button>
              <Button type="submit" variant="contained" loading={isSubmitting}>
                {submitLabel}
              </Button>
            </DialogActions>
          </Form>
        )}
      </Formik>
    </Dialog>
  );
}
