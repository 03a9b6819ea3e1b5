import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ROLE_TEMPLATES, type RoleTemplate } from '@shared/permissions/role-templates';

export interface TemplateSelectProps {
  value: RoleTemplate | null;
  /** null: None (the field was cleared). */
  onChange: (template: RoleTemplate | null) => void;
  disabled?: boolean;
}

/** The optional template of a new role: one of the five built-in templates, searchable and clearable. */
export function TemplateSelect({ value, onChange, disabled }: TemplateSelectProps) {
  return (
    <Autocomplete
      options={ROLE_TEMPLATES}
      value={value}
      onChange={(_event, template) => onChange(template)}
      getOptionLabel={(template) => template.name}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      disabled={disabled}
      renderOption={({ key, ...props }, template) => (
        <Box component="li" key={key} {...props}>
          <Box>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {template.name}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="div">
              {template.description}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="div">
              {template.permissions.length} permissions
            </Typography>
          </Box>
        </Box>
      )}
      renderInput={(params) => <TextField {...params} label="Template (optional)" placeholder="None" />}
    />
  );
}
