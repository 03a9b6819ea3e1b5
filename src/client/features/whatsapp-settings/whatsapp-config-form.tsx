import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Form, Formik, type FormikHelpers } from 'formik';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { errorMessage } from '@client/components/error-message';
import { FormikTextField } from '@client/components/form/formik-text-field';
import { useToast } from '@client/components/toast/use-toast';
import { DEFAULT_MESSAGES_PER_SECOND, MAX_MESSAGES_PER_SECOND } from '@shared/api/broadcasts';
import type { WhatsAppConfigRequest, WhatsAppConfigView } from '@shared/api/whatsapp';
import { whatsappConfigSchema } from '@shared/validation/whatsapp-config';
import { useDeleteWhatsAppConfigMutation, useSaveWhatsAppConfigMutation, useTestWhatsAppConfigMutation } from './whatsapp-settings-api';

const EMPTY: WhatsAppConfigRequest = {
  accessToken: '', phoneNumberId: '', businessAccountId: '', webhookVerifyToken: '', messagesPerSecond: DEFAULT_MESSAGES_PER_SECOND,
};

const DELETE_CONFIRMATION = 'Are you sure you want to delete the WhatsApp configuration? This action cannot be undone.';

/**
 * The configuration form with Save, Test Config and Delete. The saved token comes
 * back masked; leaving the mask as it is keeps the stored token. Every input is disabled while a
 * save, delete or test runs, and a test also holds the other actions.
 */
export function WhatsAppConfigForm({ config }: { config: WhatsAppConfigView | null }) {
  const toast = useToast();
  const [save, { isLoading: saving }] = useSaveWhatsAppConfigMutation();
  const [remove, { isLoading: deleting }] = useDeleteWhatsAppConfigMutation();
  const [test, { isLoading: testing }] = useTestWhatsAppConfigMutation();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const busy = saving || deleting || testing;

  // Prefilled from the saved configuration; a refetch with the same values leaves an edited form alone.
  const {
    accessToken = '', phoneNumberId = '', businessAccountId = '', webhookVerifyToken = '', messagesPerSecond = DEFAULT_MESSAGES_PER_SECOND,
  } = config ?? {};
  const initialValues = useMemo(
    (): WhatsAppConfigRequest => ({ accessToken, phoneNumberId, businessAccountId, webhookVerifyToken, messagesPerSecond }),
    [accessToken, phoneNumberId, businessAccountId, webhookVerifyToken, messagesPerSecond],
  );

  const submit = async (values: WhatsAppConfigRequest, helpers: FormikHelpers<WhatsAppConfigRequest>) => {
    try {
      const { message } = await save(whatsappConfigSchema.cast(values)).unwrap();
      toast.success('Success', message);
      helpers.resetForm({ values });
    } catch (error) {
      toast.error('Save Failed', errorMessage(error, 'Failed to save configuration'));
    }
  };

  const runTest = async () => {
    try {
      const result = await test().unwrap();
      if (result.success) toast.success('Configuration Valid', result.message);
      else toast.error('Configuration Invalid', result.error || 'Unknown error');
    } catch {
      toast.error('Test Failed', 'Failed to test configuration');
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Formik initialValues={initialValues} validationSchema={whatsappConfigSchema} onSubmit={submit} enableReinitialize>
        {({ resetForm }) => {
          const confirmDelete = async () => {
            try {
              const { message } = await remove().unwrap();
              toast.success('Success', message);
              resetForm({ values: EMPTY });
            } catch {
              toast.error('Delete Failed', 'Failed to delete configuration');
            } finally {
              setConfirmingDelete(false);
            }
          };
          return (
            <Form noValidate aria-label="WhatsApp Business API configuration">
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 1 }}>
                <Typography variant="h6" component="h2">
                  WhatsApp Business API Configuration
                </Typography>
                {config && (
                  <Chip size="small" label={config.isActive ? 'Active' : 'Inactive'} color={config.isActive ? 'success' : 'default'} />
                )}
              </Box>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
                The credentials of your WhatsApp Business Account, from your app in the Meta App Dashboard (WhatsApp → API Setup).
              </Typography>
              <Stack spacing={2.5}>
                <FormikTextField
                  name="accessToken"
                  label="Access Token"
                  required
                  fullWidth
                  disabled={busy}
                  autoComplete="off"
                  helperText="A system user token with the whatsapp_business_messaging and whatsapp_business_management permissions"
                />
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
                  <FormikTextField name="phoneNumberId" label="Phone Number ID" required fullWidth disabled={busy} inputMode="numeric" />
                  <FormikTextField name="businessAccountId" label="Business Account ID" required fullWidth disabled={busy} inputMode="numeric" />
                </Stack>
                <FormikTextField
                  name="webhookVerifyToken"
                  label="Webhook Verify Token"
                  required
                  fullWidth
                  disabled={busy}
                  autoComplete="off"
                  helperText="A secret of your choice; enter the same one in Meta when you set up the webhook"
                />
                <FormikTextField
                  name="messagesPerSecond"
                  label="Broadcast speed (messages per second)"
                  type="number"
                  fullWidth
                  disabled={busy}
                  slotProps={{ htmlInput: { min: 1, max: MAX_MESSAGES_PER_SECOND, step: 1 } }}
                  helperText={`How fast broadcasts are sent from this number. ${DEFAULT_MESSAGES_PER_SECOND} is WhatsApp's standard limit; raise it (up to ${MAX_MESSAGES_PER_SECOND.toLocaleString('en-US')}) only after Meta has upgraded the number's throughput`}
                />
              </Stack>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mt: 3 }}>
                <Button
                  type="submit"
                  variant="contained"
                  disabled={busy}
                  startIcon={saving ? <CircularProgress size={16} color="inherit" /> : <SaveOutlinedIcon />}
                >
                  Save Configuration
                </Button>
                {config && (
                  <>
                    <Button
                      variant="outlined"
                      disabled={busy}
                      onClick={() => void runTest()}
                      startIcon={testing ? <CircularProgress size={16} color="inherit" /> : <FactCheckOutlinedIcon />}
                    >
                      Test Config
                    </Button>
                    <Button variant="outlined" color="error" disabled={busy} onClick={() => setConfirmingDelete(true)} startIcon={<DeleteOutlineIcon />}>
                      Delete
                    </Button>
                  </>
                )}
              </Box>
              <ConfirmDialog
                open={confirmingDelete}
                title="Delete WhatsApp Configuration"
                message={DELETE_CONFIRMATION}
                confirmLabel="Delete"
                destructive
                busy={deleting}
                onConfirm={() => void confirmDelete()}
                onClose={() => setConfirmingDelete(false)}
              />
            </Form>
          );
        }}
      </Formik>
    </Paper>
  );
}
