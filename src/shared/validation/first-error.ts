import { StringSchema, ValidationError, type AnyObject, type ObjectSchema } from 'yup';

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; message: string; path?: string };

/**
 * Validates and casts a value, answering the message of the first failed rule: the first field in
 * declaration order, and within a field its first rule. The server answers that message in its 400s,
 * so it matches what the form would show first.
 */
export function validate<T extends AnyObject>(schema: ObjectSchema<T>, input: unknown): ValidationResult<T> {
  const body = input ?? {};
  if (typeof body !== 'object' || Array.isArray(body)) return { ok: false, message: 'The request must be a JSON object' };
  try {
    const value = schema.validateSync(body, { abortEarly: false, stripUnknown: true });
    return { ok: true, value: value as T };
  } catch (error) {
    // yup's transforms (trim, lowercase) assume the declared type and throw a TypeError on an object
    // or array where text belongs: that is bad input, answered like any other.
    if (error instanceof TypeError) return { ok: false, ...wrongType(schema.fields, body as Record<string, unknown>) };
    if (!(error instanceof ValidationError)) throw error;
    const order = Object.keys(schema.fields);
    const rank = (path: string | undefined) => {
      const field = (path ?? '').split(/[.[]/)[0];
      const index = order.indexOf(field);
      return index === -1 ? order.length : index;
    };
    const failures = error.inner.length > 0 ? error.inner : [error];
    const first = failures.reduce((best, candidate) => (rank(candidate.path) < rank(best.path) ? candidate : best));
    return { ok: false, message: first.message, path: first.path };
  }
}

function wrongType(fields: Record<string, unknown>, body: Record<string, unknown>): { message: string; path?: string } {
  for (const [key, field] of Object.entries(fields)) {
    const value = body[key];
    if (field instanceof StringSchema && value != null && typeof value !== 'string') {
      return { message: `${field.spec.label ?? humanize(key)} must be text`, path: key };
    }
  }
  return { message: 'The request contains a value of the wrong type' };
}

/** `organizationName` → `Organization name`. */
function humanize(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
