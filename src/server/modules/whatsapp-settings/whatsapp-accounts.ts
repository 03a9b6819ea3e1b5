import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { isUniqueViolation } from '../../lib/db-errors';
import {
  deleteConfig, findConfig, isNumberUsedElsewhere, setConfigActive, updateConfigKeepingToken, upsertConfig,
} from './whatsapp-settings-repository';
import { GraphClient, type GraphClientOptions, type GraphCredentials } from '../../whatsapp/graph-client';
import { whatsAppNotConfigured } from '../../whatsapp/graph-domain-error';
import type { TokenCipher } from '../../lib/token-cipher';

export interface WhatsAppAccount extends GraphCredentials {
  organizationId: string;
  webhookVerifyToken: string;
  isActive: boolean;
  /** The broadcast pace of the number (messages per second). */
  messagesPerSecond: number;
}

export interface SaveAccountInput {
  /** Undefined keeps the stored token (the form sent back the mask). */
  accessToken: string | undefined;
  phoneNumberId: string;
  businessAccountId: string;
  webhookVerifyToken: string;
  /** The broadcast pace; undefined keeps the stored one (the default for a new configuration). */
  messagesPerSecond?: number;
}

/** `no_token`: the form kept the token, but none was saved; `number_taken`: another organization has the number. */
export type SaveOutcome = 'saved' | 'no_token' | 'number_taken';

export type GraphSettings = Omit<GraphClientOptions, 'onCredentialFailure'>;

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
    const row = await findConfig(this.db, organizationId);
    if (!row) return undefined;
    return {
      organizationId,
      accessToken: this.cipher.decrypt(organizationId, 'whatsapp_access_token', row.accessTokenEncrypted),
      phoneNumberId: row.phoneNumberId,
      businessAccountId: row.businessAccountId,
      webhookVerifyToken: row.webhookVerifyToken,
      isActive: row.isActive,
      messagesPerSecond: row.messagesPerSecond,
    };
  }

  /** Saves the configuration (active again until a call or test says otherwise); a new configuration needs a token. */
  async save(organizationId: string, input: SaveAccountInput): Promise<SaveOutcome> {
    const config = {
      phoneNumberId: input.phoneNumberId,
      businessAccountId: input.businessAccountId,
      webhookVerifyToken: input.webhookVerifyToken,
      isActive: true,
      ...(input.messagesPerSecond === undefined ? {} : { messagesPerSecond: input.messagesPerSecond }),
    };
    if (await isNumberUsedElsewhere(this.db, input.phoneNumberId, organizationId)) return 'number_taken';
    try {
      if (input.accessToken === undefined) {
        return (await updateConfigKeepingToken(this.db, organizationId, config)) ? 'saved' : 'no_token';
      }
      const accessTokenEncrypted = this.cipher.encrypt(organizationId, 'whatsapp_access_token', input.accessToken);
      await upsertConfig(this.db, organizationId, { ...config, accessTokenEncrypted });
      return 'saved';
    } catch (error) {
      // Two organizations saving the same number at once: the unique key decides.
      if (isUniqueViolation(error)) return 'number_taken';
      throw error;
    }
  }

  remove(organizationId: string): Promise<boolean> {
    return deleteConfig(this.db, organizationId);
  }

  setActive(organizationId: string, isActive: boolean): Promise<void> {
    return setConfigActive(this.db, organizationId, isActive);
  }

  /** A client on the organization's saved credentials; answers WHATSAPP_NOT_CONFIGURED without any. */
  async clientFor(organizationId: string): Promise<GraphClient> {
    const account = await this.load(organizationId);
    if (!account) throw whatsAppNotConfigured();
    return this.clientWith(organizationId, account);
  }

  /**
   * A client on credentials not saved yet (a configuration being checked): a token Meta refuses here
   * must not mark the saved configuration inactive.
   */
  candidateClient(credentials: GraphCredentials): GraphClient {
    return new GraphClient(credentials, this.graph);
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
