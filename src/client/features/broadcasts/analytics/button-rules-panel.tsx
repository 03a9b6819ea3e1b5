import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useGetAgentsQuery } from '@client/api/agents-endpoints';
import { useGetTagsQuery } from '@client/api/tags-endpoints';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { useRecordAction } from '@client/components/toast/use-record-action';
import { useSession } from '@client/session/use-session';
import type { AutomationRule } from '@shared/api/broadcasts';
import { TAG_PICKER_PAGE_SIZE } from '@shared/constants';
import { useGetBroadcastQuery } from '../broadcast-drafts-api';
import {
  useAddBroadcastRuleMutation, useDeleteBroadcastRuleMutation, useGetBroadcastRulesQuery, useUpdateBroadcastRuleMutation,
} from '../button-rules-api';
import { RuleActionLabel } from './rule-action-label';
import { RuleDialog, type RuleDialogProps } from './rule-dialog';
import { SectionCard } from '@client/components/analytics/section-card';
import { COMPACT_TABLE, WRAP } from '@client/components/analytics/table-style';

type Editing = RuleDialogProps['mode'] & { ruleId?: string };

/** The names a rule's targets are shown by; a target the lists do not name yet shows only the action. */
function useTargetNames(rules: readonly AutomationRule[]) {
  const { can } = useSession();
  const agents = useGetAgentsQuery(undefined, { skip: !rules.some((rule) => rule.targetUserId) });
  // Tags are read with contacts:view; without it an add_tag rule reads "Add tag".
  const tags = useGetTagsQuery({ page: 1, limit: TAG_PICKER_PAGE_SIZE }, { skip: !can('contacts:view') || !rules.some((rule) => rule.targetTagId) });
  return {
    agentOf: (rule: AutomationRule) => (agents.data ?? []).find((agent) => agent.id === rule.targetUserId) ?? null,
    tagNameOf: (rule: AutomationRule) => (tags.data?.data ?? []).find((tag) => tag.id === rule.targetTagId)?.name ?? null,
  };
}

/**
 * The broadcast's button rules on its analytics page (automation:view): what each quick-reply button
 * does when pressed from now on, read as button performance reads it. Add (automation:create), Edit
 * (automation:edit) and Delete (automation:delete) are shown only to members who may use them.
 */
export function ButtonRulesPanel({ broadcastId }: { broadcastId: string }) {
  const { can } = useSession();
  const visible = can('automation:view');
  const rules = useGetBroadcastRulesQuery(broadcastId, { skip: !visible });
  const broadcast = useGetBroadcastQuery(broadcastId, { skip: !visible });
  const list = rules.data ?? [];
  const names = useTargetNames(list);
  const runAction = useRecordAction('Rule');
  const [addRule] = useAddBroadcastRuleMutation();
  const [updateRule] = useUpdateBroadcastRuleMutation();
  const [deleteRule, { isLoading: deleting }] = useDeleteBroadcastRuleMutation();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [removing, setRemoving] = useState<AutomationRule | null>(null);

  if (!visible) return null;
  const ruled = new Set(list.map((rule) => rule.triggerId));
  const freeButtons = (broadcast.data?.buttons ?? []).filter((button) => !ruled.has(button.id));
  const canEdit = can('automation:edit');
  const canDelete = can('automation:delete');

  const save: RuleDialogProps['onSubmit'] = async (rule) => {
    const { actionType, targetUserId, targetTagId } = rule;
    const ruleId = editing?.ruleId;
    const done = ruleId
      ? await runAction('update', () => updateRule({ broadcastId, ruleId, change: { actionType, targetUserId, targetTagId } }).unwrap())
      : await runAction('create', () => addRule({ broadcastId, rule }).unwrap());
    if (done) setEditing(null);
  };

  const remove = async () => {
    if (removing && (await runAction('delete', () => deleteRule({ broadcastId, ruleId: removing.id }).unwrap()))) setRemoving(null);
  };

  return (
    <SectionCard
      id="button-rules-title"
      title="Button rules"
      subtitle="What pressing each quick-reply button does from now on."
      actions={
        can('automation:create') && freeButtons.length > 0 && (
          <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setEditing({ kind: 'add', buttons: freeButtons })}>
            Add rule
          </Button>
        )
      }
    >
      {rules.isError && <Alert severity="error">Failed to load the button rules</Alert>}
      {rules.isSuccess && list.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          No button has a rule: presses are only counted.
        </Typography>
      )}
      {list.length > 0 && (
        <Table size="small" aria-label="Button rules" sx={COMPACT_TABLE}>
          <TableHead>
            <TableRow>
              <TableCell>Button</TableCell>
              <TableCell>Action</TableCell>
              {(canEdit || canDelete) && <TableCell align="right">Change</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {list.map((rule) => (
              <TableRow key={rule.id}>
                <TableCell component="th" scope="row" sx={WRAP}>{rule.triggerText}</TableCell>
                <TableCell sx={WRAP}>
                  <RuleActionLabel actionType={rule.actionType} tagName={names.tagNameOf(rule)} agent={names.agentOf(rule)} />
                </TableCell>
                {(canEdit || canDelete) && (
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {canEdit && (
                      <Tooltip title="Edit">
                        <IconButton
                          size="small"
                          aria-label={`Edit the rule of “${rule.triggerText}”`}
                          onClick={() => setEditing({
                            kind: 'edit',
                            ruleId: rule.id,
                            rule: { ...rule, targetUserId: rule.targetUserId ?? '', targetTagId: rule.targetTagId ?? '' },
                          })}
                        >
                          <EditOutlinedIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )}
                    {canDelete && (
                      <Tooltip title="Delete">
                        <IconButton size="small" color="error" aria-label={`Delete the rule of “${rule.triggerText}”`} onClick={() => setRemoving(rule)}>
                          <DeleteOutlineIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )}
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {editing && <RuleDialog mode={editing} onSubmit={save} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={removing !== null}
        title="Delete Rule"
        message={removing && `Delete the rule of “${removing.triggerText}”? Its presses will only be counted from now on.`}
        confirmLabel="Delete"
        destructive
        busy={deleting}
        onConfirm={() => void remove()}
        onClose={() => setRemoving(null)}
      />
    </SectionCard>
  );
}
