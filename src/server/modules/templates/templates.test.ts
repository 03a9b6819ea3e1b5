/** @jest-environment node */
import { TEMPLATE_FIXTURES } from '@sandbox/fixtures';
import type { TemplatesResponse } from '@shared/api/templates';
import { addMemberWith } from '../../testing/fixtures';
import { signUpAdmin, type Member } from '../../testing/test-app';
import { createKitWithAdmin, DEMO_CONFIG, saveConfig, storeUnconfirmedConfig, type WhatsAppTestKit } from '../../testing/whatsapp-test-kit';

let kit: WhatsAppTestKit;
let admin: Member;

beforeAll(async () => ({ kit, admin } = await createKitWithAdmin()));

afterAll(() => kit.close());

const sync = (member: Member = admin) => member.request({ method: 'POST', url: '/api/templates/sync' });
const local = async (query = '', member: Member = admin): Promise<TemplatesResponse> => {
  const response = await member.request({ method: 'GET', url: `/api/templates/local${query}` });
  expect(response.statusCode).toBe(200);
  return response.json();
};

describe('templates', () => {
  it('are empty, with no sync time, before the first sync', async () => {
    expect(await local()).toMatchObject({ data: [], lastTemplateSync: null, pagination: { total: 0 } });
  });

  it('sync pulls every template from the WhatsApp Business Account', async () => {
    const before = Date.now();
    const response = await sync();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ message: 'Templates synced successfully', synced: TEMPLATE_FIXTURES.length });

    const list = await local();
    expect(list.data.map((t) => t.name).sort()).toEqual(TEMPLATE_FIXTURES.map((t) => t.name).sort());
    expect(new Date(list.lastTemplateSync!).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(list.lastTemplateSync).toBe(body.lastTemplateSync);

    const order = list.data.find((t) => t.name === 'order_confirmation')!;
    expect(order).toMatchObject({ status: 'APPROVED', category: 'UTILITY', language: 'en_US' });
    expect(order.components).toEqual([
      { type: 'HEADER', format: 'TEXT', text: 'Your order is confirmed' },
      { type: 'BODY', text: 'Hi {{1}}, thank you for shopping with Desert Rose Trading. Your order {{2}} will arrive on {{3}}.' },
      { type: 'FOOTER', text: 'Desert Rose Trading, Dubai' },
      {
        type: 'BUTTONS',
        buttons: [
          { id: '0', text: 'Track my order', type: 'QUICK_REPLY' },
          { id: '1', text: 'Talk to an agent', type: 'QUICK_REPLY' },
        ],
      },
    ]);
    expect(list.data.find((t) => t.name === 'seasonal_offer')!.components[0]).toEqual({ type: 'HEADER', format: 'IMAGE' });
  });

  it('filter by status and page, with totals from the database', async () => {
    const approved = await local('?status=APPROVED');
    expect(approved.data.length).toBe(TEMPLATE_FIXTURES.filter((t) => t.status === 'APPROVED').length);
    expect(approved.data.every((t) => t.status === 'APPROVED')).toBe(true);
    expect((await local('?status=rejected')).data.map((t) => t.name).sort()).toEqual(['flash_sale_everything', 'ramadan_hours']);

    const page = await local('?page=2&limit=4');
    expect(page.pagination).toEqual({ page: 2, limit: 4, total: TEMPLATE_FIXTURES.length, totalPages: 3, hasNext: true });
    expect(page.data).toHaveLength(4);
    const bad = await admin.request({ method: 'GET', url: '/api/templates/local?status=no%20such' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'Invalid template status' });
  });

  it('a second sync follows changes at Meta: new statuses and removed templates', async () => {
    const business = kit.sandbox.world.wabaOwner(DEMO_CONFIG.businessAccountId)!;
    const removed = business.templates.find((t) => t.name === 'loyalty_points')!;
    business.templates = business.templates.filter((t) => t !== removed);
    business.templates.find((t) => t.name === 'feedback_request')!.status = 'APPROVED';
    try {
      expect((await sync()).json().synced).toBe(TEMPLATE_FIXTURES.length - 1);
      const list = await local();
      expect(list.data.find((t) => t.name === 'loyalty_points')).toBeUndefined();
      expect(list.data.find((t) => t.name === 'feedback_request')!.status).toBe('APPROVED');
    } finally {
      business.templates.push(removed);
      business.templates.find((t) => t.name === 'feedback_request')!.status = 'PENDING';
      await sync();
    }
  });

  it('answers the configuration-error codes when the token is expired or lacks permission', async () => {
    await storeUnconfirmedConfig(kit.t.app, admin, { accessToken: 'EAAG_EXPIRED_sandbox_token_2026' });
    const expired = await sync();
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe('WHATSAPP_TOKEN_EXPIRED');
    expect(expired.json().error).toMatch(/invalid or expired/);

    await storeUnconfirmedConfig(kit.t.app, admin, { accessToken: 'EAAG_NOPERM_sandbox_token_2026' });
    const denied = await sync();
    expect(denied.json()).toMatchObject({ code: 'WHATSAPP_PERMISSION_DENIED' });
    expect(denied.json().error).toMatch(/^API call failed/);

    await saveConfig(admin);
    kit.sandbox.injectFault(DEMO_CONFIG.businessAccountId, 'server_error');
    try {
      const down = await sync();
      expect(down.statusCode).toBe(502);
      expect(down.json()).toEqual({ error: 'API call failed: Service temporarily unavailable' });
    } finally {
      kit.sandbox.clearFaults();
    }
    expect((await local()).data).toHaveLength(TEMPLATE_FIXTURES.length);
  });

  it('need templates:view to list and templates:sync to sync', async () => {
    const organizationId = admin.user.organization!.organizationId;
    const viewer = await addMemberWith(kit.t, organizationId, ['templates:view']);
    expect((await local('', viewer)).data.length).toBe(TEMPLATE_FIXTURES.length);
    expect((await sync(viewer)).statusCode).toBe(403);
    const nobody = await addMemberWith(kit.t, organizationId, ['chats:view']);
    expect((await nobody.request({ method: 'GET', url: '/api/templates/local' })).statusCode).toBe(403);

    const other = await signUpAdmin(kit.t.app, { organizationName: 'Other Org' });
    expect((await local('', other)).data).toEqual([]);
  });

  it('are readable by members who create broadcasts, who pick one to send', async () => {
    const organizationId = admin.user.organization!.organizationId;
    const broadcaster = await addMemberWith(kit.t, organizationId, ['broadcasts:create']);
    expect((await local('?status=APPROVED', broadcaster)).data.length).toBe(TEMPLATE_FIXTURES.filter((t) => t.status === 'APPROVED').length);
    expect((await sync(broadcaster)).statusCode).toBe(403);
    const viewer = await addMemberWith(kit.t, organizationId, ['broadcasts:view']);
    expect((await viewer.request({ method: 'GET', url: '/api/templates/local' })).statusCode).toBe(403);
  });
});
