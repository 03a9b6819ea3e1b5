import { rateLimited } from '../../lib/domain-error';
import { InProgressLimit } from '../../lib/in-progress-limit';

export const IMPORT_IN_PROGRESS = 'Another import is running for your organization. Wait for it to finish, then try again.';
/** The wait a refused import is told to take. */
const RETRY_AFTER_SECONDS = 10;

/**
 * One import at a time per organization (in this process). Parsing a file is work for the whole server
 * (the embedded database writes one transaction at a time, and the CSV is read on the shared event
 * loop), so one organization may not run several side by side and slow everyone else.
 */
export class ImportsInProgress {
  private readonly turns = new InProgressLimit(1);

  /** Claims the organization's turn, or refuses with 429; call the answer to give it back. */
  claim(organizationId: string): () => void {
    const release = this.turns.claim(organizationId);
    if (!release) throw rateLimited(IMPORT_IN_PROGRESS, RETRY_AFTER_SECONDS);
    return release;
  }
}
