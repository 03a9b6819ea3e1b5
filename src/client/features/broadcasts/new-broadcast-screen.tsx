import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import ScheduleSendIcon from '@mui/icons-material/ScheduleSend';
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
import { useSession } from '@client/session/use-session';
import { BROADCAST_DRAFT_TEXTS } from '@shared/api/broadcast-drafts';
import { BROADCAST_TEXTS } from '@shared/api/broadcasts';
import { DEFAULT_TIME_ZONE } from '@shared/organization-settings/time-zones';
import type { Template } from '@shared/api/templates';
import { MAX_PAGE_SIZE } from '@shared/constants';
import { newBroadcastFormSchema } from '@shared/validation/broadcasts';
import { useCreateBroadcastMutation } from './broadcasts-api';
import { useGetScheduleZoneQuery } from './broadcast-drafts-api';
import { AudienceFields } from './compose/audience-fields';
import { AutomationFields } from './compose/automation-fields';
import { initialComposeValues, toCreateRequest, type ComposeValues } from './compose/compose-values';
import { useIdempotencyKey } from './compose/idempotency-key';
import { RecipientPreview } from './compose/recipient-preview';
import { ScheduleFields } from './compose/schedule-fields';
import { initialScheduleValues, scheduleErrors, scheduleRequest, type ComposeIntent, type ScheduleValues } from './compose/schedule-values';
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

type NewBroadcastValues = ComposeValues & ScheduleValues;

/** What each way out of the form tells the member once the server took it. */
const DONE_TEXTS: Record<ComposeIntent, (recipients: number) => string> = {
  draft: () => 'Draft saved: the audience is counted when it is sent',
  schedule: () => 'Broadcast scheduled',
  now: (recipients) => `Broadcast created successfully: ${recipients} ${recipients === 1 ? 'recipient' : 'recipients'}`,
};

interface SendFailure {
  /** The server's reason, when it gave one. */
  detail: string | null;
}

function ComposeForm({ templates, templatesLoading, templatesFailed, preselectContactId, failure, timeZone, canSend, submitAs }: {
  templates: readonly Template[];
  templatesLoading: boolean;
  templatesFailed: boolean;
  preselectContactId: string | null;
  failure: SendFailure | null;
  timeZone: string;
  /** broadcasts:send: Send now and Schedule are offered; without it, Save draft only. */
  canSend: boolean;
  submitAs: (intent: ComposeIntent) => void;
}) {
  const { values, isSubmitting } = useFormikContext<NewBroadcastValues>();
  const busyIcon = <CircularProgress size={16} color="inherit" />;
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
          <Section title="Audience" subtitle={`Everyone with one of the tags, or the contacts you pick. ${BROADCAST_DRAFT_TEXTS.audienceResolvedAtStart}`}>
            <AudienceFields preselectContactId={preselectContactId} />
          </Section>
          {values.rules.length > 0 && (
            <Section title="Button automation" subtitle="What happens when a customer presses a quick-reply button.">
              <AutomationFields />
            </Section>
          )}
          <Section title="Name and schedule" subtitle="How the list names it, and when it goes out.">
            <ScheduleFields timeZone={timeZone} canSchedule={canSend} />
          </Section>
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
            <Button variant="outlined" disabled={isSubmitting} startIcon={isSubmitting ? busyIcon : <SaveOutlinedIcon />} onClick={() => submitAs('draft')}>
              Save draft
            </Button>
            {canSend && (
              <>
                <Button variant="outlined" disabled={isSubmitting} startIcon={isSubmitting ? busyIcon : <ScheduleSendIcon />} onClick={() => submitAs('schedule')}>
                  Schedule
                </Button>
                <Button variant="contained" disabled={isSubmitting} startIcon={isSubmitting ? busyIcon : <SendIcon />} onClick={() => submitAs('now')}>
                  Send now
                </Button>
              </>
            )}
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
  const { can } = useSession();
  const canSend = can('broadcasts:send');
  const timeZone = useGetScheduleZoneQuery().data?.timeZone ?? DEFAULT_TIME_ZONE;
  const keyFor = useIdempotencyKey();
  const sending = useRef(false);
  // Which button submitted the form; Enter in a field saves a draft, the one way out that sends nothing.
  const intent = useRef<ComposeIntent>('draft');
  const [failure, setFailure] = useState<SendFailure | null>(null);
  const [initialValues] = useState<NewBroadcastValues>(() => ({
    ...initialComposeValues(preselectContactId ? 'contacts' : 'tags'),
    ...initialScheduleValues(),
  }));

  const send = async (values: NewBroadcastValues) => {
    // A second click before the first request settled sends nothing more.
    if (sending.current) return;
    sending.current = true;
    setFailure(null);
    const chosen = intent.current;
    const body = { ...toCreateRequest(values), ...scheduleRequest(values, chosen, timeZone) };
    try {
      const created = await createBroadcast({ body, idempotencyKey: keyFor(body) }).unwrap();
      toast.success('Success', DONE_TEXTS[chosen](created.totalCount));
      void navigate(chosen === 'now' ? paths.broadcastAnalytics(created.id) : paths.broadcasts);
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
        subtitle="Send an approved template to a tag or to chosen contacts, now or at a time you choose, or save it as a draft."
        actions={
          <Button component={RouterLink} to={paths.broadcasts} startIcon={<ArrowBackIcon />} color="inherit">
            Back to Broadcasts
          </Button>
        }
      />
      <Formik<NewBroadcastValues>
        initialValues={initialValues}
        validationSchema={newBroadcastFormSchema}
        validate={(values) => scheduleErrors(values, intent.current, timeZone)}
        onSubmit={send}
      >
        {({ submitForm }) => (
        <ComposeForm
          templates={approved}
          templatesLoading={templates.isLoading}
          templatesFailed={templates.isError}
          preselectContactId={preselectContactId}
          failure={failure}
          timeZone={timeZone}
          canSend={canSend}
          submitAs={(chosen) => {
            intent.current = chosen;
            void submitForm().finally(() => {
              intent.current = 'draft';
            });
          }}
        />
        )}
      </Formik>
    </Box>
  );
}
