import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useFormikContext } from 'formik';
import type { ComposeValues } from './compose-values';
import { RuleFields } from './rule-fields';

/** What pressing each quick-reply button does: one fieldset per button, named after it. */
export function AutomationFields() {
  const { values } = useFormikContext<ComposeValues>();

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
          <RuleFields name={`rules.${index}`} rule={rule} />
        </Box>
      ))}
    </Box>
  );
}
