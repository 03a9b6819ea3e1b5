import { Navigate, useParams } from 'react-router-dom';
import { paths } from '../paths';

/** /invite/{inviteToken} → /login?invite={inviteToken}: invitation links stay short and stable. */
export function InviteRedirect() {
  const { inviteToken = '' } = useParams();
  return <Navigate to={paths.acceptInvite(inviteToken)} replace />;
}
