import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { readOrganizationSettings } from '../organization-settings';
import type { WhatsAppAccounts } from '../whatsapp-settings';
import { claimNewestInboundForReadReceipt, releaseReadReceipt } from './messages-repository';

/**
 * Read receipts at Meta: after a member's mark-read has committed, the conversation's newest customer
 * message is marked read at Meta (the Cloud API's `status: read` call, which reads the earlier ones too),
 * once per message, when the organization's read-receipts setting is on. It runs in the background: the
 * member's request never waits on Meta and never fails with it. A failed call is logged and its claim
 * given back, so the next opening tries again.
 */
export class ReadReceipts {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly db: Database,
    private readonly accounts: WhatsAppAccounts,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The conversation was just read: tell Meta, without waiting. */
  afterRead(organizationId: string, conversationId: string): void {
    const told = this.tell(organizationId, conversationId).finally(() => this.inFlight.delete(told));
    this.inFlight.add(told);
  }

  /** Resolves once every receipt started so far is settled (tests, and shutdown before the database closes). */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  private async tell(organizationId: string, conversationId: string): Promise<void> {
    let claimed: { id: string; wamid: string } | null = null;
    try {
      if (!(await readOrganizationSettings(this.db, organizationId)).readReceipts) return;
      claimed = await claimNewestInboundForReadReceipt(this.db, organizationId, conversationId);
      if (!claimed) return;
      const client = await this.accounts.clientFor(organizationId);
      await client.markRead(claimed.wamid);
    } catch (error) {
      this.log.warn({ err: error, organizationId, conversationId, messageId: claimed?.id }, 'read receipt to WhatsApp failed');
      if (claimed) await releaseReadReceipt(this.db, organizationId, claimed.id).catch((releaseError: unknown) => {
        this.log.error({ err: releaseError, messageId: claimed?.id }, 'could not release a failed read receipt');
      });
    }
  }
}
