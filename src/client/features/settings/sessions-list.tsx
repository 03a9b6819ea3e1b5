import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { format } from 'date-fns';
import { errorMessage } from '@client/components/error-message';
import { useToast } from '@client/components/toast/use-toast';
import type { AccountSession } from '@shared/api/account';
import { useEndAccountSessionMutation, useEndOtherAccountSessionsMutation, useGetAccountSessionsQuery } from './account-api';

const when = (iso: string) => format(new Date(iso), 'd MMM yyyy, HH:mm');

/** The browsers the member is signed in to, most recently used first; any other one can be signed out. */
export function SessionsList() {
  const { data, isLoading, isError } = useGetAccountSessionsQuery();
  const [endSession] = useEndAccountSessionMutation();
  const [endOthers, { isLoading: endingOthers }] = useEndOtherAccountSessionsMutation();
  const toast = useToast();

  if (isLoading) return <CircularProgress size={24} aria-label="Loading your sessions" />;
  if (isError || !data) return <Alert severity="error">Failed to load your sessions</Alert>;

  const others = data.sessions.filter((session) => !session.current);
  const run = async (work: () => Promise<{ message: string }>) => {
    try {
      toast.success('Signed Out', (await work()).message);
    } catch (error) {
      toast.error('Error', errorMessage(error, 'Failed to sign the session out'));
    }
  };

  return (
    <Stack spacing={1.5}>
      <List disablePadding aria-label="Active sessions">
        {data.sessions.map((session) => (
          <SessionItem key={session.id} session={session} onSignOut={() => void run(() => endSession(session.id).unwrap())} />
        ))}
      </List>
      {others.length > 0 && (
        <Button
          variant="outlined"
          color="error"
          disabled={endingOthers}
          onClick={() => void run(() => endOthers().unwrap())}
          sx={{ alignSelf: 'flex-start' }}
        >
          Sign Out All Other Sessions
        </Button>
      )}
    </Stack>
  );
}

function SessionItem({ session, onSignOut }: { session: AccountSession; onSignOut: () => void }) {
  return (
    <ListItem disableGutters divider sx={{ flexWrap: 'wrap', gap: 1 }}>
      <ListItemText
        sx={{ flex: '1 1 200px', minWidth: 0 }}
        slotProps={{ primary: { component: 'div' } }}
        primary={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <span>{session.device}</span>
            {session.current && <Chip label="This browser" size="small" color="success" variant="outlined" />}
          </Stack>
        }
        secondary={`Last used ${when(session.lastUsedAt)} · signed in ${when(session.signedInAt)}`}
      />
      {!session.current && (
        <Button size="small" onClick={onSignOut} aria-label={`Sign out ${session.device}, last used ${when(session.lastUsedAt)}`}>
          Sign Out
        </Button>
      )}
    </ListItem>
  );
}
