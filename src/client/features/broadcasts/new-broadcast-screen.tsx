import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Form, Formik, useFormikContext } from 'formik';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { isApiError } from '@client/api/api-error';
import { useGetTemplatesQuery } from '@client/api/templates-endpoints';
import { paths } from '@client/app/paths';
import { PageHeader } from '@client/components/page-header';
import { useToast } from '@client/components/toast/use-toast';
import { BROADCAST_TEXTS } from '@shared/api/broadcasts';
import type { Template } from '@shared/api/templates';
import { MAX_PAGE_SIZE } from '@shared/constants';
import { newBroadcastFormSchema } from '@shared/validation/broadcasts';
import { useCreateBroadcastMutation } from './broadcasts-api';
import { AudienceFields } from './compose/audience-fields';
import { AutomationFields } from './compose/automation-fields';
import { initialComposeValues, toCreateRequest, type ComposeValues } from './compose/compose-values';
import { useIdempotencyKey } from './compose/idempotency-key';
import { RecipientPreview } from './compose/recipient-preview';
import { TemplateFields } from './compose/template-fields';

/** The approved templates are read in one page, the largest the API serves. */
const TEMPLATE_LIST_LIMIT = MAX_PAGE_SIZE;

function Section({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, p: { xs: 2, sm: 3 } }}>
        <Box>
          <Typography id={id} variant="h6" component="h2">
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="body2" color="text.secondary">
              {subtitle}
            </Typography>
          )}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

interface SendFailure {
  /** The server's reason, when it gave one. */
  detail: string | null;
}

function ComposeForm({ templates, templatesLoading, templatesFailed, preselectContactId, failure }: {
  templates: readonly Template[];
  templatesLoading: boolean;
  templatesFailed: boolean;
  preselectContactId: string | null;
  failure: SendFailure | null;
}) {
  const { values, isSubmitting } = useFormikContext<ComposeValues>();
  const twoColumns = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const preview = (
    <Section title="Preview">
      <RecipientPreview templates={templates} />
    </Section>
  );
  return (
    <Form noValidate aria-label="New broadcast">
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(280px, 360px)' }, alignItems: 'start' }}>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, minWidth: 0 }}>
          <Section title="Template" subtitle="An approved template, and the values of its variables.">
            <TemplateFields templates={templates} loading={templatesLoading} failed={templatesFailed} />
          </Section>
          {/* In one column the preview follows the template it shows, rather than the Send button. */}
          {!twoColumns && preview}
          <Section title="Audience" subtitle="Everyone with one of the tags, or the contacts you pick.">
            <AudienceFields preselectContactId={preselectContactId} />
          </Section>
          {values.rules.length > 0 && (
            <Section title="Button automation" subtitle="What happens when a customer presses a quick-reply button.">
              <AutomationFields />
            </Section>
          )}
          {failure && (
            <Alert severity="error">
              <AlertTitle>{BROADCAST_TEXTS.sendFailed}</AlertTitle>
              {failure.detail}
            </Alert>
          )}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end' }}>
            <Button component={RouterLink} to={paths.broadcasts} color="inherit" disabled={isSubmitting}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant="contained"
              disabled={isSubmitting}
              startIcon={isSubmitting ? <CircularProgress size={16} color="inherit" /> : <SendIcon />}
            >
              Send Broadcast
            </Button>
          </Box>
        </Box>
        {twoColumns && <Box sx={{ position: 'sticky', top: 88, minWidth: 0 }}>{preview}</Box>}
      </Box>
    </Form>
  );
}

/**
 * New Broadcast: an approved template and its parameters with a live preview, the audience (tags or
 * contacts, ?contactId= preselecting one) with its reach, what each quick-reply button does, and Send.
 * Sending carries an Idempotency-Key per composed broadcast, so a double click or a retry creates one.
 */
export default function NewBroadcastScreen() {
  const [searchParams] = useSearchParams();
  const preselectContactId = searchParams.get('contactId') || null;
  const navigate = useNavigate();
  const toast = useToast();
  const templates = useGetTemplatesQuery({ status: 'APPROVED', page: 1, limit: TEMPLATE_LIST_LIMIT });
  const approved = useMemo(() => (templates.data?.data ?? []).filter((template) => template.status === 'APPROVED'), [templates.data]);
  const [createBroadcast] = useCreateBroadcastMutation();
  const keyFor = useIdempotencyKey();
  const sending = useRef(false);
  const [failure, setFailure] = useState<SendFailure | null>(null);
  const [initialValues] = useState(() => initialComposeValues(preselectContactId ? 'contacts' : 'tags'));

  const send = async (values: ComposeValues) => {
    // A second click before the first request settled sends nothing more.
    if (sending.current) return;
    sending.current = true;
    setFailure(null);
    const body = toCreateRequest(values);
    try {
      const created = await createBroadcast({ body, idempotencyKey: keyFor(body) }).unwrap();
      toast.success('Success', `Broadcast created successfully: ${created.totalCount} ${created.totalCount === 1 ? 'recipient' : 'recipients'}`);
      void navigate(paths.broadcastAnalytics(created.id));
    } catch (error) {
      setFailure({ detail: isApiError(error) && error.error ? error.error : null });
    } finally {
      sending.current = false;
    }
  };

  return (
    <Box>
      <PageHeader
        title="New Broadcast"
        subtitle="Send an approved template to a tag or to chosen contacts."
        actions={
          <Button component={RouterLink} to={paths.broadcasts} startIcon={<ArrowBackIcon />} color="inherit">
            Back to Broadcasts
          </Button>
        }
      />
      <Formik<ComposeValues> initialValues={initialValues} validationSchema={newBroadcastFormSchema} onSubmit={send}>
        <ComposeForm
          templates={approved}
          templatesLoading={templates.isLoading}
          templatesFailed={templates.isError}
          preselectContactId={preselectContactId}
          failure={failure}
        />
      </Formik>
    </Box>
  );
}
