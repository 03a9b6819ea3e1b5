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

/**
 * The ticks' colours on our bubbles (the primary colour: dark teal in the light scheme, light teal in the
 * dark one): grey until read, then blue. Each keeps 3:1 or more against its bubble (WCAG 2.1 AA for
 * graphics) and the two differ in hue, not only in lightness: the blue is saturated, the grey is not.
 */
export const TICK_COLORS = {
  light: { pending: '#d1d5db', read: '#a0c4ff' },
  dark: { pending: '#475569', read: '#1e40af' },
} as const;

const BASE = { fontSize: 16, verticalAlign: 'middle' } as const;
const tint = (tone: keyof typeof TICK_COLORS.light) => (theme: Theme) => ({
  color: TICK_COLORS.light[tone],
  ...theme.applyStyles('dark', { color: TICK_COLORS.dark[tone] }),
});
const PENDING = tint('pending');
const READ = tint('read');

/** An outbound message's delivery tick: a grey clock while sending, grey ✓ sent and ✓✓ delivered, blue ✓✓ read. */
export function MessageStatusIcon({ status }: { status: Status }) {
  const { Icon, label } = ICONS[status];
  // A failure's icon keeps the bubble's text colour: the bubble's red outline and notice say the rest.
  const colour = status === 'read' ? READ : status === 'failed' ? { opacity: 0.85 } : PENDING;
  return <Icon role="img" aria-label={label} titleAccess={label} sx={[BASE, colour]} />;
}
