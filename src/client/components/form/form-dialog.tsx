import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions, { type DialogActionsProps } from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { Form, Formik, type FormikHelpers, type FormikValues } from 'formik';
import { useId, type ReactNode } from 'react';
import type { AnyObject, ObjectSchema } from 'yup';

export interface FormDialogProps<Values extends FormikValues, Parsed extends AnyObject> {
  open: boolean;
  title: ReactNode;
  submitLabel: string;
  /** The form starts over from these whenever they change (the dialog may stay mounted across records). */
  initialValues: Values;
  /** The shared yup schema of the form. */
  schema: ObjectSchema<Parsed>;
  /** Runs with the schema-cast values; the dialog stays open while it runs. */
  onSubmit: (parsed: Parsed, helpers: FormikHelpers<Values>) => Promise<void>;
  onClose: () => void;
  maxWidth?: DialogProps['maxWidth'];
  /** Room between the fields, in theme spacing units. */
  spacing?: number;
  /** The fields; they read the form's state with Formik's hooks. */
  children: ReactNode;
}

/** A modal Formik form: title, fields, Cancel and a submit button that spins while submitting. */
export function FormDialog<Values extends FormikValues, Parsed extends AnyObject>({
  open, title, submitLabel, initialValues, schema, onSubmit, onClose, maxWidth = 'xs', spacing = 2, children,
}: FormDialogProps<Values, Parsed>) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} maxWidth={maxWidth} fullWidth aria-labelledby={titleId}>
      <Formik
        initialValues={initialValues}
        validationSchema={schema}
        onSubmit={(values, helpers) => onSubmit(schema.cast(values) as Parsed, helpers)}
        enableReinitialize
      >
        {({ isSubmitting }) => (
          <Form noValidate>
            <DialogTitle id={titleId}>{title}</DialogTitle>
            <DialogContent>
              <Stack spacing={spacing} sx={{ pt: 1 }}>
                {children}
              </Stack>
            </DialogContent>
            <FormDialogActions busy={isSubmitting} submitLabel={submitLabel} onCancel={onClose} />
          </Form>
        )}
      </Formik>
    </Dialog>
  );
}

export interface FormDialogActionsProps {
  busy: boolean;
  submitLabel: string;
  onCancel: () => void;
  /** Without it the submit button submits the enclosing form. */
  onSubmit?: () => void;
  sx?: DialogActionsProps['sx'];
}

/** Cancel and the contained submit button, which spins while `busy`. */
export function FormDialogActions({ busy, submitLabel, onCancel, onSubmit, sx = { px: 3, pb: 2 } }: FormDialogActionsProps) {
  return (
    <DialogActions sx={sx}>
      <Button onClick={onCancel} color="inherit" disabled={busy}>
        Cancel
      </Button>
      <Button type={onSubmit ? 'button' : 'submit'} variant="contained" onClick={onSubmit} loading={busy}>
        {submitLabel}
      </Button>
    </DialogActions>
  );
}
