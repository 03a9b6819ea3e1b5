import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useFormikContext } from 'formik';
import { agentLabel, useGetAgentsQuery } from '@client/api/agents-endpoints';
import { useGetTagsQuery } from '@client/api/tags-endpoints';
import { FormikTextField } from '@client/components/form/formik-text-field';
import { AUTOMATION_ACTION_LABELS, AUTOMATION_ACTIONS } from '@shared/api/broadcasts';
import { TAG_PICKER_PAGE_SIZE } from '@shared/constants';
import type { ComposeValues } from './compose-values';

/**
 * What pressing each quick-reply button does: nothing (the press is only counted), assign the
 * conversation to an agent, or tag the contact. Agents and tags are read once a rule needs them.
 */
export function AutomationFields() {
  const { values } = useFormikContext<ComposeValues>();
  const needsAgents = values.rules.some((rule) => rule.actionType === 'assign_agent');
  const needsTags = values.rules.some((rule) => rule.actionType === 'add_tag');
  const agents = useGetAgentsQuery(undefined, { skip: !needsAgents });
  const tags = useGetTagsQuery({ page: 1, limit: TAG_PICKER_PAGE_SIZE }, { skip: !needsTags });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
      {values.rules.map((rule, index) => (
        <Box
          key={rule.triggerId}
          component="fieldset"
          sx={{ border: 1, borderColor: 'divider', borderRadius: 2, m: 0, p: 2, pt: 1, display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}
        >
          <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
            Button “{rule.triggerText}”
          </Typography>
          <FormikTextField select name={`rules.${index}.actionType`} label={`Action for “${rule.triggerText}”`}>
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
              name={`rules.${index}.targetUserId`}
              label={`Agent for “${rule.triggerText}”`}
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
              name={`rules.${index}.targetTagId`}
              label={`Tag for “${rule.triggerText}”`}
              helperText={tags.isError ? 'Failed to load tags' : 'Whoever presses it gets this tag'}
            >
              {(tags.data?.data ?? []).map((tag) => (
                <MenuItem key={tag.id} value={tag.id}>
                  {tag.name}
                </MenuItem>
              ))}
            </FormikTextField>
          )}
        </Box>
      ))}
    </Box>
  );
}
