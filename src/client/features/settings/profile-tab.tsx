import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { RoleBadge } from '@client/components/role-badge';
import { useSession } from '@client/session/use-session';
import { useGetEmailChangeQuery } from './account-api';
import { EmailChangeForm } from './email-change-form';
import { NameForm } from './name-form';
import { NotificationSwitches } from './notification-switches';
import { PasswordChangeForm } from './password-change-form';
import { SessionsList } from './sessions-list';

/**
 * Profile: who the user is (name editable), their organization and role, what they want to be told of,
 * their password, their email address (changed only where the server can mail the confirmation link)
 * and their sessions.
 */
export default function ProfileTab() {
  const { user } = useSession();
  const emailChange = useGetEmailChangeQuery(undefined, { skip: !user }).data;
  if (!user) return <Typography color="text.secondary">No user data available</Typography>;

  const organization = user.organization;
  const roleName = organization?.role?.name?.trim();
  const roleDescription = organization?.role?.description?.trim();

  return (
    <Stack spacing={3}>
      <Section title="Personal Information">
        <NameForm name={user.name} />
        <Detail label="Email Address">{user.email}</Detail>
      </Section>
      {organization && (
        <Section title="Organization Details">
          <Detail label="Organization Name">{organization.organizationName}</Detail>
          <Detail label="Role">
            {roleName ? <RoleBadge name={roleName} /> : <Chip label="Unknown" size="small" />}
          </Detail>
          {roleName ? (
            roleDescription && <Detail label="Role Description">{roleDescription}</Detail>
          ) : (
            <Typography variant="body2" color="text.secondary">
              No role assigned
            </Typography>
          )}
        </Section>
      )}
      {organization && (
        <Section title="Notifications">
          <NotificationSwitches />
        </Section>
      )}
      <Section title="Password">
        <PasswordChangeForm />
      </Section>
      {emailChange?.available && (
        <Section title="Change Email Address">
          <EmailChangeForm pending={emailChange.pending} />
        </Section>
      )}
      <Section title="Sessions">
        <SessionsList />
      </Section>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {title}
        </Typography>
        <Stack spacing={2}>{children}</Stack>
      </CardContent>
    </Card>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body1" component="div">
        {children}
      </Typography>
    </div>
  );
}
