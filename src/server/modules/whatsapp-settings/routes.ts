import type { FastifyInstance } from 'fastify';
import type { MessageResponse } from '@shared/api/roles';
import type { WebhookUrlResponse, WhatsAppConfigResponse, WhatsAppTestResult } from '@shared/api/whatsapp';
import { isMaskedAccessToken, maskAccessToken, whatsappConfigSchema } from '@shared/validation/whatsapp-config';
import { authOf } from '../../plugins/access';
import { invalidInput, notFound } from '../../lib/domain-error';
import { parse } from '../../lib/validate';
import { testCredentials } from '../../whatsapp/credential-test';
import { whatsAppNotConfigured } from '../../whatsapp/graph-domain-error';

/** Settings → Messaging API: the organization's WhatsApp configuration, its test, and the webhook URL. */
export async function whatsappSettingsRoutes(app: FastifyInstance): Promise<void> {
  const { accounts } = app.whatsapp;

  app.get('/whatsapp', { config: { access: 'settings:view' } }, async (request): Promise<WhatsAppConfigResponse> => {
    const account = await accounts.load(authOf(request).organizationId);
    if (!account) return { config: null };
    return {
      config: {
        accessToken: maskAccessToken(account.accessToken),
        phoneNumberId: account.phoneNumberId,
        businessAccountId: account.businessAccountId,
        webhookVerifyToken: account.webhookVerifyToken,
        isActive: account.isActive,
      },
    };
  });

  app.put('/whatsapp', { config: { access: 'settings:view' } }, async (request): Promise<MessageResponse> => {
    const auth = authOf(request);
    const body = parse(whatsappConfigSchema, request.body);
    const keepToken = isMaskedAccessToken(body.accessToken);
    const saved = await accounts.save(auth.organizationId, {
      accessToken: keepToken ? undefined : body.accessToken,
      phoneNumberId: body.phoneNumberId,
      businessAccountId: body.businessAccountId,
      webhookVerifyToken: body.webhookVerifyToken,
    });
    if (!saved) throw invalidInput('Access token is required');
    request.log.info(
      { event: 'whatsapp_config_saved', organizationId: auth.organizationId, userId: auth.userId, tokenChanged: !keepToken },
      'WhatsApp configuration saved',
    );
    return { message: 'WhatsApp configuration saved successfully' };
  });

  app.delete('/whatsapp', { config: { access: 'settings:view' } }, async (request): Promise<MessageResponse> => {
    const auth = authOf(request);
    if (!(await accounts.remove(auth.organizationId))) throw notFound('WhatsApp configuration not found');
    request.log.info({ event: 'whatsapp_config_deleted', organizationId: auth.organizationId, userId: auth.userId }, 'WhatsApp configuration deleted');
    return { message: 'WhatsApp configuration deleted successfully' };
  });

  app.post('/whatsapp/test', { config: { access: 'settings:view' } }, async (request): Promise<WhatsAppTestResult> => {
    const { organizationId } = authOf(request);
    const account = await accounts.load(organizationId);
    if (!account) throw whatsAppNotConfigured();
    const result = await testCredentials(accounts.clientWith(organizationId, account));
    await accounts.setActive(organizationId, result.success);
    return result;
  });

  app.get('/webhook-url', { config: { access: 'settings:view' } }, async (): Promise<WebhookUrlResponse> => ({
    webhookUrl: `${app.config.publicUrl}/api/webhooks/whatsapp`,
  }));
}
