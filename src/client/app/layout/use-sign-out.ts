import { useNavigate } from 'react-router-dom';
import { useToast } from '@client/components/toast/use-toast';
import { useLogoutMutation } from '@client/session/session-api';
import { paths } from '../paths';

/** Signs out (the session ends locally even if the server call fails) and goes to /login. */
export function useSignOut(): { signOut: () => Promise<void>; signingOut: boolean } {
  const [logout, { isLoading }] = useLogoutMutation();
  const navigate = useNavigate();
  const toast = useToast();
  const signOut = async () => {
    const result = await logout();
    if (!result.error) toast.success('Success', 'Logged out successfully');
    await navigate(paths.login, { replace: true });
  };
  return { signOut, signingOut: isLoading };
}
