import { object, string, type ObjectSchema, type StringSchema } from 'yup';

export const UUID_FORMAT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The ids in a URL, each with the message its record's 404 answers: a value that is not an id names no
 * record, so it is told "not found" exactly like a missing or another organization's record.
 */
export function idParams<const K extends string>(notFoundMessages: Record<K, string>): ObjectSchema<Record<K, string>> {
  const shape = Object.fromEntries(
    Object.entries<string>(notFoundMessages).map(([key, message]) => [key, string().required(message).matches(UUID_FORMAT, message)]),
  ) as Record<K, StringSchema<string>>;
  return object(shape) as unknown as ObjectSchema<Record<K, string>>;
}

/** A route that takes no query parameters (unknown ones are dropped). */
export const noQuery = object({});

/** A POST/PUT/PATCH that takes no body (any body sent is ignored). */
export const noBody = object({});
