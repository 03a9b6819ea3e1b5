import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import { VisuallyHidden } from '@client/components/visually-hidden';
import type { BroadcastAnalytics, RecipientFilter } from '@shared/api/broadcasts';
import { formatDuration } from '@shared/format/duration';
import { FILTER_TITLES, formatCount, formatRate, percentOf, type MaybeDrillDown } from './drill-down';
import { optedOutCount } from './opted-out';

interface Figure {
  title: string;
  value: string;
  /** A second line, e.g. the share of another figure. */
  hint?: string;
  /** The recipients behind the figure, when it counts recipients. */
  filter?: RecipientFilter;
}

function figuresOf(a: BroadcastAnalytics): Figure[] {
  return [
    { title: 'Total recipients', value: formatCount(a.totalCount) },
    { title: 'Sent', value: formatCount(a.totalMessagesSent), hint: `${percentOf(a.totalMessagesSent, a.totalCount)} of recipients`, filter: 'sent' },
    { title: 'Failed', value: formatCount(a.messagesFailed), hint: `${percentOf(a.messagesFailed, a.totalCount)} of recipients`, filter: 'failed' },
    { title: 'Opted out', value: formatCount(optedOutCount(a)), hint: 'Stopped marketing: not sent' },
    { title: 'Delivered', value: formatCount(a.messagesDelivered), hint: `${percentOf(a.messagesDelivered, a.totalMessagesSent)} of sent`, filter: 'delivered' },
    { title: 'Read', value: formatCount(a.messagesRead), hint: `${percentOf(a.messagesRead, a.messagesDelivered)} of delivered`, filter: 'read' },
    { title: 'Replies', value: formatCount(a.replyCount), hint: `${percentOf(a.replyCount, a.messagesDelivered)} of delivered`, filter: 'replied' },
    { title: 'Button clicks', value: formatCount(a.totalButtonClicks), filter: 'clicked' },
    { title: 'Unique clickers', value: formatCount(a.uniqueContactsClicked), filter: 'clicked' },
    { title: 'Click-through rate', value: formatRate(a.clickThroughRate), hint: 'Clickers of delivered' },
    { title: 'Engagement rate', value: formatRate(a.engagementRate), hint: 'Replied or clicked, of delivered' },
    // An average of no replies is not zero minutes: there is nothing to show.
    { title: 'Average response time', value: a.replyCount > 0 ? formatDuration(a.avgResponseTimeMinutes) : '–', hint: 'From send to first reply' },
    { title: 'Unknown', value: formatCount(a.unknownCount), hint: 'Interrupted, not re-sent by itself', filter: 'unknown' },
    { title: 'Pending', value: formatCount(a.pendingCount), hint: 'Queued or being sent', filter: 'pending' },
  ];
}

function FigureContent({ figure }: { figure: Figure }) {
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 500 }}>
        {figure.title}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 700, lineHeight: 1.2, mt: 0.5 }}>
        {figure.value}
      </Typography>
      {figure.hint && (
        <Typography variant="caption" color="text.secondary" component="p">
          {figure.hint}
        </Typography>
      )}
    </>
  );
}

/**
 * Every figure of the broadcast, one card each. A card that counts recipients is a button that lists
 * them (its name says so).
 */
export function FigureCards({ analytics, onDrillDown }: { analytics: BroadcastAnalytics; onDrillDown: MaybeDrillDown }) {
  return (
    <Box
      component="ul"
      aria-label="Figures"
      sx={{
        listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(5, minmax(0, 1fr))' },
      }}
    >
      {figuresOf(analytics).map((figure) => (
        <Box component="li" key={figure.title} sx={{ minWidth: 0 }}>
          <Card sx={{ height: '100%' }}>
            {figure.filter && onDrillDown ? (
              <CardActionArea
                sx={{ height: '100%', p: 2, display: 'block' }}
                onClick={() => onDrillDown({ filter: figure.filter as RecipientFilter, title: FILTER_TITLES[figure.filter as RecipientFilter] })}
              >
                <FigureContent figure={figure} />
                <VisuallyHidden>Show recipients</VisuallyHidden>
              </CardActionArea>
            ) : (
              <Box sx={{ p: 2 }}>
                <FigureContent figure={figure} />
              </Box>
            )}
          </Card>
        </Box>
      ))}
    </Box>
  );
}
