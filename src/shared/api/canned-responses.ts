import type { Paginated } from './pagination';

/** A reply a team writes once and inserts in the composer by typing '/' and its shortcut. */
export interface CannedResponse {
  id: string;
  shortcut: string;
  /** The text, with {{contact.name}}, {{contact.phone}} and {{agent.name}} filled when inserted. */
  content: string;
  createdAt: string;
  updatedAt: string;
}

/** GET /canned-responses: ordered by shortcut (case-insensitively). */
export type CannedResponsePage = Paginated<CannedResponse>;

/** POST /canned-responses and PUT /canned-responses/{id}: the shape the shared schema passes on. */
export type { CannedResponseInput } from '../validation/canned-responses';

export interface CannedResponseListQuery {
  page?: number;
  limit?: number;
}
