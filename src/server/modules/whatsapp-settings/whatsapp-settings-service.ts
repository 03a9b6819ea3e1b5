import type { WhatsAppConfigResponse, WhatsAppTestResult } from '@shared/api/whatsapp';
import { isMaskedAccessToken, maskAccessToken, type WhatsAppConfigInput } from '@shared/validation/whatsapp-config';
import { conflict, invalidInput, notFound } from '../../lib/domain-error';
import { confirmNumberOwnership, testCredentials, type NumberOwnership } from '../../whatsapp/credential-test';
import type { GraphClient } from '../../whatsapp/graph-client';
import { toDomainError, whatsAppNotConfigured } from '../../whatsapp/graph-domain-error';
import type { WhatsAppAccounts } from './whatsapp-accounts';

export const NUMBER_NOT_CONFIRMED = 'WhatsApp did not confirm that this access token can use this phone number';
export const PHONE_NUMBER_TAKEN = 'This Phone Number ID is already connected to another organization';

/** The organization's configuration as the settings form shows it: the token masked, never whole. */
export async function showSettings(accounts: WhatsAppAccounts, organizationId: string): Promise<WhatsAppConfigResponse> {
  const account = await accounts.load(organizationId);
  if (!account) return { config: null };
  return {
    config: {
      accessToken: maskAccessToken(account.accessToken),
      phoneNumberId: account.phoneNumberId,
      businessAccountId: account.businessAccountId,
      webhookVerifyToken: account.webhookVerifyToken,
      isActive: account.isActive,
      messagesPerSecond: account.messagesPerSecond,
    },
  };
}

/**
 * Saves the configuration. The form sends the mask back when the token is unchanged, which keeps the
 * saved one (so a first save needs a real token). Webhooks are routed by the phone number id, so a
 * configuration is saved only once Meta confirms, with its token, that the number belongs to its
 * business account; only then is another organization's claim on the number revealed (409), so the
 * answer never tells a stranger which numbers are in use. Without a broadcast speed the saved one
 * stays. Answers whether the token changed.
 */
export async function saveSettings(accounts: WhatsAppAccounts, organizationId: string, input: WhatsAppConfigInput): Promise<{ tokenChanged: boolean }> {
  const keepToken = isMaskedAccessToken(input.accessToken);
  const accessToken = keepToken ? (await accounts.load(organizationId))?.accessToken : input.accessToken;
  if (!accessToken) throw invalidInput('Access token is required');
  await requireNumberOwnership(accounts.candidateClient({ accessToken, phoneNumberId: input.phoneNumberId, businessAccountId: input.businessAccountId }));
  const outcome = await accounts.save(organizationId, {
    accessToken: keepToken ? undefined : input.accessToken,
    phoneNumberId: input.phoneNumberId,
    businessAccountId: input.businessAccountId,
    webhookVerifyToken: input.webhookVerifyToken,
    messagesPerSecond: input.messagesPerSecond,
  });
  if (outcome === 'number_taken') throw conflict(PHONE_NUMBER_TAKEN);
  if (outcome === 'no_token') throw invalidInput('Access token is required');
  return { tokenChanged: !keepToken };
}

async function requireNumberOwnership(client: GraphClient): Promise<void> {
  let ownership: NumberOwnership;
  try {
    ownership = await confirmNumberOwnership(client);
  } catch (error) {
    throw toDomainError(error);
  }
  if (!ownership.confirmed) throw invalidInput(`${NUMBER_NOT_CONFIRMED}: ${ownership.reason}`);
}

export async function deleteSettings(accounts: WhatsAppAccounts, organizationId: string): Promise<void> {
  if (!(await accounts.remove(organizationId))) throw notFound('WhatsApp configuration not found');
}

/** Tests the saved credentials against the Graph API; the result also marks the configuration active or not. */
export async function testSettings(accounts: WhatsAppAccounts, organizationId: string): Promise<WhatsAppTestResult> {
  const account = await accounts.load(organizationId);
  if (!account) throw whatsAppNotConfigured();
  const result = await testCredentials(accounts.clientWith(organizationId, account));
  await accounts.setActive(organizationId, result.success);
  return result;
}

/** The callback URL to paste into the Meta app: one for the whole deployment. */
export function webhookUrlOf(publicUrl: string): string {
  return `${publicUrl}/api/webhooks/whatsapp`;
}

// Webhooks are routed to the organization that owns their phone number.
export { findNumberOwner, findOrganizationsByBusinessAccount, findVerifyToken } from './whatsapp-settings-repository';
