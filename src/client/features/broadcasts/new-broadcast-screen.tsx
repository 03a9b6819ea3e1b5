import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '@client/app/paths';
import { PageHeader } from '@client/components/page-header';
import { useToast } from '@client/components/toast/use-toast';
import { useSession } from '@client/session/use-session';
import { formatCountOf } from '@shared/format/count';
import { useCreateBroadcastMutation } from './broadcasts-api';
import { BroadcastComposer, type BroadcastFormValues } from './compose/compose-form';
import { initialComposeValues, toCreateRequest } from './compose/compose-values';
import { useIdempotencyKey } from './compose/idempotency-key';
import { initialScheduleValues, scheduleRequest, type ComposeIntent } from './compose/schedule-values';
import { useComposeSetting } from './compose/use-compose-setting';

/** What each way out of the form tells the member once the server took it. */
const DONE_TEXTS: Record<ComposeIntent, (recipients: number) => string> = {
  draft: () => 'Draft saved: the audience is counted when it is sent',
  schedule: () => 'Broadcast scheduled',
  now: (recipients) => `Broadcast created successfully: ${formatCountOf(recipients, 'recipient')}`,
};

/**
 * New Broadcast: the broadcast form (?contactId= preselecting a contact), sent as a draft, scheduled
 * or at once. Sending carries an Idempotency-Key per composed broadcast, so a double click or a retry
 * creates one.
 */
export default function NewBroadcastScreen() {
  const [searchParams] = useSearchParams();
  const preselectContactId = searchParams.get('contactId') || null;
  const navigate = useNavigate();
  const toast = useToast();
  const setting = useComposeSetting();
  const [createBroadcast] = useCreateBroadcastMutation();
  const { can } = useSession();
  const keyFor = useIdempotencyKey();
  const [initialValues] = useState<BroadcastFormValues>(() => ({
    ...initialComposeValues(preselectContactId ? 'contacts' : 'tags'),
    ...initialScheduleValues(),
  }));

  const submit = async (values: BroadcastFormValues, intent: ComposeIntent) => {
    const body = { ...toCreateRequest(values, setting.canSetRules), ...scheduleRequest(values, intent, setting.timeZone) };
    const created = await createBroadcast({ body, idempotencyKey: keyFor(body) }).unwrap();
    toast.success('Success', DONE_TEXTS[intent](created.totalCount));
    void navigate(intent === 'now' && can('analytics:view') ? paths.broadcastAnalytics(created.id) : paths.broadcasts);
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
      <BroadcastComposer
        label="New broadcast"
        initialValues={initialValues}
        preselectContactId={preselectContactId}
        saveLabel="Save draft"
        submit={submit}
        {...setting}
      />
    </Box>
  );
}
