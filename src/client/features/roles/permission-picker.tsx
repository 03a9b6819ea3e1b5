import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import type { PermissionDto } from '@shared/api/roles';

export interface PermissionPickerProps {
  /** The catalogue by category (GET /roles/permissions). */
  groups: Record<string, PermissionDto[]>;
  selected: ReadonlySet<string>;
  /** Permissions the user may grant (their own); others can only be taken away. */
  grantable: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  disabled?: boolean;
}

/**
 * The permissions of a role as an accordion per category: each group has a select-all box (checked,
 * indeterminate or empty) and an x/y count.
 */
export function PermissionPicker({ groups, selected, grantable, onChange, disabled = false }: PermissionPickerProps) {
  const canToggle = (id: string) => grantable.has(id) || selected.has(id);

  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onChange(next);
  };

  const toggleGroup = (permissions: PermissionDto[], allOn: boolean) => {
    const next = new Set(selected);
    for (const { id } of permissions) {
      if (allOn) next.delete(id);
      else if (grantable.has(id)) next.add(id);
    }
    onChange(next);
  };

  return (
    <Box>
      {Object.entries(groups).map(([category, permissions]) => {
        const count = permissions.filter((p) => selected.has(p.id)).length;
        const allOn = count === permissions.length;
        return (
          // The select-all box sits beside the header button, not inside it: a control nested in a
          // button is unreachable for assistive technology.
          <Box key={category} sx={{ position: 'relative' }}>
            <Checkbox
              size="small"
              checked={count > 0 && allOn}
              indeterminate={count > 0 && !allOn}
              disabled={disabled || !permissions.some((p) => canToggle(p.id))}
              onChange={() => toggleGroup(permissions, allOn)}
              slotProps={{ input: { 'aria-label': `Select all ${category} permissions` } }}
              sx={{ position: 'absolute', left: 8, top: 6, zIndex: 1 }}
            />
          <Accordion disableGutters variant="outlined" slotProps={{ transition: { unmountOnExit: true } }}>
            <AccordionSummary expandIcon={<ExpandMoreIcon />} sx={{ pl: 6 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, width: '100%' }}>
                <Typography sx={{ fontWeight: 600, flexGrow: 1 }}>{category} permissions</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mr: 1 }}>
                  {count}/{permissions.length}
                </Typography>
              </Box>
            </AccordionSummary>
            <AccordionDetails sx={{ display: 'grid', gap: 0.5, pt: 0 }}>
              {permissions.map((permission) => (
                <FormControlLabel
                  key={permission.id}
                  disabled={disabled || !canToggle(permission.id)}
                  control={<Checkbox size="small" checked={selected.has(permission.id)} onChange={() => toggle(permission.id)} />}
                  label={
                    <Box>
                      <Typography variant="body2" component="span" sx={{ fontWeight: 500 }}>
                        {permission.name}
                      </Typography>
                      <Typography variant="caption" color="text.secondary" component="div">
                        {permission.description}
                      </Typography>
                    </Box>
                  }
                />
              ))}
            </AccordionDetails>
          </Accordion>
          </Box>
        );
      })}
    </Box>
  );
}
