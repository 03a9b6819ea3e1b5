import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import { useGetAvailabilityQuery, useSetAvailabilityMutation } from '@client/api/availability-endpoints';
import { errorMessage } from '@client/components/error-message';
import { useToast } from '@client/components/toast/use-toast';
import { useSession } from '@client/session/use-session';

const HINT = {
  available: 'Available: auto-assignment can give you new conversations while your inbox is open',
  away: 'Away: auto-assignment gives you no new conversations',
} as const;

/**
 * The header's Available / Away switch, for members who reply in conversations (the ones
 * auto-assignment picks from). Its name stays "Available" (on or off), so a screen reader reads
 * "Available, switch, on"; on a narrow screen only the switch itself shows (the name stays).
 */
export function AvailabilitySwitch() {
  const { can } = useSession();
  const responds = can('chats:respond');
  const { data } = useGetAvailabilityQuery(undefined, { skip: !responds });
  const [setAvailability] = useSetAvailabilityMutation();
  const toast = useToast();
  if (!responds || !data) return null;

  const available = data.availability === 'available';
  const toggle = async () => {
    try {
      await setAvailability(available ? 'away' : 'available').unwrap();
    } catch (error) {
      toast.error('Availability not changed', errorMessage(error, 'Please try again'));
    }
  };

  return (
    <Tooltip title={HINT[data.availability]}>
      <FormControlLabel
        control={
          <Switch checked={available} onChange={() => void toggle()} color="success" size="small" slotProps={{ input: { 'aria-label': 'Available' } }} />
        }
        label="Available"
        sx={{
          mr: { xs: 0, sm: 1 },
          ml: 0,
          '& .MuiFormControlLabel-label': { typography: 'body2', display: { xs: 'none', sm: 'block' } },
        }}
      />
    </Tooltip>
  );
}
