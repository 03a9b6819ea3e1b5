import { DomainError, invalidInput, tooLarge } from './domain-error';

/** What an upload route tells its users when the body itself is at fault. */
export interface UploadMessages {
  /** The file is over the route's size limit. */
  tooLarge: string;
  /** More files, fields or parts than the form has. */
  oneFile: string;
  /** The body is not valid multipart, or was cut short. */
  broken: string;
}

const NOT_MULTIPART = 'Send the file as multipart/form-data';

/** @fastify/multipart's limit errors (they carry codes) as answers; any other error unchanged. */
export function multipartLimitError(error: unknown, messages: UploadMessages): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(messages.tooLarge);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return invalidInput(messages.oneFile);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return invalidInput(NOT_MULTIPART);
  return error;
}

/**
 * The one mapping of an error raised while an upload's body was read. A limit is said as the route says
 * it; a body that is not valid multipart (no boundary, cut off before its closing boundary, a part that
 * ends inside its headers) comes as a plain error from the parser and is the client's doing too: 413 or
 * 400, never a 500. A domain error passes as it is, and an error of the server's own (a file system call
 * failing: it names its `syscall`) stays a server error.
 */
export function multipartBodyError(error: unknown, messages: UploadMessages): unknown {
  const limit = multipartLimitError(error, messages);
  if (limit !== error || error instanceof DomainError) return limit;
  if (typeof (error as { syscall?: unknown } | null)?.syscall === 'string') return error;
  return invalidInput(messages.broken);
}
