import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { format } from 'date-fns';
import { contactDisplayName } from '@client/components/contacts/contact-name';
import { useRecordAction } from '@client/components/toast/use-record-action';
import { useSession } from '@client/session/use-session';
import type { Contact } from '@shared/api/contacts';
import { OPT_OUT_SOURCE_LABELS } from '@shared/opt-out/opt-out';
import { useClearContactOptOutMutation } from './contact-opt-out-api';

/** Why and since when the contact gets no marketing, in words. */
export function optOutDescription(contact: Contact): string {
  if (!contact.optedOutAt) return '';
  const why = contact.optOutSource ? `: ${OPT_OUT_SOURCE_LABELS[contact.optOutSource]}` : '';
  return `Opted out of marketing on ${format(new Date(contact.optedOutAt), 'MMM d, yyyy')}${why}`;
}

/**
 * An "Opted out" badge on a contact who stopped marketing messages; a member with contacts:edit also
 * gets a button that clears it (the customer asked again, in writing).
 */
export function OptOutStatus({ contact }: { contact: Contact }) {
  const { can } = useSession();
  const [clear, { isLoading }] = useClearContactOptOutMutation();
  const runAction = useRecordAction('Marketing opt-out');
  if (!contact.optedOutAt) return null;
  const description = optOutDescription(contact);
  return (
    <>
      <Tooltip title={description}>
        <Chip label="Opted out" size="small" variant="outlined" aria-label={description} />
      </Tooltip>
      {can('contacts:edit') && !contact.deletedAt && (
        <Tooltip title="Send marketing again">
          <IconButton
            size="small"
            aria-label={`Clear the marketing opt-out of ${contactDisplayName(contact)}`}
            disabled={isLoading}
            onClick={() => void runAction('update', () => clear(contact.id).unwrap())}
          >
            <CampaignOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </>
  );
}
