import { array, object, string } from 'yup';
import { isPermission } from '../permissions/catalogue';
import { trimmedText } from './trimmed-text';

/**
 * The role form: name, description and at least one permission are required,
 * and what is missing is reported in one 'Please fill in: ' message (the 'Validation Error' toast,
 * and the server's 400).
 */

export const ROLE_NAME_MAX = 50;
export const ROLE_DESCRIPTION_MAX = 200;

/** The labels the form uses for the missing items, in the form's order. */
export const ROLE_FORM_ITEMS = {
  name: 'Role Name',
  description: 'Description',
  permissions: 'at least one Permission',
} as const;

export interface RoleFormValues {
  name?: unknown;
  description?: unknown;
  permissions?: unknown;
}

const filledText = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/** The labels of the required items a role form still lacks. */
export function missingRoleItems(values: RoleFormValues): string[] {
  const missing: string[] = [];
  if (!filledText(values.name)) missing.push(ROLE_FORM_ITEMS.name);
  if (!filledText(values.description)) missing.push(ROLE_FORM_ITEMS.description);
  if (!Array.isArray(values.permissions) || values.permissions.length === 0) missing.push(ROLE_FORM_ITEMS.permissions);
  return missing;
}

export const roleSchema = object({
  name: trimmedText('Role name must be text')
    .default('')
    .max(ROLE_NAME_MAX, `Role name must be at most ${ROLE_NAME_MAX} characters`),
  description: trimmedText('Description must be text')
    .default('')
    .max(ROLE_DESCRIPTION_MAX, `Description must be at most ${ROLE_DESCRIPTION_MAX} characters`),
  permissions: array(
    string()
      .typeError('Permissions must be a list of permission ids')
      .required('Permissions must be a list of permission ids')
      .test('known-permission', ({ value }) => `Unknown permission: ${String(value)}`, (value) => isPermission(value)),
  )
    .typeError('Permissions must be a list of permission ids')
    .default([])
    // A permission ticked twice is still one permission.
    .transform((value: unknown) => (Array.isArray(value) ? [...new Set(value)] : value)),
}).test('complete', function complete(values) {
  const missing = missingRoleItems(values);
  return missing.length === 0 || this.createError({ message: `Please fill in: ${missing.join(', ')}` });
});

/** Custom roles one organization may define; the roles list is read whole by the role pickers. */
export const MAX_CUSTOM_ROLES = 100;
