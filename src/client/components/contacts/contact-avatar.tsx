import PersonIcon from '@mui/icons-material/Person';
import Avatar from '@mui/material/Avatar';
import type { SxProps, Theme } from '@mui/material/styles';
import { contactInitial, type NamedContact } from './contact-name';

/** The contact's avatar: the initial of the name shown (contactInitial), else a person icon. Decorative. */
export function ContactAvatar({ contact, sx }: { contact: NamedContact; sx?: SxProps<Theme> }) {
  const initial = contactInitial(contact);
  return (
    <Avatar sx={[{ bgcolor: 'primary.main', color: 'primary.contrastText' }, ...(Array.isArray(sx) ? sx : [sx])]} aria-hidden data-testid="contact-avatar">
      {initial ?? <PersonIcon fontSize="inherit" sx={{ fontSize: '1.25em' }} />}
    </Avatar>
  );
}
