import ReplayIcon from '@mui/icons-material/Replay';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';

/**
 * A screen that crashed or whose code failed to load (typically a new version was deployed while the
 * tab was open): say so and offer a reload, instead of a blank page.
 */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Screen failed', error);
  }, [error]);
  return (
    <Box role="alert" sx={{ minHeight: '50vh', display: 'grid', placeItems: 'center', textAlign: 'center', p: 3 }}>
      <Box sx={{ maxWidth: 420 }}>
        <Typography variant="h5" component="h1" gutterBottom>
          Something went wrong
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          This page could not be displayed. Reloading usually fixes it.
        </Typography>
        <Button variant="contained" startIcon={<ReplayIcon />} onClick={() => window.location.reload()}>
          Reload
        </Button>
      </Box>
    </Box>
  );
}
