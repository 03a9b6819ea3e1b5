import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import { agentLabel, useGetAgentsQuery } from '@client/api/agents-endpoints';
import { FormDialog } from '@client/components/form/form-dialog';
import { FormikTextField } from '@client/components/form/formik-text-field';
import { assignConversationSchema } from '@shared/validation/conversations';
import type { ActionFailure } from './use-conversation-actions';

export interface AssignDialogProps {
  open: boolean;
  /** The inline failure of the last assignment, if any. */
  failure: ActionFailure | null;
  onAssign: (assignToUserId: string, note?: string) => Promise<boolean>;
  onClose: () => void;
}

// Empty, not the current assignee: a value the agent list (still loading) does not hold yet confuses the select.
const INITIAL_VALUES = { assignToUserId: '', note: '' };

/** Assign: pick a member and, optionally, leave a handoff note for them. */
export function AssignDialog({ open, failure, onAssign, onClose }: AssignDialogProps) {
  const { data: agents = [], isLoading, isError } = useGetAgentsQuery(undefined, { skip: !open });
  return (
    <FormDialog
      open={open}
      title="Assign Conversation"
      submitLabel="Assign"
      initialValues={INITIAL_VALUES}
      schema={assignConversationSchema}
      onSubmit={async ({ assignToUserId, note }) => {
        if (await onAssign(assignToUserId, note)) onClose();
      }}
      onClose={onClose}
    >
      {failure && (
        <Alert severity="error">
          {failure.text}
          {failure.detail && `: ${failure.detail}`}
        </Alert>
      )}
      {isError && <Alert severity="error">Failed to load team members</Alert>}
      <FormikTextField name="assignToUserId" label="Agent" select required disabled={isLoading ? true : undefined} fullWidth>
        {agents.map((agent) => (
          <MenuItem key={agent.id} value={agent.id}>
            {agentLabel(agent)}
          </MenuItem>
        ))}
      </FormikTextField>
      <FormikTextField name="note" label="Handoff note (optional)" multiline minRows={2} maxRows={6} fullWidth />
    </FormDialog>
  );
}
