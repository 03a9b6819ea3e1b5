import Chip, { type ChipProps } from '@mui/material/Chip';

type BadgeColor = Extract<ChipProps['color'], 'error' | 'info' | 'warning' | 'success' | 'default'>;

const COLORS: Record<string, BadgeColor> = {
  admin: 'error',
  manager: 'info',
  'team lead': 'warning',
  agent: 'success',
};

/** Role badge colours: admin red, manager blue, team lead orange, agent green, any other role gray (case-insensitive). */
export function roleBadgeColor(roleName: string): BadgeColor {
  return COLORS[roleName.trim().toLowerCase()] ?? 'default';
}

/** A role name as a coloured badge (Profile, Team Members). */
export function RoleBadge({ name, size = 'small' }: { name: string; size?: ChipProps['size'] }) {
  return <Chip label={name} color={roleBadgeColor(name)} size={size} variant="filled" />;
}
