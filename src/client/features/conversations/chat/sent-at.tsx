import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { fullDateTime, shortTime } from '../format/message-dates';

/** The time a message was sent; hovering or focusing it (it takes keyboard focus) shows the full date and time. */
export function SentAt({ sentAt }: { sentAt: string }) {
  const date = new Date(sentAt);
  return (
    <Tooltip title={fullDateTime(date)} describeChild>
      <Typography
        component="time"
        dateTime={sentAt}
        tabIndex={0}
        variant="caption"
        sx={{ borderRadius: 0.5, '&:focus-visible': { outline: '2px solid currentColor', outlineOffset: 1 } }}
      >
        {shortTime(date)}
      </Typography>
    </Tooltip>
  );
}
