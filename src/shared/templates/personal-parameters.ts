import {
  CONTACT_FIELDS, type ContactField, type ContactFieldParameter, type ParameterContact, type TemplateParameter, type TemplateParameterInput,
} from '../api/template-parameters';

/**
 * Rendering a template's parameters for one contact: what the dispatcher sends each recipient, what
 * the chat sends its contact, and what the previews show. Shared so the preview never differs from
 * the message.
 */

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function isContactField(value: unknown): value is ContactField {
  return typeof value === 'string' && (CONTACT_FIELDS as readonly string[]).includes(value);
}

/** Whether a value is a parameter as stored: `{ text }` or `{ field, fallback }`, nothing else. */
export function isTemplateParameter(value: unknown): value is TemplateParameter {
  if (!isRecord(value)) return false;
  const keys = Object.keys(value).sort().join(',');
  if (keys === 'text') return typeof value.text === 'string';
  return keys === 'fallback,field' && isContactField(value.field) && typeof value.fallback === 'string';
}

/**
 * A request's value as stored: a bare string is fixed text; anything else is kept for validation to
 * refuse. An undefined text or fallback is an empty one (Formik hands a form's '' to its schema so).
 */
export function toTemplateParameter(value: unknown): unknown {
  if (typeof value === 'string') return { text: value };
  if (!isRecord(value)) return value;
  if ('text' in value && value.text === undefined) return { ...value, text: '' };
  if ('fallback' in value && value.fallback === undefined) return { ...value, fallback: '' };
  return value;
}

/** Parameters as stored, also those of broadcasts made before personal parameters (plain strings). */
export function storedParameters(value: unknown): TemplateParameter[] {
  return Array.isArray(value) ? value.map(toTemplateParameter).filter(isTemplateParameter) : [];
}

/** Parameters as the API answers them: fixed text as a bare string (as before contact fields), a contact field as its object. */
export function wireParameters(parameters: readonly TemplateParameter[]): Array<string | ContactFieldParameter> {
  return parameters.map((parameter) => ('text' in parameter ? parameter.text : parameter));
}

/** Whitespace runs become one space: a name typed with a tab or a line break still goes through Meta (132018). */
export function collapseWhitespace(value: string): string {
  return value.replace(/\s+/gu, ' ').trim();
}

function fieldValue(contact: ParameterContact, field: ContactField): string {
  if (field === 'phoneNumber') return contact.phoneNumber;
  return collapseWhitespace(contact[field] ?? '');
}

/** One parameter's text for the contact: the fixed text, or the contact's field, or the fallback when the contact has none. */
export function renderParameter(parameter: TemplateParameter, contact: ParameterContact): string {
  if ('text' in parameter) return parameter.text;
  return fieldValue(contact, parameter.field) || parameter.fallback;
}

export function renderParameters(parameters: readonly TemplateParameter[], contact: ParameterContact): string[] {
  return parameters.map((parameter) => renderParameter(parameter, contact));
}

/** Whether any parameter depends on the contact (otherwise every recipient gets the same values). */
export function isPersonal(parameters: readonly TemplateParameterInput[]): boolean {
  return parameters.some((parameter) => typeof parameter !== 'string' && 'field' in parameter);
}

/**
 * A value that reads like a placeholder left unfilled: `{{name}}`, `{{1}}`, `[name]`, `[First Name]`.
 * Sent as fixed text it reaches every customer as written, so the forms ask before sending it.
 */
const UNFILLED_PLACEHOLDER = /\{\{[^{}]*\}\}|\[\s*[\p{L}_][\p{L}\p{N}_ .-]{0,30}\]/u;

export function looksUnfilled(text: string): boolean {
  return UNFILLED_PLACEHOLDER.test(text);
}

/** The 1-based numbers of the fixed values that look like unfilled placeholders. */
export function unfilledPlaceholders(parameters: readonly TemplateParameterInput[]): number[] {
  return parameters.flatMap((parameter, index) => {
    const text = typeof parameter === 'string' ? parameter : 'text' in parameter ? parameter.text : '';
    return looksUnfilled(text) ? [index + 1] : [];
  });
}
