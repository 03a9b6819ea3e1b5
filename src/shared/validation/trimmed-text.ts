import { string } from 'yup';

/**
 * A trimmed string field that survives any JSON. yup's own `.trim()` calls `.trim()` on whatever it is
 * given and throws a TypeError on an object or array (a 500 instead of a 400); this trims strings
 * only and lets the type check refuse the rest with `typeMessage`.
 */
export function trimmedText(typeMessage: string) {
  return string()
    .typeError(typeMessage)
    .transform((value: unknown) => (typeof value === 'string' ? value.trim() : value));
}
