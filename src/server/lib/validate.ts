import type { AnyObject, ObjectSchema } from 'yup';
import { validate } from '@shared/validation/first-error';
import { invalidInput } from './domain-error';

/** Validates a request part with a shared yup schema; a failure answers 400 with the first rule's message. */
export function parse<T extends AnyObject>(schema: ObjectSchema<T>, input: unknown): T {
  const result = validate(schema, input);
  if (!result.ok) throw invalidInput(result.message);
  return result.value;
}
