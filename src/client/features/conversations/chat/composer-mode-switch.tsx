import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';

export type ComposerMode = 'reply' | 'note';

/** Reply to the customer, or write a note only the team sees: two buttons, each reachable by Tab. */
export function ComposerModeSwitch({ mode, onChange }: { mode: ComposerMode; onChange: (mode: ComposerMode) => void }) {
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      aria-label="Write a"
      value={mode}
      // Pressing the chosen button again keeps it: the composer is always in one mode.
      onChange={(_event, next: ComposerMode | null) => next !== null && onChange(next)}
      sx={{ alignSelf: 'flex-start', '& .MuiToggleButton-root': { py: 0.25, px: 1.5, textTransform: 'none' } }}
    >
      <ToggleButton value="reply">Reply</ToggleButton>
      <ToggleButton value="note">Note</ToggleButton>
    </ToggleButtonGroup>
  );
}
