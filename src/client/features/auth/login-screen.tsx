import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useGetInvitationQuery } from '@client/session/session-api';
import { AuthLayout } from './auth-layout';
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
    <AuthLayout heading={text.heading} intro={text.intro}>
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
    </AuthLayout>
  );
}
