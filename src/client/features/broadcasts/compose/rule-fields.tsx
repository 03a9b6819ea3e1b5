import MenuItem from '@mui/material/MenuItem';
import { agentLabel, useGetAgentsQuery } from '@client/api/agents-endpoints';
import { useGetTagsQuery } from '@client/api/tags-endpoints';
import { FormikTextField } from '@client/components/form/formik-text-field';
import { AUTOMATION_ACTION_LABELS, AUTOMATION_ACTIONS } from '@shared/api/broadcasts';
import { TAG_PICKER_PAGE_SIZE } from '@shared/constants';
import type { RuleValues } from './compose-values';

export interface RuleFieldsProps {
  /** The rule's path in the Formik values ('rules.0', or '' when the rule is the whole form). */
  name: string;
  rule: RuleValues;
}

/**
 * One quick-reply button's rule: what pressing it does (nothing but counting, assign the conversation
 * to an agent, or tag the contact) and the agent or tag it needs. New Broadcast shows one per button;
 * the analytics page's rules panel edits one at a time. Agents and tags are read once the rule needs them.
 */
export function RuleFields({ name, rule }: RuleFieldsProps) {
  const agents = useGetAgentsQuery(undefined, { skip: rule.actionType !== 'assign_agent' });
  const tags = useGetTagsQuery({ page: 1, limit: TAG_PICKER_PAGE_SIZE }, { skip: rule.actionType !== 'add_tag' });
  const field = (key: keyof RuleValues) => (name ? `${name}.${key}` : key);
  const button = rule.triggerText ? ` for “${rule.triggerText}”` : '';

  return (
    <>
      <FormikTextField select name={field('actionType')} label={`Action${button}`}>
        {AUTOMATION_ACTIONS.map((action) => (
          <MenuItem key={action} value={action}>
            {AUTOMATION_ACTION_LABELS[action]}
          </MenuItem>
        ))}
      </FormikTextField>
      {rule.actionType === 'assign_agent' && (
        <FormikTextField
          select
          required
          name={field('targetUserId')}
          label={`Agent${button}`}
          helperText={agents.isError ? 'Failed to load agents' : 'The conversation of whoever presses it is assigned to this agent'}
        >
          {(agents.data ?? []).map((agent) => (
            <MenuItem key={agent.id} value={agent.id}>
              {agentLabel(agent)}
            </MenuItem>
          ))}
        </FormikTextField>
      )}
      {rule.actionType === 'add_tag' && (
        <FormikTextField
          select
          required
          name={field('targetTagId')}
          label={`Tag${button}`}
          helperText={tags.isError ? 'Failed to load tags' : 'Whoever presses it gets this tag'}
        >
          {(tags.data?.data ?? []).map((tag) => (
            <MenuItem key={tag.id} value={tag.id}>
              {tag.name}
            </MenuItem>
          ))}
        </FormikTextField>
      )}
    </>
  );
}
