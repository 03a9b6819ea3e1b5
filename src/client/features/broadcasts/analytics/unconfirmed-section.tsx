import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { VisuallyHidden } from '@client/components/visually-hidden';
import { formatCountOf } from '@shared/format/count';
import { FILTER_TITLES, formatCount, type MaybeDrillDown } from './drill-down';

export interface UnconfirmedSectionProps {
  /** Recipients left unknown with no report from WhatsApp after the grace period. */
  count: number;
  onDrillDown: MaybeDrillDown;
  /** Send again is offered with broadcasts:send. */
  canSendAgain: boolean;
  sending: boolean;
  /** Runs once the member confirmed; resolves when the request is answered. */
  onSendAgain: () => Promise<void>;
}

const recipients = (count: number) => formatCountOf(count, 'recipient');

/**
 * The recipients a crash left in doubt that WhatsApp never reported since: they may not have received
 * the broadcast. Send again queues them after a confirmation, which says that a customer whose message
 * WhatsApp did accept gets it twice. Nothing is shown while there are none.
 */
export function UnconfirmedSection({ count, onDrillDown, canSendAgain, sending, onSendAgain }: UnconfirmedSectionProps) {
  const [confirming, setConfirming] = useState(false);
  if (count === 0) return null;
  const title = FILTER_TITLES.unconfirmed;

  const confirm = async () => {
    await onSendAgain();
    setConfirming(false);
  };

  return (
    <Alert
      severity="warning"
      component="section"
      // A part of the page to read, not an announcement: it is there whenever the page loads.
      role="region"
      aria-labelledby="unconfirmed-title"
      action={
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end' }}>
          {onDrillDown && (
            <Button color="inherit" size="small" onClick={() => onDrillDown({ filter: 'unconfirmed', title })}>
              View<VisuallyHidden> recipients not confirmed by WhatsApp</VisuallyHidden>
            </Button>
          )}
          {canSendAgain && (
            <Button color="inherit" size="small" variant="outlined" startIcon={<SendOutlinedIcon />} onClick={() => setConfirming(true)}>
              Send again
            </Button>
          )}
        </Box>
      }
      sx={{ flexWrap: 'wrap', '& .MuiAlert-action': { ml: { xs: 0, sm: 'auto' }, pl: { xs: 0, sm: 2 } } }}
    >
      <AlertTitle id="unconfirmed-title">{title}</AlertTitle>
      {count === 1 ? '1 recipient was' : `${formatCount(count)} recipients were`} interrupted mid-send, and WhatsApp has not reported
      on them since: they may not have received this broadcast.
      <ConfirmDialog
        open={confirming}
        title={`Send again to ${recipients(count)}?`}
        message={
          'WhatsApp never confirmed these messages. If WhatsApp did accept one of them, that customer will get this message twice.'
        }
        confirmLabel="Send again"
        busy={sending}
        onConfirm={() => void confirm()}
        onClose={() => setConfirming(false)}
      />
    </Alert>
  );
}
