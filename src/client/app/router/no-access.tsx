import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../paths';

/** Shown instead of a screen the user's role does not give them: say so, and offer a way out. */
export function NoAccess({ screenTitle }: { screenTitle: string }) {
  return (
    <Box component="section" aria-labelledby="no-access-title" sx={{ minHeight: '50vh', display: 'grid', placeItems: 'center', textAlign: 'center', p: 3 }}>
      <Box sx={{ maxWidth: 460 }}>
        <LockOutlinedIcon color="action" sx={{ fontSize: 48, mb: 1 }} />
        <Typography id="no-access-title" variant="h5" component="h1" gutterBottom>
          You don&apos;t have access
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Your role doesn&apos;t include access to {screenTitle}. Ask your administrator if you need it.
        </Typography>
        <Button component={RouterLink} to={paths.home} variant="contained">
          Back to Dashboard
        </Button>
      </Box>
    </Box>
  );
}
