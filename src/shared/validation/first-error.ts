import { ValidationError, type AnyObject, type ObjectSchema } from 'yup';

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; message: string; path?: string };

/**
 * Validates and casts a value, answering the message of the first failed rule: the first field in
 * declaration order, and within a field its first rule. The server answers that message in its 400s,
 * so it matches what the form would show first.
 */
export function validate<T extends AnyObject>(schema: ObjectSchema<T>, input: unknown): ValidationResult<T> {
  try {
    const value = schema.validateSync(input ?? {}, { abortEarly: false, stripUnknown: true });
    return { ok: true, value: value as T };
  } catch (error) {
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
