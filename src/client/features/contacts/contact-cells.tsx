import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { contactName, contactPhone } from '@client/components/contacts/contact-name';
import { TagChip } from '@client/components/tags/tag-chip';
import type { Contact } from '@shared/api/contacts';
import { OptOutStatus } from './opt-out-status';

const VISIBLE_TAGS = 3;

/**
 * The name shown (the business's, else the WhatsApp profile name marked '~', else the number), struck
 * through with a 'Deleted' badge once the contact is soft-deleted.
 */
function ContactName({ contact }: { contact: Contact }) {
  const deleted = contact.deletedAt !== null;
  const { text, source } = contactName(contact);
  return (
    <>
      <Typography
        variant="body2"
        noWrap
        title={source === 'profile' ? 'WhatsApp profile name' : undefined}
        sx={{ textDecoration: deleted ? 'line-through' : 'none', color: deleted ? 'text.disabled' : source === 'name' ? 'text.primary' : 'text.secondary' }}
      >
        {text}
      </Typography>
      {deleted && <Chip label="Deleted" color="error" size="small" variant="outlined" />}
      <OptOutStatus contact={contact} />
    </>
  );
}

export function ContactNameCell({ contact }: { contact: Contact }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, height: '100%', minWidth: 0 }}>
      <ContactName contact={contact} />
    </Box>
  );
}

/**
 * Narrow screens: the name with the phone number under it, so the table can drop the Phone column and
 * keep the row actions in view.
 */
export function ContactNameAndPhoneCell({ contact }: { contact: Contact }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', height: '100%', minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
        <ContactName contact={contact} />
      </Box>
      <Typography variant="caption" color="text.secondary" noWrap>
        {contactPhone(contact)}
      </Typography>
    </Box>
  );
}

/** The first few tags as chips, the rest behind '+N'. */
export function ContactTagsCell({ contact }: { contact: Contact }) {
  const shown = contact.tags.slice(0, VISIBLE_TAGS);
  const hidden = contact.tags.slice(VISIBLE_TAGS);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, height: '100%', overflow: 'hidden' }}>
      {shown.map(({ tag }) => (
        <TagChip key={tag.id} name={tag.name} color={tag.color} />
      ))}
      {hidden.length > 0 && (
        <Tooltip title={hidden.map(({ tag }) => tag.name).join(', ')}>
          <Chip size="small" label={`+${hidden.length}`} />
        </Tooltip>
      )}
    </Box>
  );
}
