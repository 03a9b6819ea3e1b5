import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Form, Formik } from 'formik';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@client/app/paths';
import { importedState } from '@client/components/contact-import/import-summary';
import { FormikTextField } from '@client/components/form/formik-text-field';
import { PageHeader } from '@client/components/page-header';
import { useToast } from '@client/components/toast/use-toast';
import { useSession } from '@client/session/use-session';
import { defaultImportTagName, importTagSchema } from '@shared/validation/contact-import';
import { CsvDropZone } from './csv-drop-zone';
import { CsvFormatGuide } from './csv-format-guide';
import { CsvPreviewCard } from './csv-preview-card';
import { ImportResultCard } from './import-result-card';
import { useContactImport, type ImportState } from './use-contact-import';

function UploadProgress({ state }: { state: Extract<ImportState, { step: 'importing' }> }) {
  const uploaded = state.progress >= 1;
  return (
    <Box>
      <LinearProgress
        variant={uploaded ? 'indeterminate' : 'determinate'}
        value={Math.round(state.progress * 100)}
        aria-label="Import progress"
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {uploaded ? 'Uploaded. Importing contacts…' : `Uploading… ${Math.round(state.progress * 100)}%`}
      </Typography>
    </Box>
  );
}

/** Import Contacts: drop zone, tag name, a preview, the upload's progress and its result. */
export default function ImportContactsScreen() {
  const { can } = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  const { state, failure, choose, start, reset } = useContactImport();
  const backToContacts = () => void navigate(paths.contacts);

  // A completed import returns to the contacts, which show its summary; one that imported nothing stays here.
  useEffect(() => {
    if (state.step === 'done' && state.result.success) void navigate(paths.contacts, { state: importedState(state.result) });
  }, [state, navigate]);

  const header = (
    <PageHeader
      title="Import Contacts"
      subtitle="Add or update contacts from a CSV file and tag them all at once."
      actions={
        <Button startIcon={<ArrowBackIcon />} onClick={backToContacts}>
          Back
        </Button>
      }
    />
  );

  if (!can('contacts:import')) {
    return (
      <Box>
        {header}
        <Alert severity="error">You don&apos;t have permission to import contacts.</Alert>
      </Box>
    );
  }

  const file = state.step === 'idle' ? null : state.file;
  const preview = state.step === 'chosen' || state.step === 'importing' ? state.preview : null;
  const importing = state.step === 'importing';

  return (
    <Box>
      {header}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
        <Stack spacing={3}>
          {state.step === 'done' ? (
            <ImportResultCard result={state.result} onDone={backToContacts} onAnother={reset} />
          ) : (
            <>
              <CsvDropZone
                file={file}
                disabled={importing}
                onFile={choose}
                onReject={() => toast.error('Invalid File', 'Please upload a CSV file')}
              />
              <Formik
                key={file ? `${file.name}:${file.lastModified}:${file.size}` : 'none'}
                initialValues={{ tagName: file ? defaultImportTagName(file.name) : '' }}
                validationSchema={importTagSchema}
                onSubmit={(values) => start(importTagSchema.cast(values).tagName)}
              >
                {({ values }) => (
                  <Form noValidate>
                    <Stack spacing={2}>
                      <FormikTextField
                        name="tagName"
                        label="Tag Name"
                        required
                        fullWidth
                        disabled={importing}
                        helperText="Every imported contact gets this tag; an existing tag of that name is reused."
                      />
                      {importing && <UploadProgress state={state} />}
                      {failure && (
                        <Alert severity="error">
                          <AlertTitle>Import Failed</AlertTitle>
                          {failure}
                        </Alert>
                      )}
                      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
                        <Button color="inherit" onClick={reset} disabled={!file || (importing && state.progress >= 1)}>
                          Cancel
                        </Button>
                        <Button
                          type="submit"
                          variant="contained"
                          loading={importing}
                          disabled={!file || !values.tagName.trim() || Boolean(preview?.problem)}
                        >
                          Import Contacts
                        </Button>
                      </Box>
                    </Stack>
                  </Form>
                )}
              </Formik>
              {preview && <CsvPreviewCard preview={preview} />}
            </>
          )}
        </Stack>
        <CsvFormatGuide />
      </Box>
    </Box>
  );
}
