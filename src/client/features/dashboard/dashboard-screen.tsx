import Alert from '@mui/material/Alert';
import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { PageHeader } from '@client/components/page-header';
import { useSession } from '@client/session/use-session';
import { DASHBOARD_REFRESH_MS } from '@shared/constants';
import { usePageVisible } from '@client/components/use-page-visible';
import { useGetDashboardQuery } from './dashboard-api';
import { RecentBroadcasts } from './recent-broadcasts';
import { StatCard, StatCardSkeleton } from './stat-card';

const SKELETON_CARDS = 4;

const GRID = {
  display: 'grid',
  gap: { xs: 2, md: 3 },
  gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
} as const;

/** The landing screen: a welcome and the organization's statistic cards, refreshed every 30 s. */
export default function DashboardScreen() {
  const { user } = useSession();
  // Refreshes on a wall screen too (an unfocused window); only a hidden tab pauses, and catches up when shown.
  const visible = usePageVisible();
  const { data, isLoading, isError, fulfilledTimeStamp, refetch } = useGetDashboardQuery(undefined, {
    pollingInterval: visible ? DASHBOARD_REFRESH_MS : 0,
    refetchOnFocus: false,
  });
  const wasHidden = useRef(false);
  useEffect(() => {
    // Showing the tab again refreshes at once rather than 30 s later.
    if (visible && wasHidden.current) void refetch();
    wasHidden.current = !visible;
  }, [visible, refetch]);
  const organizationName = user?.organization?.organizationName;

  return (
    <>
      <PageHeader
        title={`Welcome back, ${user?.name ?? ''}!`}
        subtitle={organizationName ? `Here is what is happening at ${organizationName}.` : undefined}
      />
      {isLoading && (
        <Box sx={GRID} role="status" aria-label="Loading statistics">
          {Array.from({ length: SKELETON_CARDS }, (_, i) => (
            <StatCardSkeleton key={i} />
          ))}
        </Box>
      )}
      {/* A failed refresh keeps the last figures on screen; the message is for when there are none. */}
      {isError && !data && <Alert severity="error">Failed to load dashboard analytics. Please try refreshing the page.</Alert>}
      {data && data.cards.length > 0 && (
        <Box sx={GRID} component="section" aria-label="Statistics">
          {data.cards.map((card) => (
            <StatCard key={card.id} card={card} asOf={fulfilledTimeStamp} />
          ))}
        </Box>
      )}
      {data?.recentBroadcasts && <RecentBroadcasts broadcasts={data.recentBroadcasts} />}
      {data && data.cards.length === 0 && (
        <Card>
          <CardContent>
            <Typography color="text.secondary">
              There are no statistics for your role yet. Ask an administrator if you need access to more of the workspace.
            </Typography>
          </CardContent>
        </Card>
      )}
    </>
  );
}
