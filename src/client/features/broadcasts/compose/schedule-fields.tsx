import Box from '@mui/material/Box';
import { FormikTextField } from '@client/components/form/formik-text-field';

/**
 * The broadcast's name (empty: the template's name and the date) and, for Schedule, when it goes out,
 * entered in the organization's time zone and sent as an instant.
 */
export function ScheduleFields({ timeZone, canSchedule }: { timeZone: string; canSchedule: boolean }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 1fr) minmax(0, 1fr)' } }}>
      <FormikTextField name="name" label="Name" helperText="Leave empty for the template's name and today's date" fullWidth />
      {canSchedule && (
        <FormikTextField
          name="sendAt"
          label={`Send at (${timeZone})`}
          type="datetime-local"
          helperText={`For Schedule: a time in the organization's time zone, ${timeZone}`}
          slotProps={{ inputLabel: { shrink: true } }}
          fullWidth
        />
      )}
    </Box>
  );
}
