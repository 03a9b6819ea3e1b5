import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import ScheduleSendIcon from '@mui/icons-material/ScheduleSend';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Form, Formik, useFormikContext } from 'formik';
import { useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { isApiError } from '@client/api/api-error';
import { paths } from '@client/app/paths';
import { SectionCard } from '@client/components/analytics/section-card';
import { BROADCAST_DRAFT_TEXTS } from '@shared/api/broadcast-drafts';
import { BROADCAST_TEXTS } from '@shared/api/broadcasts';
import type { Template } from '@shared/api/templates';
import { newBroadcastFormSchema } from '@shared/validation/broadcasts';
import { AudienceFields } from './audience-fields';
import { AutomationFields } from './automation-fields';
import type { ComposeValues } from './compose-values';
import { RecipientPreview } from './recipient-preview';
import { ScheduleFields } from './schedule-fields';
import { scheduleErrors, type ComposeIntent, type ScheduleValues } from './schedule-values';
import { TemplateFields } from './template-fields';

/** One titled part of the form (an h2), its id made from the title. */
function Section({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <SectionCard id={`section-${title.toLowerCase().replace(/\W+/g, '-')}`} title={title} subtitle={subtitle}>
      {children}
    </SectionCard>
  );
}

export type BroadcastFormValues = ComposeValues & ScheduleValues;

export interface BroadcastComposerProps {
  /** The form's accessible name ('New broadcast', 'Edit broadcast'). */
  label: string;
  initialValues: BroadcastFormValues;
  templates: readonly Template[];
  templatesLoading: boolean;
  templatesFailed: boolean;
  /** The contact of New Broadcast's ?contactId=, if any. */
  preselectContactId?: string | null;
  timeZone: string;
  /** broadcasts:send: Send now and Schedule are offered; without it, saving only. */
  canSend: boolean;
  /** automation:create: the button rules are shown and sent; without it they are left as they are. */
  canSetRules: boolean;
  /** The button that saves without sending ('Save draft', 'Save changes'). */
  saveLabel: string;
  /** Sends the form the way the member chose; a rejection (an API error) is shown above the buttons. */
  submit: (values: BroadcastFormValues, intent: ComposeIntent) => Promise<void>;
}

function ComposeForm({ label, templates, templatesLoading, templatesFailed, preselectContactId, failure, timeZone, canSend, canSetRules, saveLabel, submitAs }:
  Omit<BroadcastComposerProps, 'initialValues' | 'submit'> & { failure: string | null | undefined; submitAs: (intent: ComposeIntent) => void }) {
  const { values, isSubmitting } = useFormikContext<BroadcastFormValues>();
  const busyIcon = <CircularProgress size={16} color="inherit" />;
  const twoColumns = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const preview = (
    <Section title="Preview">
      <RecipientPreview templates={templates} />
    </Section>
  );
  return (
    <Form noValidate aria-label={label}>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(280px, 360px)' }, alignItems: 'start' }}>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, minWidth: 0 }}>
          <Section title="Template" subtitle="An approved template, and the values of its variables.">
            <TemplateFields templates={templates} loading={templatesLoading} failed={templatesFailed} />
          </Section>
          {/* In one column the preview follows the template it shows, rather than the Send button. */}
          {!twoColumns && preview}
          <Section title="Audience" subtitle={`Everyone with one of the tags, or the contacts you pick. ${BROADCAST_DRAFT_TEXTS.audienceResolvedAtStart}`}>
            <AudienceFields preselectContactId={preselectContactId ?? null} />
          </Section>
          {canSetRules && values.rules.length > 0 && (
            <Section title="Button automation" subtitle="What happens when a customer presses a quick-reply button.">
              <AutomationFields />
            </Section>
          )}
          <Section title="Name and schedule" subtitle="How the list names it, and when it goes out.">
            <ScheduleFields timeZone={timeZone} canSchedule={canSend} />
          </Section>
          {failure !== undefined && (
            <Alert severity="error">
              <AlertTitle>{BROADCAST_TEXTS.sendFailed}</AlertTitle>
              {failure}
            </Alert>
          )}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end' }}>
            <Button component={RouterLink} to={paths.broadcasts} color="inherit" disabled={isSubmitting}>
              Cancel
            </Button>
            <Button variant="outlined" disabled={isSubmitting} startIcon={isSubmitting ? busyIcon : <SaveOutlinedIcon />} onClick={() => submitAs('draft')}>
              {saveLabel}
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
 * The broadcast form of New Broadcast and Edit: an approved template and its parameters with a live
 * preview, the audience with its reach, what each quick-reply button does, name and schedule, and the
 * ways out (save, schedule, send now). A second click while one is being sent sends nothing more.
 */
export function BroadcastComposer({ initialValues, submit, timeZone, ...form }: BroadcastComposerProps) {
  const sending = useRef(false);
  // Which button submitted the form; Enter in a field saves, the one way out that sends nothing.
  const intent = useRef<ComposeIntent>('draft');
  // undefined: nothing failed; null: it failed without a reason from the server.
  const [failure, setFailure] = useState<string | null | undefined>(undefined);

  const send = async (values: BroadcastFormValues) => {
    if (sending.current) return;
    sending.current = true;
    setFailure(undefined);
    try {
      await submit(values, intent.current);
    } catch (error) {
      setFailure(isApiError(error) && error.error ? error.error : null);
    } finally {
      sending.current = false;
    }
  };

  return (
    <Formik<BroadcastFormValues>
      initialValues={initialValues}
      validationSchema={newBroadcastFormSchema}
      validate={(values) => scheduleErrors(values, intent.current, timeZone)}
      onSubmit={send}
    >
      {({ submitForm }) => (
        <ComposeForm
          {...form}
          failure={failure}
          timeZone={timeZone}
          submitAs={(chosen) => {
            intent.current = chosen;
            void submitForm().finally(() => {
              intent.current = 'draft';
            });
          }}
        />
      )}
    </Formik>
  );
}
