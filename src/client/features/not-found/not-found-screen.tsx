import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@client/app/paths';
import { Brand } from '@client/components/brand';

/** Any unknown path, signed in or not. */
export default function NotFoundScreen() {
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3, bgcolor: 'background.default', textAlign: 'center' }}
    >
      <Box sx={{ maxWidth: 480 }}>
        <Box sx={{ display: 'flex', justifyContent: 'center', mb: 5 }}>
          <Brand size={36} />
        </Box>
        <Typography
          aria-hidden
          sx={{ fontSize: { xs: 88, sm: 120 }, fontWeight: 800, lineHeight: 1, letterSpacing: '-0.05em', color: 'primary.main', opacity: 0.9 }}
        >
          404
        </Typography>
        <Typography variant="h4" component="h1" sx={{ mt: 2, mb: 1.5 }}>
          Page Not Found
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 4 }}>
          The page you are looking for might have been moved or deleted, or the URL may be wrong.
        </Typography>
        <Button component={RouterLink} to={paths.home} variant="contained" size="large" startIcon={<HomeOutlinedIcon />}>
          Go Back Home
        </Button>
      </Box>
    </Box>
  );
}
