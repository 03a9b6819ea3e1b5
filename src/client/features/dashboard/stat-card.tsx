import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import AssignmentIndOutlinedIcon from '@mui/icons-material/AssignmentIndOutlined';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import HourglassTopOutlinedIcon from '@mui/icons-material/HourglassTopOutlined';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import PersonOffOutlinedIcon from '@mui/icons-material/PersonOffOutlined';
import TimerOutlinedIcon from '@mui/icons-material/TimerOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Skeleton from '@mui/material/Skeleton';
import type SvgIcon from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { DashboardCard, DashboardIcon } from '@shared/api/analytics';
import { formatDuration } from '@shared/format/duration';

const ICONS: Record<DashboardIcon, typeof SvgIcon> = {
  messages: ForumOutlinedIcon,
  users: PeopleAltOutlinedIcon,
  template: DescriptionOutlinedIcon,
  tags: LocalOfferOutlinedIcon,
  waiting: HourglassTopOutlinedIcon,
  unassigned: PersonOffOutlinedIcon,
  mine: AssignmentIndOutlinedIcon,
  response: TimerOutlinedIcon,
};

const numberFormat = new Intl.NumberFormat();

/** One clickable statistic: icon in the card's colour, value, title; the whole card links to its screen. */
/** The value as read: a count, a duration, or a dash when there is nothing to measure yet. */
function figureOf(card: DashboardCard): string {
  if (card.value === null) return '—';
  return card.unit === 'minutes' ? formatDuration(card.value) : numberFormat.format(card.value);
}

/** `asOf`: when the figures were read, which the longest wait is measured to. */
export function StatCard({ card, asOf }: { card: DashboardCard; asOf: number | undefined }) {
  const Icon = ICONS[card.icon];
  return (
    <Card sx={{ height: '100%', transition: 'box-shadow 150ms, border-color 150ms', '&:hover': { boxShadow: 3, borderColor: card.color } }}>
      <CardActionArea component={RouterLink} to={card.link} sx={{ height: '100%', p: 2.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 2.5 }}>
          <Box
            data-testid={`stat-icon-${card.icon}`}
            sx={{
              width: 44, height: 44, borderRadius: 2.5, display: 'grid', placeItems: 'center',
              color: card.color, bgcolor: `color-mix(in srgb, ${card.color} 14%, transparent)`,
            }}
          >
            <Icon />
          </Box>
          <ArrowForwardIcon fontSize="small" sx={{ color: 'text.disabled' }} />
        </Box>
        <Typography variant="h4" component="p" sx={{ fontWeight: 700, lineHeight: 1.1 }}>
          {figureOf(card)}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, fontWeight: 500 }}>
          {card.title}
        </Typography>
        {card.waitingSince && asOf !== undefined && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            Longest wait: {formatDuration((asOf - Date.parse(card.waitingSince)) / 60_000)}
          </Typography>
        )}
      </CardActionArea>
    </Card>
  );
}

/** A card's shape while the statistics load. */
export function StatCardSkeleton() {
  return (
    <Card sx={{ p: 2.5, height: '100%' }}>
      <Skeleton variant="rounded" width={44} height={44} sx={{ mb: 2.5 }} />
      <Skeleton variant="text" width="40%" sx={{ fontSize: '2rem' }} />
      <Skeleton variant="text" width="60%" />
    </Card>
  );
}
