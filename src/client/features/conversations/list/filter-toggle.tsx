import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';

export interface FilterOption<T extends string> {
  value: T;
  label: string;
  count?: number;
}

export interface FilterToggleProps<T extends string> {
  /** The group's accessible name ('Status', 'Assignment'). */
  label: string;
  value: T;
  options: readonly FilterOption<T>[];
  onChange: (value: T) => void;
}

/** A row of exclusive filter buttons, each with its count when known. */
export function FilterToggle<T extends string>({ label, value, options, onChange }: FilterToggleProps<T>) {
  return (
    <ToggleButtonGroup
      exclusive
      fullWidth
      size="small"
      aria-label={label}
      value={value}
      // Pressing the chosen button again would clear the choice: a filter always has one.
      onChange={(_event, next: T | null) => next !== null && onChange(next)}
    >
      {options.map((option) => (
        <ToggleButton key={option.value} value={option.value} sx={{ px: 0.75, gap: 0.5, textTransform: 'none', whiteSpace: 'nowrap' }}>
          {option.label}
          {option.count !== undefined && (
            <Box component="span" sx={{ fontSize: '0.75em', fontWeight: 600 }}>
              {option.count}
            </Box>
          )}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
