import AccessTimeIcon from '@mui/icons-material/AccessTime';
import DoneIcon from '@mui/icons-material/Done';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import ErrorOutlinedIcon from '@mui/icons-material/ErrorOutlined';
import type { Theme } from '@mui/material/styles';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';
import type { MessageStatus as Status } from '@shared/api/conversations';

const ICONS: Readonly<Record<Status, { Icon: ComponentType<SvgIconProps>; label: string }>> = {
  sending: { Icon: AccessTimeIcon, label: 'Sending' },
  sent: { Icon: DoneIcon, label: 'Sent' },
  delivered: { Icon: DoneAllIcon, label: 'Delivered' },
  read: { Icon: DoneAllIcon, label: 'Read' },
  failed: { Icon: ErrorOutlinedIcon, label: 'Failed' },
};

const BASE = { fontSize: 16, verticalAlign: 'middle' } as const;
// Ticks sit on our bubbles (the primary colour): read is a blue that stands out from that teal in either scheme.
const READ = (theme: Theme) => ({ color: '#bae6fd', ...theme.applyStyles('dark', { color: '#075985' }) });

/** An outbound message's delivery tick: a clock while sending, ✓ sent, ✓✓ delivered, coloured ✓✓ read. */
export function MessageStatusIcon({ status }: { status: Status }) {
  const { Icon, label } = ICONS[status];
  return <Icon role="img" aria-label={label} titleAccess={label} sx={[BASE, status === 'read' ? READ : { opacity: 0.85 }]} />;
}
