import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { agentLabel } from '@client/api/agents-endpoints';
import { AUTOMATION_ACTION_LABELS, type AutomationAction } from '@shared/api/broadcasts';

export interface RuleActionLabelProps {
  /** Null: the button has no rule. */
  actionType: AutomationAction | null;
  /** The tag an add_tag rule adds, when it is known. */
  tagName: string | null;
  /** The agent an assign_agent rule assigns to, when it is known. */
  agent: { name: string; email?: string } | null;
}

/** What a button's rule does, read the same wherever it is shown: "Add tag **VIP**", "Assign to agent" with the agent beneath. */
export function RuleActionLabel({ actionType, tagName, agent }: RuleActionLabelProps) {
  return (
    <>
      {actionType ? AUTOMATION_ACTION_LABELS[actionType] : 'No rule'}
      {tagName && (
        <>
          {' '}
          <Box component="strong">{tagName}</Box>
        </>
      )}
      {agent && (
        <Typography variant="caption" color="text.secondary" component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
          {agentLabel(agent)}
        </Typography>
      )}
    </>
  );
}
