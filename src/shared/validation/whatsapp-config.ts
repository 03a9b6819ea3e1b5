import { number, object, string, type InferType } from 'yup';
import { MAX_MESSAGES_PER_SECOND } from '../api/broadcasts';
import { ACCESS_TOKEN, META_ID_DIGITS, WEBHOOK_VERIFY_TOKEN } from '../constants';

/** The Messaging API configuration rules; used by the Messaging API tab and PUT /settings/whatsapp. */

const TOKEN_CHARACTERS = /^[A-Za-z0-9_-]+$/;
const META_ID = new RegExp(`^\\d{${META_ID_DIGITS.min},${META_ID_DIGITS.max}}$`);

/** The stored token is never sent back whole: the form shows this mask, and an unchanged mask keeps the token. */
const MASK_PREFIX = '••••••••••••••••';

export function maskAccessToken(token: string): string {
  return `${MASK_PREFIX}${token.slice(-4)}`;
}

export function isMaskedAccessToken(value: string | undefined): boolean {
  return typeof value === 'string' && value.startsWith(MASK_PREFIX);
}

/** The mask stands for the saved token, which passed these rules when it was saved. */
const unlessMasked = (rule: (value: string) => boolean) => (value: string | undefined) =>
  !value || isMaskedAccessToken(value) || rule(value);

export const accessTokenField = string()
  .trim()
  .required('Access token is required')
  .test('token-min', 'Access token appears to be too short', unlessMasked((v) => v.length >= ACCESS_TOKEN.min))
  .test('token-max', 'Access token is too long', unlessMasked((v) => v.length <= ACCESS_TOKEN.max))
  .test('token-characters', 'Access token contains invalid characters', unlessMasked((v) => TOKEN_CHARACTERS.test(v)));

export const phoneNumberIdField = string()
  .trim()
  .required('Phone Number ID is required')
  .matches(META_ID, `Phone Number ID must be ${META_ID_DIGITS.min}-${META_ID_DIGITS.max} digits`);

export const businessAccountIdField = string()
  .trim()
  .required('Business Account ID is required')
  .matches(META_ID, `Business Account ID must be ${META_ID_DIGITS.min}-${META_ID_DIGITS.max} digits`);

export const webhookVerifyTokenField = string()
  .trim()
  .required('Webhook verify token is required')
  .min(WEBHOOK_VERIFY_TOKEN.min, `Webhook verify token must be at least ${WEBHOOK_VERIFY_TOKEN.min} characters`)
  .max(WEBHOOK_VERIFY_TOKEN.max, 'Webhook verify token is too long')
  .matches(TOKEN_CHARACTERS, 'Webhook verify token contains invalid characters');

/** The broadcast pace of the number, Meta's throughput tier (80 by default, up to 1,000); absent keeps the saved one. */
export const messagesPerSecondField = number()
  .transform((value: number, original: unknown) => (original === '' || original === null ? undefined : value))
  .typeError('Broadcast speed must be a number')
  .integer('Broadcast speed must be a whole number')
  .min(1, 'Broadcast speed must be at least 1 message per second')
  .max(MAX_MESSAGES_PER_SECOND, `Broadcast speed must be at most ${MAX_MESSAGES_PER_SECOND} messages per second`)
  .optional();

export const whatsappConfigSchema = object({
  accessToken: accessTokenField,
  phoneNumberId: phoneNumberIdField,
  businessAccountId: businessAccountIdField,
  webhookVerifyToken: webhookVerifyTokenField,
  messagesPerSecond: messagesPerSecondField,
});

/** PUT /settings/whatsapp. */
export type WhatsAppConfigInput = InferType<typeof whatsappConfigSchema>;
