import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { skipToken } from '@reduxjs/toolkit/query';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { paths } from '@client/app/paths';
import { errorMessage } from '@client/components/error-message';
import { PageHeader } from '@client/components/page-header';
import { useToast } from '@client/components/toast/use-toast';
import { useSession } from '@client/session/use-session';
import { BROADCAST_DRAFT_TEXTS } from '@shared/api/broadcast-drafts';
import type { BroadcastDetail } from '@shared/api/broadcast-detail';
import { formatCountOf } from '@shared/format/count';
import { useGetBroadcastQuery, useGetScheduleZoneQuery, useSendBroadcastMutation, useUpdateBroadcastMutation } from './broadcast-drafts-api';
import { isUnsent } from './broadcast-status';
import { BroadcastComposer, type BroadcastFormValues } from './compose/compose-form';
import { editRequests, editValuesOf } from './compose/edit-values';
import type { ComposeIntent } from './compose/schedule-values';
import { useComposeSetting } from './compose/use-compose-setting';

/** What each way out of the form tells the member once the server took it. */
const DONE_TEXTS: Record<ComposeIntent, (broadcast: BroadcastDetail, recipients: number) => string> = {
  draft: (broadcast) => (broadcast.status === 'draft' ? 'Draft saved: the audience is counted when it is sent' : 'Changes saved'),
  schedule: () => 'Broadcast scheduled',
  now: (_broadcast, recipients) => `Broadcast sending: ${formatCountOf(recipients, 'recipient')}`,
};

function EditForm({ broadcast }: { broadcast: BroadcastDetail }) {
  const navigate = useNavigate();
  const toast = useToast();
  const { can } = useSession();
  const setting = useComposeSetting();
  const [updateBroadcast] = useUpdateBroadcastMutation();
  const [sendBroadcast] = useSendBroadcastMutation();
  // The rules are the member's to change only if they may set rules and see the saved ones.
  const canSetRules = setting.canSetRules && broadcast.rules !== undefined;

  if (setting.templatesLoading) return <Skeleton variant="rounded" height={320} aria-label="Loading templates" />;
  const template = setting.templates.find((candidate) => candidate.id === broadcast.templateId);

  const submit = async (values: BroadcastFormValues, intent: ComposeIntent) => {
    const { body, send } = editRequests(values, intent, { status: broadcast.status, timeZone: setting.timeZone, withRules: canSetRules });
    let saved = await updateBroadcast({ broadcastId: broadcast.id, body }).unwrap();
    if (send) saved = await sendBroadcast({ broadcastId: broadcast.id, body: send }).unwrap();
    toast.success('Success', DONE_TEXTS[intent](broadcast, saved.totalCount));
    void navigate(intent === 'now' && can('analytics:view') ? paths.broadcastAnalytics(broadcast.id) : paths.broadcasts);
  };

  return (
    <BroadcastComposer
      label="Edit broadcast"
      initialValues={editValuesOf(broadcast, template, setting.timeZone)}
      saveLabel={broadcast.status === 'draft' ? 'Save draft' : 'Save changes'}
      submit={submit}
      {...setting}
      canSetRules={canSetRules}
    />
  );
}

/**
 * Edit of a draft or scheduled broadcast (broadcasts:edit): the New Broadcast form filled as it was
 * saved, saved again with PUT; Send now and Schedule (broadcasts:send) send or schedule it from here.
 */
export default function EditBroadcastScreen() {
  const { id = '' } = useParams();
  const broadcast = useGetBroadcastQuery(id || skipToken, { refetchOnMountOrArgChange: true });
  // Times are shown in the organization's zone: the form waits for it, so a saved time reads right.
  const zone = useGetScheduleZoneQuery();
  const data = broadcast.data;

  return (
    <Box>
      <PageHeader
        title="Edit Broadcast"
        subtitle={data ? data.name : 'Change a draft or a scheduled broadcast before it is sent.'}
        actions={
          <Button component={RouterLink} to={paths.broadcasts} startIcon={<ArrowBackIcon />} color="inherit">
            Back to Broadcasts
          </Button>
        }
      />
      {(broadcast.isLoading || zone.isLoading) && <Skeleton variant="rounded" height={320} aria-label="Loading the broadcast" />}
      {broadcast.isError && <Alert severity="error">{errorMessage(broadcast.error, 'Failed to load the broadcast')}</Alert>}
      {data && !zone.isLoading && (isUnsent(data.status) ? <EditForm key={data.id} broadcast={data} /> : <Alert severity="info">{BROADCAST_DRAFT_TEXTS.notUnsent}</Alert>)}
    </Box>
  );
}
