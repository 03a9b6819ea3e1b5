import { and, eq, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { whatsappConfigs } from '../db/schema';
import { conflict } from '../lib/domain-error';
import { isUniqueViolation } from '../lib/db-errors';
import { GraphClient, type GraphClientOptions, type GraphCredentials } from './graph-client';
import { whatsAppNotConfigured } from './graph-domain-error';
import type { TokenCipher } from './token-cipher';

export interface WhatsAppAccount extends GraphCredentials {
  organizationId: string;
  webhookVerifyToken: string;
  isActive: boolean;
}

export interface SaveAccountInput {
  /** Undefined keeps the stored token (the form sent back the mask). */
  accessToken: string | undefined;
  phoneNumberId: string;
  businessAccountId: string;
  webhookVerifyToken: string;
}

export type GraphSettings = Omit<GraphClientOptions, 'onCredentialFailure'>;

export const PHONE_NUMBER_TAKEN = 'This Phone Number ID is already connected to another organization';

/**
 * Each organization's WhatsApp account: the stored configuration (token encrypted at rest, decrypted
 * only here, on the server, for a call) and Graph clients bound to it. A client whose token Meta
 * rejects marks the configuration inactive, which the Messaging API tab shows.
 */
export class WhatsAppAccounts {
  constructor(
    private readonly db: Database,
    private readonly cipher: TokenCipher,
    private readonly graph: GraphSettings,
    private readonly log: FastifyBaseLogger,
  ) {}

  async load(organizationId: string): Promise<WhatsAppAccount | undefined> {
    const [row] = await this.db.select().from(whatsappConfigs).where(eq(whatsappConfigs.organizationId, organizationId));
    if (!row) return undefined;
    return {
      organizationId,
      accessToken: this.cipher.decrypt(organizationId, 'whatsapp_access_token', row.accessTokenEncrypted),
      phoneNumberId: row.phoneNumberId,
      businessAccountId: row.businessAccountId,
      webhookVerifyToken: row.webhookVerifyToken,
      isActive: row.isActive,
    };
  }

  /** Saves the configuration; a new configuration needs a token. Answers false when there was none to keep. */
  async save(organizationId: string, input: SaveAccountInput): Promise<boolean> {
    const values = {
      phoneNumberId: input.phoneNumberId,
      businessAccountId: input.businessAccountId,
      webhookVerifyToken: input.webhookVerifyToken,
      isActive: true,
      ...(input.accessToken === undefined
        ? {}
        : { accessTokenEncrypted: this.cipher.encrypt(organizationId, 'whatsapp_access_token', input.accessToken) }),
    };
    const [taken] = await this.db
      .select({ id: whatsappConfigs.organizationId })
      .from(whatsappConfigs)
      .where(and(eq(whatsappConfigs.phoneNumberId, input.phoneNumberId), ne(whatsappConfigs.organizationId, organizationId)));
    if (taken) throw conflict(PHONE_NUMBER_TAKEN);
    try {
      if (values.accessTokenEncrypted === undefined) {
        const updated = await this.db
          .update(whatsappConfigs)
          .set(values)
          .where(eq(whatsappConfigs.organizationId, organizationId))
          .returning({ id: whatsappConfigs.organizationId });
        return updated.length > 0;
      }
      const row = { ...values, accessTokenEncrypted: values.accessTokenEncrypted };
      await this.db
        .insert(whatsappConfigs)
        .values({ organizationId, ...row })
        .onConflictDoUpdate({ target: whatsappConfigs.organizationId, set: row });
      return true;
    } catch (error) {
      // Two organizations saving the same number at once: the unique key decides.
      if (isUniqueViolation(error)) throw conflict(PHONE_NUMBER_TAKEN);
      throw error;
    }
  }

  async remove(organizationId: string): Promise<boolean> {
    const deleted = await this.db
      .delete(whatsappConfigs)
      .where(eq(whatsappConfigs.organizationId, organizationId))
      .returning({ id: whatsappConfigs.organizationId });
    return deleted.length > 0;
  }

  async setActive(organizationId: string, isActive: boolean): Promise<void> {
    await this.db.update(whatsappConfigs).set({ isActive }).where(eq(whatsappConfigs.organizationId, organizationId));
  }

  /** A client on the organization's saved credentials; answers WHATSAPP_NOT_CONFIGURED without any. */
  async clientFor(organizationId: string): Promise<GraphClient> {
    const account = await this.load(organizationId);
    if (!account) throw whatsAppNotConfigured();
    return this.clientWith(organizationId, account);
  }

  clientWith(organizationId: string, credentials: GraphCredentials): GraphClient {
    return new GraphClient(credentials, {
      ...this.graph,
      onCredentialFailure: (error) => {
        this.log.warn({ organizationId, metaCode: error.metaCode, kind: error.kind }, 'WhatsApp rejected the credentials');
        this.setActive(organizationId, false).catch((failure: unknown) => this.log.error({ err: failure }, 'could not mark config inactive'));
      },
    });
  }
}
