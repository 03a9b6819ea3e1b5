import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Form, Formik } from 'formik';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { paths } from '@client/app/paths';
import { errorMessage } from '@client/components/error-message';
import { FormikPasswordField } from '@client/components/form/formik-password-field';
import { FormikTextField } from '@client/components/form/formik-text-field';
import { useToast } from '@client/components/toast/use-toast';
import { useLoginMutation, useSignupMutation } from '@client/session/session-api';
import type { SignupRequest } from '@shared/api/auth';
import { loginSchema, signupSchema } from '@shared/validation/account';
import { NEW_PASSWORD_HINT } from '@shared/validation/account-changes';
import { MODE_TEXT, type LoginMode } from './login-mode';
import { SubmitButton } from './submit-button';

interface LoginValues {
  name: string;
  email: string;
  password: string;
  organizationName: string;
  inviteToken: string;
}

export interface LoginFormProps {
  mode: LoginMode;
  inviteToken?: string;
  /** Invite mode: the invited address, prefilled and locked. */
  invitedEmail?: string;
}

/** The form of the login screen in its three modes, validated by the shared account schemas. */
export function LoginForm({ mode, inviteToken, invitedEmail }: LoginFormProps) {
  const [login] = useLoginMutation();
  const [signup] = useSignupMutation();
  const toast = useToast();
  const navigate = useNavigate();
  const text = MODE_TEXT[mode];
  const emailLocked = mode === 'invite' && Boolean(invitedEmail);

  const signIn = async ({ email, password }: LoginValues) => {
    try {
      await login({ email, password }).unwrap();
      toast.success('Success', 'Logged in successfully');
      await navigate(paths.home);
    } catch (error) {
      toast.error('Login Failed', errorMessage(error, 'Invalid credentials'));
    }
  };

  const signUp = async ({ name, email, password, organizationName }: LoginValues) => {
    const request: SignupRequest =
      mode === 'invite'
        ? { name, email, password, inviteToken }
        : { name, email, password, organizationName, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone };
    try {
      const { isNewUser } = await signup(request).unwrap();
      toast.success('Success', isNewUser ? 'Account created successfully' : 'Successfully joined organization');
      await navigate(paths.home);
    } catch (error) {
      toast.error('Signup Failed', errorMessage(error, 'Unable to create account'));
    }
  };

  return (
    <Formik<LoginValues>
      initialValues={{ name: '', email: invitedEmail ?? '', password: '', organizationName: '', inviteToken: inviteToken ?? '' }}
      validationSchema={mode === 'signin' ? loginSchema : signupSchema}
      onSubmit={mode === 'signin' ? signIn : signUp}
    >
      {({ isSubmitting }) => (
        <Form noValidate aria-label={text.heading}>
          <Stack spacing={2.25}>
            {mode !== 'signin' && <FormikTextField name="name" label="Name" autoComplete="name" autoFocus />}
            {mode === 'signup' && (
              <FormikTextField name="organizationName" label="Organization Name" autoComplete="organization" />
            )}
            <FormikTextField
              name="email"
              label="Email"
              type="email"
              autoComplete="email"
              autoFocus={mode === 'signin'}
              helperText={emailLocked ? 'This invitation is for this address.' : undefined}
              slotProps={{
                input: {
                  readOnly: emailLocked,
                  endAdornment: emailLocked ? (
                    <InputAdornment position="end">
                      <LockOutlinedIcon fontSize="small" color="action" />
                    </InputAdornment>
                  ) : undefined,
                },
              }}
            />
            <FormikPasswordField
              name="password"
              label="Password"
              autoComplete={mode === 'signin' ? 'current-password' : 'new-password'}
              helperText={mode === 'signin' ? undefined : NEW_PASSWORD_HINT}
            />
            {mode === 'signin' && (
              <Box sx={{ textAlign: 'right' }}>
                {/* Pressing it must not blur the email field: its "required" message would move the link before the click lands. */}
                <Link component={RouterLink} to={paths.forgotPassword} variant="body2" onMouseDown={(event) => event.preventDefault()}>
                  Forgot password?
                </Link>
              </Box>
            )}
            <SubmitButton busy={isSubmitting}>{text.submit}</SubmitButton>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
