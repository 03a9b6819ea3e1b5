import { array, boolean, mixed, ValidationError } from 'yup';
import { CONTACT_FIELD_LABELS, type TemplateParameter } from '../api/template-parameters';
import { MAX_BROADCAST_PARAMETER_LENGTH } from '../constants';
import { isTemplateParameter, toTemplateParameter, unfilledPlaceholders } from '../templates/personal-parameters';

/**
 * The rules of a template's parameters, for broadcasts and the chat's template send alike: each fixed
 * text and each fallback must be what WhatsApp accepts, and so must every value rendered for a contact
 * (checked again right before sending).
 */

export const parameterRequired = (n: number) => `Parameter ${n} is required`;
export const parameterTooLong = (n: number) => `Parameter ${n} is too long (max ${MAX_BROADCAST_PARAMETER_LENGTH} characters)`;
export const parameterBadSpacing = (n: number) => `Parameter ${n} cannot contain line breaks, tabs or more than 4 spaces in a row`;
export const fallbackRequired = (n: number, field: keyof typeof CONTACT_FIELD_LABELS) =>
  `Parameter ${n} needs a fallback for contacts without a ${CONTACT_FIELD_LABELS[field].toLowerCase()}`;
export const PARAMETER_SHAPE = 'Each parameter must be text, or a contact field (name, profileName, phoneNumber) with a fallback';
export const UNFILLED_NOT_CONFIRMED = 'Please confirm the values that look like unfilled placeholders, or make them contact fields';

/** WhatsApp refuses a template parameter with a line break, a tab or more than four consecutive spaces (error 132018). */
const WHATSAPP_REFUSED_SPACING = /[\r\n\t]| {5}/;

/** No template has more variables than this; bounds the array before its elements are checked. */
const MAX_PARAMETERS = 100;

/** Why WhatsApp would refuse this value as parameter `n` (empty, too long, or spaced as Meta refuses: 132018), or null. */
export function parameterValueProblem(value: string, n: number): string | null {
  if (value.trim() === '') return parameterRequired(n);
  if (value.length > MAX_BROADCAST_PARAMETER_LENGTH) return parameterTooLong(n);
  if (WHATSAPP_REFUSED_SPACING.test(value)) return parameterBadSpacing(n);
  return null;
}

function parameterProblem(parameter: TemplateParameter, n: number): string | null {
  if ('text' in parameter) return parameterValueProblem(parameter.text, n);
  if (parameter.fallback.trim() === '') return fallbackRequired(n, parameter.field);
  return parameterValueProblem(parameter.fallback, n);
}

/**
 * Parameter N fills {{N}}: fixed text (a bare string is read as such) or a contact field with a
 * fallback, each text as WhatsApp takes it; every bad parameter is reported at its own index, so a
 * form shows all of them at once.
 */
export const parametersField = array(
  mixed<TemplateParameter>(isTemplateParameter).transform(toTemplateParameter).required(PARAMETER_SHAPE).typeError(PARAMETER_SHAPE),
)
  .max(MAX_PARAMETERS, `At most ${MAX_PARAMETERS} parameters`)
  .default([])
  .test('each-parameter', (values, context) => {
    const errors = (values ?? []).flatMap((parameter: unknown, index) => {
      // A value of another shape has its own error already (PARAMETER_SHAPE).
      const message = isTemplateParameter(parameter) ? parameterProblem(parameter, index + 1) : null;
      return message ? [context.createError({ path: `${context.path}[${index}]`, message })] : [];
    });
    if (errors.length === 0) return true;
    return errors.length === 1 ? errors[0] : new ValidationError(errors);
  });

/**
 * The forms' confirmation that fixed values looking like unfilled placeholders (`{{name}}`, `[name]`)
 * are meant as written. A warning, not a refusal: brackets can be wanted text ("[SALE]"), and the
 * API takes what it is given.
 */
export const unfilledConfirmedField = boolean()
  .default(false)
  .when('parameters', {
    is: (parameters: unknown) => Array.isArray(parameters) && unfilledPlaceholders(parameters.filter(isTemplateParameter)).length > 0,
    then: (field) => field.oneOf([true], UNFILLED_NOT_CONFIRMED),
  });

/** Why WhatsApp would refuse one of the values rendered for a contact (checked right before sending), or null. */
export function renderedValuesProblem(values: readonly string[]): string | null {
  for (const [index, value] of values.entries()) {
    const problem = parameterValueProblem(value, index + 1);
    if (problem) return problem;
  }
  return null;
}
