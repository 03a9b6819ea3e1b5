import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Form, Formik } from 'formik';
import { FormikTextField } from '@client/components/form/formik-text-field';
import { reportRangeSchema, type ReportRange } from '@shared/validation/reports';

/** The report's first and last day (in the organization's time zone) and Apply. */
export function RangeForm({ range, onApply }: { range: ReportRange; onApply: (range: ReportRange) => void }) {
  return (
    <Formik initialValues={range} enableReinitialize validationSchema={reportRangeSchema} onSubmit={(values) => onApply(values)}>
      <Form aria-label="Report range" noValidate>
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
          <FormikTextField name="from" label="From" type="date" size="small" slotProps={{ inputLabel: { shrink: true } }} sx={{ flex: '1 1 150px', maxWidth: 220 }} />
          <FormikTextField name="to" label="To" type="date" size="small" slotProps={{ inputLabel: { shrink: true } }} sx={{ flex: '1 1 150px', maxWidth: 220 }} />
          <Button type="submit" variant="contained" sx={{ mt: 0.25 }}>Apply</Button>
        </Stack>
      </Form>
    </Formik>
  );
}
