import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useField, useFormikContext } from 'formik';
import { FormDialog } from '@client/components/form/form-dialog';
import type { BroadcastButton } from '@shared/api/broadcast-detail';
import type { AutomationRuleInput } from '@shared/api/broadcasts';
import { automationRuleSchema } from '@shared/validation/broadcasts';
import { ruleRequest, type RuleValues } from '../compose/compose-values';
import { RuleFields } from '../compose/rule-fields';

/** The quick-reply button a new rule is for; picking one names the rule after it. */
function ButtonField({ buttons }: { buttons: readonly BroadcastButton[] }) {
  const { values, setValues } = useFormikContext<RuleValues>();
  const [, meta, helpers] = useField<string>('triggerId');
  const showError = meta.touched && Boolean(meta.error);
  return (
    <TextField
      select
      required
      label="Button"
      name="triggerId"
      value={values.triggerId}
      onChange={(event) => {
        const button = buttons.find((candidate) => candidate.id === event.target.value);
        void setValues({ ...values, triggerId: event.target.value, triggerText: button?.text ?? '' });
      }}
      onBlur={() => void helpers.setTouched(true)}
      error={showError}
      helperText={showError ? meta.error : 'A quick-reply button without a rule yet'}
    >
      {buttons.map((button) => (
        <MenuItem key={button.id} value={button.id}>
          {button.text}
        </MenuItem>
      ))}
    </TextField>
  );
}

function CurrentRuleFields() {
  const { values } = useFormikContext<RuleValues>();
  return <RuleFields name="" rule={values} />;
}

export interface RuleDialogProps {
  /** Add: the buttons without a rule to choose from; Edit: the rule's values, its button fixed. */
  mode: { kind: 'add'; buttons: readonly BroadcastButton[] } | { kind: 'edit'; rule: RuleValues };
  /** The rule as the API takes it: the target of its own action only. */
  onSubmit: (rule: AutomationRuleInput) => Promise<void>;
  onClose: () => void;
}

const NEW_RULE: RuleValues = { triggerId: '', triggerText: '', actionType: 'do_nothing', targetUserId: '', targetTagId: '' };

/** Adds a rule to a button, or changes what a rule does, with New Broadcast's rule fields and rules. */
export function RuleDialog({ mode, onSubmit, onClose }: RuleDialogProps) {
  return (
    <FormDialog
      open
      title={mode.kind === 'add' ? 'Add button rule' : `Edit the rule of “${mode.rule.triggerText}”`}
      submitLabel={mode.kind === 'add' ? 'Add rule' : 'Save'}
      initialValues={mode.kind === 'add' ? NEW_RULE : mode.rule}
      schema={automationRuleSchema}
      onSubmit={(parsed) =>
        onSubmit(ruleRequest({ ...parsed, targetUserId: parsed.targetUserId ?? '', targetTagId: parsed.targetTagId ?? '' }))}
      onClose={onClose}
    >
      {mode.kind === 'add' && <ButtonField buttons={mode.buttons} />}
      <CurrentRuleFields />
    </FormDialog>
  );
}
