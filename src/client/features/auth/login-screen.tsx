import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Brand } from '@client/components/brand';
import { useGetInvitationQuery } from '@client/session/session-api';
import { BrandPanel } from './brand-panel';
import { InvitationBanner } from './invitation-banner';
import { LoginForm } from './login-form';
import { loginRouteOf, MODE_TEXT } from './login-mode';

/** Sign in, create an account and organization, or join one by invitation. */
export default function LoginScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { mode, inviteToken } = loginRouteOf(searchParams);
  const text = MODE_TEXT[mode];
  const invitation = useGetInvitationQuery(inviteToken ?? skipToken);

  useEffect(() => {
    // A failed invitation lookup is only logged; the form still lets the user try.
    if (invitation.error) console.error('Failed to load the invitation', invitation.error);
  }, [invitation.error]);

  const toggleMode = () => setSearchParams(mode === 'signin' ? { signup: 'true' } : {}, { replace: true });

  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, bgcolor: 'background.paper' }}>
      <BrandPanel />
      <Box component="main" sx={{ display: 'grid', placeItems: 'center', p: { xs: 3, sm: 6 } }}>
        <Box sx={{ width: '100%', maxWidth: 420 }}>
          <Box sx={{ display: { xs: 'flex', md: 'none' }, mb: 5 }}>
            <Brand />
          </Box>
          <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
            {text.heading}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 4 }}>
            {text.intro}
          </Typography>
          {invitation.data && <InvitationBanner invitation={invitation.data} />}
          {invitation.isLoading ? (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 4 }} role="status">
              <CircularProgress size={20} />
              <Typography color="text.secondary">Loading invitation...</Typography>
            </Box>
          ) : (
            <LoginForm key={mode} mode={mode} inviteToken={inviteToken} invitedEmail={invitation.data?.email} />
          )}
          <Divider sx={{ my: 3 }} />
          <Box sx={{ textAlign: 'center' }}>
            <Button onClick={toggleMode} variant="text">
              {text.toggle}
            </Button>
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
