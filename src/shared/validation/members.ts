import { object } from 'yup';
import { EMAIL_MAX } from '../constants';
import { EMAIL_FORMAT } from './account';
import { pageQuerySchema } from './page-query';
import { trimmedText } from './trimmed-text';

/** The invite and role-change forms; the members and invitations routes validate with these too. */

const roleIdField = trimmedText('Role is required').required('Role is required');

export const inviteMemberSchema = object({
  email: trimmedText('Invalid email format')
    .required('Email is required')
    .max(EMAIL_MAX, 'Email is too long')
    .matches(EMAIL_FORMAT, 'Invalid email format'),
  roleId: roleIdField,
});

export const changeMemberRoleSchema = object({
  roleId: roleIdField,
});

/** One page of the members or invitations table: a team fits one DataGrid page. */
export const TEAM_PAGE_SIZE = 100;
export const teamPageQuerySchema = pageQuerySchema(TEAM_PAGE_SIZE);
