import type { WhatsAppTestResult } from '@shared/api/whatsapp';
import { GraphError } from './graph-error';
import type { GraphClient } from './graph-client';
import type { PhoneNumberInfo } from './graph-types';

/**
 * The Test Config check, all cheap reads: the phone number (proves the token and
 * the number id), the business account, that the number belongs to that account (the most common
 * misconfiguration), and template access (the management permission).
 */
export async function testCredentials(client: GraphClient): Promise<WhatsAppTestResult> {
  try {
    const ownership = await confirmNumberOwnership(client);
    if (!ownership.confirmed) return failure(ownership.reason);
    const { phone } = ownership;
    const account = await client.getBusinessAccount();
    await client.probeTemplateAccess();
    const number = phone.display_phone_number ? ` (${phone.display_phone_number})` : '';
    const name = phone.verified_name ?? account.name ?? 'your business';
    return { success: true, message: `WhatsApp configuration is valid: ${name}${number} is connected` };
  } catch (error) {
    if (!(error instanceof GraphError)) throw error;
    return failure(describe(error));
  }
}

export type NumberOwnership = { confirmed: true; phone: PhoneNumberInfo } | { confirmed: false; reason: string };

/**
 * Whether the client's token may use its phone number id: Meta answers for the number with that token,
 * and lists it under the business account id. Webhooks are routed by the number id, so only a
 * configuration that passes this may claim it. Meta's refusals become the reason; a failure to reach
 * Meta (transient) is thrown, since it proves nothing either way.
 */
export async function confirmNumberOwnership(client: GraphClient): Promise<NumberOwnership> {
  try {
    const phone = await client.getPhoneNumber();
    const numbers = await client.listPhoneNumbers();
    if (!numbers.some((number) => number.id === client.phoneNumberId)) {
      return { confirmed: false, reason: `Phone number id ${client.phoneNumberId} does not belong to business account id ${client.businessAccountId}` };
    }
    return { confirmed: true, phone };
  } catch (error) {
    if (!(error instanceof GraphError) || error.retryable) throw error;
    return { confirmed: false, reason: describe(error) };
  }
}

function failure(error: string): WhatsAppTestResult {
  return { success: false, message: 'WhatsApp configuration test failed', error };
}

function describe(error: GraphError): string {
  switch (error.kind) {
    case 'token_expired':
      return `The access token is invalid or expired: ${error.message}`;
    case 'permission_denied':
      return `The access token lacks the whatsapp_business_management or whatsapp_business_messaging permission: ${error.message}`;
    default:
      return error.message;
  }
}
