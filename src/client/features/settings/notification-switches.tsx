import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useMemo, useState } from 'react';
import { alertServices, type NotificationAccess } from '@client/api/alert-services';
import { useGetMemberPreferencesQuery, useUpdateMemberPreferencesMutation } from '@client/api/member-preferences-endpoints';
import { useAppDispatch } from '@client/app/hooks';
import { DescribedSwitch } from '@client/components/form/described-switch';
import { errorMessage } from '@client/components/error-message';
import { useToast } from '@client/components/toast/use-toast';
import type { MemberPreferencesChange } from '@shared/api/member-preferences';

const SOUND_DESCRIPTION = 'A short sound when a customer writes in a conversation assigned to you or unassigned, while Conversations is open in a tab.';

/** What the desktop switch says in this browser, whose permission is its own (the switch itself follows the member everywhere). */
function desktopDescription(access: NotificationAccess, on: boolean): string {
  if (access === 'unsupported') return 'This browser cannot show notifications.';
  if (access === 'denied') return "This browser blocks Parley's notifications: allow them in the site settings of your browser.";
  if (on && access === 'default') return 'On, but this browser has not been allowed to show them yet.';
  return 'A notification with the contact and the start of the message, also when this tab is in the background.';
}

/**
 * The member's sound and desktop notification switches. Turning notifications on asks the browser
 * for permission, from that click only (browsers ignore, and may block, a request made without one).
 */
export function NotificationSwitches() {
  const dispatch = useAppDispatch();
  const alerts = useMemo(() => dispatch(alertServices), [dispatch]);
  const [access, setAccess] = useState<NotificationAccess>(() => alerts.notificationAccess());
  const { data: preferences, isError } = useGetMemberPreferencesQuery();
  const [update] = useUpdateMemberPreferencesMutation();
  const toast = useToast();

  if (!preferences) {
    if (isError) return <Alert severity="error">Failed to load your notification settings</Alert>;
    return <CircularProgress size={24} aria-label="Loading notification settings" />;
  }

  const save = (change: MemberPreferencesChange) =>
    update(change)
      .unwrap()
      .catch((error: unknown) => toast.error('Error', errorMessage(error, 'Failed to save your notification settings')));
  const askBrowser = async () => {
    const answer = await alerts.requestNotificationAccess();
    setAccess(answer);
    return answer;
  };
  const switchDesktop = async (on: boolean) => {
    if (!on) return save({ desktopNotifications: false });
    const answer = access === 'default' ? await askBrowser() : access;
    if (answer === 'granted') await save({ desktopNotifications: true });
  };

  return (
    <Stack spacing={2}>
      <DescribedSwitch
        label="Sound for new messages"
        description={SOUND_DESCRIPTION}
        checked={preferences.sound}
        onChange={(_event, on) => void save({ sound: on })}
      />
      <DescribedSwitch
        label="Desktop notifications"
        description={desktopDescription(access, preferences.desktopNotifications)}
        checked={preferences.desktopNotifications}
        disabled={access === 'unsupported' || (access === 'denied' && !preferences.desktopNotifications)}
        onChange={(_event, on) => void switchDesktop(on)}
      />
      {preferences.desktopNotifications && access === 'default' && (
        <div>
          <Button variant="outlined" size="small" onClick={() => void askBrowser()}>
            Allow notifications in this browser
          </Button>
        </div>
      )}
    </Stack>
  );
}
