import type { FastifyInstance } from 'fastify';
import type { MessageResponse } from '@shared/api/roles';
import type { WebhookUrlResponse, WhatsAppConfigResponse, WhatsAppTestResult } from '@shared/api/whatsapp';
import { noBody, noQuery } from '@shared/validation/route-input';
import { whatsappConfigSchema } from '@shared/validation/whatsapp-config';
import { authOf } from '../../plugins/access';
import type { YupTypeProvider } from '../../plugins/validation';
import { deleteSettings, saveSettings, showSettings, testSettings, webhookUrlOf } from './whatsapp-settings-service';

/** Settings → Messaging API: the organization's WhatsApp configuration, its test, and the webhook URL. */
export async function whatsappSettingsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<YupTypeProvider>();
  const accounts = app.whatsappAccounts;

  app.get(
    '/whatsapp',
    { config: { access: 'settings:view' }, schema: { querystring: noQuery } },
    async (request): Promise<WhatsAppConfigResponse> => showSettings(accounts, authOf(request).organizationId),
  );

  app.put(
    '/whatsapp',
    { config: { access: 'settings:view' }, schema: { body: whatsappConfigSchema } },
    async (request): Promise<MessageResponse> => {
      const { organizationId, userId } = authOf(request);
      const { tokenChanged } = await saveSettings(accounts, organizationId, request.body);
      request.log.info({ event: 'whatsapp_config_saved', organizationId, userId, tokenChanged }, 'WhatsApp configuration saved');
      return { message: 'WhatsApp configuration saved successfully' };
    },
  );

  app.delete('/whatsapp', { config: { access: 'settings:view' } }, async (request): Promise<MessageResponse> => {
    const { organizationId, userId } = authOf(request);
    await deleteSettings(accounts, organizationId);
    request.log.info({ event: 'whatsapp_config_deleted', organizationId, userId }, 'WhatsApp configuration deleted');
    return { message: 'WhatsApp configuration deleted successfully' };
  });

  app.post(
    '/whatsapp/test',
    { config: { access: 'settings:view' }, schema: { body: noBody } },
    async (request): Promise<WhatsAppTestResult> => testSettings(accounts, authOf(request).organizationId),
  );

  app.get(
    '/webhook-url',
    { config: { access: 'settings:view' }, schema: { querystring: noQuery } },
    async (): Promise<WebhookUrlResponse> => ({ webhookUrl: webhookUrlOf(app.config.publicUrl) }),
  );
}
