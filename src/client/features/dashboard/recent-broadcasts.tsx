import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@client/app/paths';
import type { RecentBroadcast } from '@shared/api/analytics';

const percent = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 1 });
const rateText = (rate: number | null) => (rate === null ? '—' : percent.format(rate));

/** The latest broadcasts that started sending, each linking to its analytics, with delivery and read rates. */
export function RecentBroadcasts({ broadcasts }: { broadcasts: RecentBroadcast[] }) {
  return (
    <Card component="section" aria-labelledby="recent-broadcasts-title" sx={{ mt: { xs: 2, md: 3 } }}>
      <CardContent>
        <Typography id="recent-broadcasts-title" variant="h6" component="h2">Latest broadcasts</Typography>
        {broadcasts.length === 0 ? (
          <Typography color="text.secondary" sx={{ mt: 1 }}>No broadcast has been sent yet.</Typography>
        ) : (
          <List disablePadding>
            {broadcasts.map((broadcast) => (
              <ListItem key={broadcast.id} disableGutters divider sx={{ display: 'block' }}>
                <Link component={RouterLink} to={paths.broadcastAnalytics(broadcast.id)} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {broadcast.name}
                </Link>
                <Typography variant="body2" color="text.secondary">
                  Delivered {rateText(broadcast.deliveryRate)} · Read {rateText(broadcast.readRate)}
                </Typography>
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
