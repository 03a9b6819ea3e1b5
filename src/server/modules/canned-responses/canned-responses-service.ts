import type { CannedResponse, CannedResponseInput, CannedResponsePage } from '@shared/api/canned-responses';
import type { Queryable } from '../../db/database';
import { conflict, notFound, type DomainError } from '../../lib/domain-error';
import type { PageRequest } from '../../lib/pagination';
import {
  deleteCannedResponse as deleteRow, findCannedResponseByShortcut, insertCannedResponse, listCannedResponses as listRows,
  updateCannedResponse as updateRow,
} from './canned-responses-repository';

export const CANNED_RESPONSE_NOT_FOUND = 'Canned response not found';

/** The team's canned responses by shortcut: every member who can send reads them, for the composer. */
export function listCannedResponses(db: Queryable, organizationId: string, page: PageRequest): Promise<CannedResponsePage> {
  return listRows(db, organizationId, page);
}

/** A shortcut is unique per organization in any case: the 409 names the one that has it. */
async function shortcutTaken(db: Queryable, organizationId: string, shortcut: string): Promise<DomainError> {
  const existing = await findCannedResponseByShortcut(db, organizationId, shortcut);
  return conflict(`A canned response with the shortcut "/${existing?.shortcut ?? shortcut}" already exists`);
}

export async function createCannedResponse(
  db: Queryable,
  organizationId: string,
  createdByUserId: string,
  input: CannedResponseInput,
): Promise<CannedResponse> {
  const created = await insertCannedResponse(db, organizationId, { ...input, createdByUserId });
  if (!created) throw await shortcutTaken(db, organizationId, input.shortcut);
  return created;
}

/** A foreign or unknown id answers 404 before the shortcut is compared with the others. */
export async function updateCannedResponse(
  db: Queryable,
  organizationId: string,
  id: string,
  input: CannedResponseInput,
): Promise<CannedResponse> {
  const updated = await updateRow(db, organizationId, id, input);
  if (updated === 'taken') throw await shortcutTaken(db, organizationId, input.shortcut);
  if (!updated) throw notFound(CANNED_RESPONSE_NOT_FOUND);
  return updated;
}

export async function deleteCannedResponse(db: Queryable, organizationId: string, id: string): Promise<void> {
  if (!(await deleteRow(db, organizationId, id))) throw notFound(CANNED_RESPONSE_NOT_FOUND);
}
