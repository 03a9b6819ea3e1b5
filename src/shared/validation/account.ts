import { object, string } from 'yup';
import { ACCOUNT_NAME, EMAIL_MAX, ORGANIZATION_NAME, PASSWORD } from '../constants';
import { canonicalTimeZone } from '../organization-settings/time-zones';

/** The account fields' rules and messages, shared by the sign-in and sign-up forms and the auth routes. */

const LETTERS_AND_SPACES = /^[\p{L}\p{M} ]+$/u;
// Deliberately simple: one @, no spaces, a dot in the domain. Real proof of an address is a mail, not a regex.
export const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const accountNameField = string()
  .trim()
  .required('Name is required')
  .min(ACCOUNT_NAME.min, `Name must be at least ${ACCOUNT_NAME.min} characters`)
  .max(ACCOUNT_NAME.max, `Name must be less than ${ACCOUNT_NAME.max} characters`)
  .matches(LETTERS_AND_SPACES, 'Name can only contain letters and spaces');

export const emailField = string()
  .trim()
  .required('Email is required')
  .max(EMAIL_MAX, 'Email is too long')
  .matches(EMAIL_FORMAT, 'Please enter a valid email address');

/** Sign-in accepts any stored password, so only presence is checked. */
export const loginPasswordField = string().required('Password is required');

export const newPasswordField = string()
  .required('Password is required')
  .min(PASSWORD.min, `Password must be at least ${PASSWORD.min} characters`)
  .max(PASSWORD.max, 'Password is too long')
  .matches(/[a-z]/, 'Password must contain at least one lowercase letter')
  .matches(/[A-Z]/, 'Password must contain at least one uppercase letter')
  .matches(/[0-9]/, 'Password must contain at least one number');

export const organizationNameField = string()
  .trim()
  .required('Organization name is required')
  .min(ORGANIZATION_NAME.min, `Organization name must be at least ${ORGANIZATION_NAME.min} characters`)
  .max(ORGANIZATION_NAME.max, `Organization name must be less than ${ORGANIZATION_NAME.max} characters`);

export const loginSchema = object({
  email: emailField,
  password: loginPasswordField,
});

/** Signup with an invitation joins its organization, so the organization name is only asked without one. */
export const signupSchema = object({
  name: accountNameField,
  email: emailField,
  password: newPasswordField,
  inviteToken: string().trim().optional(),
  organizationName: string().when('inviteToken', {
    is: (token: string | undefined) => Boolean(token),
    then: () => string().strip(),
    otherwise: () => organizationNameField,
  }),
  // A zone Intl does not know (an old browser's alias) is dropped: the organization starts in UTC.
  timeZone: string()
    .typeError('Time zone must be text')
    .transform((value: string) => canonicalTimeZone(value) ?? undefined)
    .optional(),
});

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
