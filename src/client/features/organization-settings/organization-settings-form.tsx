import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Form, Formik, type FormikHelpers } from 'formik';
import { FormikSwitch } from '@client/components/form/formik-switch';
import { FormikTextField } from '@client/components/form/formik-text-field';
import { useRecordAction } from '@client/components/toast/use-record-action';
import type { OrganizationSettings } from '@shared/api/organization-settings';
import { AUTO_ASSIGN_CAP, organizationSettingsFormSchema } from '@shared/validation/organization-settings';
import { useUpdateOrganizationSettingsMutation } from './organization-settings-api';
import { OptOutKeywordsField } from './opt-out-keywords-field';
import { TimeZoneField } from './time-zone-field';

/** Read receipts, auto-assignment and its cap, and the time zone, saved together with the shared rules. */
export function OrganizationSettingsForm({ settings }: { settings: OrganizationSettings }) {
  const runAction = useRecordAction('Organization settings');
  const [update, { isLoading: saving }] = useUpdateOrganizationSettingsMutation();

  const submit = async (values: OrganizationSettings, helpers: FormikHelpers<OrganizationSettings>) => {
    const body = organizationSettingsFormSchema.cast(values);
    if (await runAction('update', () => update(body).unwrap())) helpers.resetForm({ values: body });
  };

  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Formik initialValues={settings} validationSchema={organizationSettingsFormSchema} onSubmit={submit} enableReinitialize>
        {({ values, dirty }) => (
          <Form noValidate aria-label="Organization settings">
            <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
              Organization
            </Typography>
            <Stack spacing={2.5}>
              <FormikSwitch
                name="readReceipts"
                label="Send read receipts"
                description="When a team member opens a conversation, the customer sees their messages as read (blue ticks)"
              />
              <FormikSwitch
                name="autoAssign.enabled"
                label="Assign new conversations automatically"
                description="New and reopened conversations go in turn to available members who can respond"
              />
              <FormikTextField
                name="autoAssign.cap"
                label="Open conversations per member"
                type="number"
                disabled={saving || !values.autoAssign.enabled}
                slotProps={{ htmlInput: { min: AUTO_ASSIGN_CAP.min, max: AUTO_ASSIGN_CAP.max, step: 1 } }}
                helperText={`A member holding this many open conversations gets no more (${AUTO_ASSIGN_CAP.min}–${AUTO_ASSIGN_CAP.max})`}
                sx={{ maxWidth: 360 }}
              />
              <Box sx={{ maxWidth: 480 }}>
                <TimeZoneField name="timeZone" disabled={saving} />
              </Box>
              <Box sx={{ maxWidth: 480 }}>
                <OptOutKeywordsField name="optOutKeywords" disabled={saving} />
              </Box>
            </Stack>
            <Box sx={{ mt: 3 }}>
              <Button
                type="submit"
                variant="contained"
                disabled={saving || !dirty}
                startIcon={saving ? <CircularProgress size={16} color="inherit" /> : <SaveOutlinedIcon />}
              >
                Save
              </Button>
            </Box>
          </Form>
        )}
      </Formik>
    </Paper>
  );
}
