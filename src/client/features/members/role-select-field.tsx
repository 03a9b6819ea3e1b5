import MenuItem from '@mui/material/MenuItem';
import { FormikTextField } from '@client/components/form/formik-text-field';
import { useGetAssignableRolesQuery } from './members-api';

/**
 * A Formik-bound select of the roles the user may give someone (only roles within their own
 * permissions: the server refuses anything else).
 */
export function RoleSelectField({ name, label }: { name: string; label: string }) {
  const { data, isLoading, isError } = useGetAssignableRolesQuery();
  return (
    <FormikTextField
      name={name}
      label={label}
      select
      fullWidth
      helperText={isError ? 'Failed to load roles. Please try again.' : undefined}
      disabled={isLoading ? true : undefined}
    >
      {(data?.roles ?? []).map((role) => (
        <MenuItem key={role.id} value={role.id}>
          {role.name}
        </MenuItem>
      ))}
    </FormikTextField>
  );
}
