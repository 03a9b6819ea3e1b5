import { object, string } from 'yup';
import { accountNameField, emailField, newPasswordField } from './account';

/**
 * The rules of a member's own account changes (name, password, email address) and of a password reset,
 * shared by the forms and the routes.
 */

export const CURRENT_PASSWORD_REQUIRED = 'Current password is required';
/** What a new password's field says of the rules below it. */
export const NEW_PASSWORD_HINT = 'At least 8 characters, with upper- and lowercase letters and a number.';
export const RESET_LINK_INVALID = 'This password reset link is invalid or has expired. Ask for a new one.';
export const EMAIL_CHANGE_LINK_INVALID =
  'This confirmation link is invalid, was already used or has expired. Ask for a new one in your Profile.';

export const profileSchema = object({ name: accountNameField });

export const passwordChangeSchema = object({
  // Any stored password is accepted as the current one, so only presence is checked.
  currentPassword: string().required(CURRENT_PASSWORD_REQUIRED),
  newPassword: newPasswordField,
});

export const passwordResetRequestSchema = object({ email: emailField });

export const passwordResetConfirmSchema = object({
  token: string().required(RESET_LINK_INVALID),
  password: newPasswordField,
});

export const emailChangeSchema = object({
  newEmail: emailField,
  currentPassword: string().required(CURRENT_PASSWORD_REQUIRED),
});

export const emailChangeConfirmSchema = object({ token: string().required(EMAIL_CHANGE_LINK_INVALID) });
