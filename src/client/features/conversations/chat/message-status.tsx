import AccessTimeIcon from '@mui/icons-material/AccessTime';
import DoneIcon from '@mui/icons-material/Done';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import ErrorOutlinedIcon from '@mui/icons-material/ErrorOutlined';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';
import type { MessageStatus as Status } from '@shared/api/conversations';

const ICONS: Readonly<Record<Status, { Icon: ComponentType<SvgIconProps>; label: string; color?: SvgIconProps['color'] }>> = {
  sending: { Icon: AccessTimeIcon, label: 'Sending' },
  sent: { Icon: DoneIcon, label: 'Sent' },
  delivered: { Icon: DoneAllIcon, label: 'Delivered' },
  read: { Icon: DoneAllIcon, label: 'Read', color: 'info' },
  failed: { Icon: ErrorOutlinedIcon, label: 'Failed', color: 'error' },
};

/** An outbound message's delivery tick: a clock while sending, ✓ sent, ✓✓ delivered, coloured ✓✓ read. */
export function MessageStatusIcon({ status }: { status: Status }) {
  const { Icon, label, color } = ICONS[status];
  return <Icon role="img" aria-label={label} titleAccess={label} color={color} sx={{ fontSize: 16, verticalAlign: 'middle', opacity: color ? 1 : 0.8 }} />;
}
