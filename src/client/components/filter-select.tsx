import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

export interface FilterSelectProps<T extends string> {
  label: string;
  value: T;
  /** Each choice's value and the words shown for it, in menu order. */
  options: ReadonlyArray<readonly [T, string]>;
  onChange(value: T): void;
}

/** The compact select a list screen's header filters by (a status, a type). */
export function FilterSelect<T extends string>({ label, value, options, onChange }: FilterSelectProps<T>) {
  return (
    <TextField select size="small" label={label} value={value} onChange={(event) => onChange(event.target.value as T)} sx={{ width: 180 }}>
      {options.map(([option, text]) => (
        <MenuItem key={option} value={option}>
          {text}
        </MenuItem>
      ))}
    </TextField>
  );
}
