import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { Broadcast } from '@shared/api/broadcasts';
import { formatCount } from '@shared/format/count';
import { isUnfinished, isUnsent } from './broadcast-status';

/** 'sent / failed / unknown of total', the counts the progress is made of. */
function progressText(broadcast: Pick<Broadcast, 'sentCount' | 'failedCount' | 'unknownCount' | 'totalCount'>): string {
  const n = formatCount;
  return `${n(broadcast.sentCount)} sent / ${n(broadcast.failedCount)} failed / ${n(broadcast.unknownCount)} unknown of ${n(broadcast.totalCount)}`;
}

/** The share of recipients settled (sent, failed or unknown), 0-100. */
function settledPercent(broadcast: Broadcast): number {
  if (broadcast.totalCount <= 0) return 0;
  const settled = broadcast.sentCount + broadcast.failedCount + broadcast.unknownCount;
  return Math.min(100, Math.round((settled / broadcast.totalCount) * 100));
}

/**
 * A broadcast's progress: a bar while it is unfinished (pending, processing, paused), then the counts.
 * The bar only pictures the counts written beside it, so it is hidden from assistive technology
 * rather than announced as a second, number-less progress indicator.
 */
export function BroadcastProgress({ broadcast }: { broadcast: Broadcast }) {
  // Before it starts there are no recipients yet: the audience is counted when sending starts.
  if (isUnsent(broadcast.status) || broadcast.status === 'cancelled') {
    return <Typography variant="body2" color="text.secondary">Not sent</Typography>;
  }
  const unfinished = isUnfinished(broadcast.status);
  return (
    <Box sx={{ width: '100%', minWidth: 0 }}>
      {unfinished && (
        <LinearProgress
          variant="determinate"
          value={settledPercent(broadcast)}
          role="presentation"
          aria-hidden
          color={broadcast.status === 'paused' ? 'warning' : 'primary'}
          sx={{ height: 6, borderRadius: 3, mb: 0.5 }}
        />
      )}
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {progressText(broadcast)}
      </Typography>
    </Box>
  );
}
