/** @jest-environment node */
import { eq } from 'drizzle-orm';
import { whatsappConfigs } from '../../db/schema';
import { addMemberWith } from '../../testing/fixtures';
import { signUpAdmin, type Member } from '../../testing/test-app';
import { createKitWithAdmin, DEMO_CONFIG, saveConfig, storeUnconfirmedConfig, type WhatsAppTestKit } from '../../testing/whatsapp-test-kit';

let kit: WhatsAppTestKit;
let admin: Member;
let organizationId: string;

beforeAll(async () => {
  ({ kit, admin } = await createKitWithAdmin({ configured: false }));
  organizationId = admin.user.organization!.organizationId;
});

afterAll(() => kit.close());

const get = (member: Member = admin) => member.request({ method: 'GET', url: '/api/settings/whatsapp' });
const put = (payload: Record<string, unknown>, member: Member = admin) =>
  member.request({ method: 'PUT', url: '/api/settings/whatsapp', payload: { ...DEMO_CONFIG, ...payload } });
const test = () => admin.request({ method: 'POST', url: '/api/settings/whatsapp/test' });

describe('Messaging API settings', () => {
  it('has no configuration at first, and the test says so with WHATSAPP_NOT_CONFIGURED', async () => {
    expect((await get()).json()).toEqual({ config: null });
    const response = await test();
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'WHATSAPP_NOT_CONFIGURED' });
    expect((await admin.request({ method: 'POST', url: '/api/templates/sync' })).json()).toMatchObject({ code: 'WHATSAPP_NOT_CONFIGURED' });
  });

  it.each([
    ['Access token is required', { accessToken: '' }],
    ['Access token appears to be too short', { accessToken: 'EAAG_short' }],
    ['Access token is too long', { accessToken: 'E'.repeat(501) }],
    ['Access token contains invalid characters', { accessToken: 'EAAG token with spaces 1234' }],
    ['Phone Number ID is required', { phoneNumberId: '' }],
    ['Phone Number ID must be 10-20 digits', { phoneNumberId: '12345' }],
    ['Phone Number ID must be 10-20 digits', { phoneNumberId: '10654035224292a' }],
    ['Business Account ID is required', { businessAccountId: '' }],
    ['Business Account ID must be 10-20 digits', { businessAccountId: '1'.repeat(21) }],
    ['Webhook verify token is required', { webhookVerifyToken: '' }],
    ['Webhook verify token must be at least 8 characters', { webhookVerifyToken: 'short' }],
    ['Webhook verify token is too long', { webhookVerifyToken: 'v'.repeat(101) }],
    ['Webhook verify token contains invalid characters', { webhookVerifyToken: 'not valid!' }],
    ['Broadcast speed must be at least 1 message per second', { messagesPerSecond: 0 }],
    ['Broadcast speed must be at most 1000 messages per second', { messagesPerSecond: 1001 }],
    ['Broadcast speed must be a whole number', { messagesPerSecond: 12.5 }],
    ['Broadcast speed must be a number', { messagesPerSecond: 'fast' }],
  ])('refuses with "%s"', async (message, change) => {
    const response = await put(change);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message });
  });

  it('refuses the mask as a token while nothing is saved', async () => {
    const response = await put({ accessToken: '••••••••••••••••2026' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Access token is required' });
  });

  it('saves the configuration, shows the token masked, and stores it encrypted', async () => {
    const saved = await put({});
    expect(saved.json()).toEqual({ message: 'WhatsApp configuration saved successfully' });
    const { config } = (await get()).json();
    expect(config).toEqual({
      accessToken: `••••••••••••••••${DEMO_CONFIG.accessToken.slice(-4)}`,
      phoneNumberId: DEMO_CONFIG.phoneNumberId,
      businessAccountId: DEMO_CONFIG.businessAccountId,
      webhookVerifyToken: DEMO_CONFIG.webhookVerifyToken,
      isActive: true,
      messagesPerSecond: 80,
    });
    const [row] = await kit.t.database.db.select().from(whatsappConfigs).where(eq(whatsappConfigs.organizationId, organizationId));
    expect(JSON.stringify(row)).not.toContain(DEMO_CONFIG.accessToken);
    expect(row.accessTokenEncrypted).toMatch(/^v1\./);
  });

  it('keeps the stored token when the form sends the mask back, and replaces it when a new one is typed', async () => {
    const { config } = (await get()).json();
    expect((await put({ accessToken: config.accessToken, webhookVerifyToken: 'another-verify-token' })).statusCode).toBe(200);
    expect((await kit.t.app.whatsappAccounts.load(organizationId))?.accessToken).toBe(DEMO_CONFIG.accessToken);
    expect((await get()).json().config.webhookVerifyToken).toBe('another-verify-token');

    kit.sandbox.world.grantToken(kit.sandbox.world.businessForToken(DEMO_CONFIG.accessToken), 'EAAGa_brand_new_token_value_99');
    expect((await put({ accessToken: 'EAAGa_brand_new_token_value_99' })).statusCode).toBe(200);
    expect((await kit.t.app.whatsappAccounts.load(organizationId))?.accessToken).toBe('EAAGa_brand_new_token_value_99');
    await put({});
  });

  it('a ciphertext copied into another organization does not decrypt there', async () => {
    const other = await signUpAdmin(kit.t.app, { organizationName: 'Copycat Ltd' });
    const otherOrg = other.user.organization!.organizationId;
    await saveConfig(other, { accessToken: 'EAAGcopycatOwnTokenValue_0001', phoneNumberId: '300000000000001', businessAccountId: '300000000000009' });
    const [mine] = await kit.t.database.db.select().from(whatsappConfigs).where(eq(whatsappConfigs.organizationId, organizationId));
    await kit.t.database.db.update(whatsappConfigs).set({ accessTokenEncrypted: mine.accessTokenEncrypted }).where(eq(whatsappConfigs.organizationId, otherOrg));
    await expect(kit.t.app.whatsappAccounts.load(otherOrg)).rejects.toThrow();
    await kit.t.database.db.delete(whatsappConfigs).where(eq(whatsappConfigs.organizationId, otherOrg));
  });

  it("refuses a phone number id another organization already uses", async () => {
    const other = await signUpAdmin(kit.t.app, { organizationName: 'Rival Trading' });
    const response = await put({}, other);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'This Phone Number ID is already connected to another organization' });
  });

  it('keeps the broadcast speed a save does not mention, and changes it when one does', async () => {
    expect((await put({ messagesPerSecond: 250 })).statusCode).toBe(200);
    expect((await get()).json().config.messagesPerSecond).toBe(250);
    expect((await put({ webhookVerifyToken: 'speed-kept-verify-token' })).statusCode).toBe(200);
    expect((await get()).json().config).toMatchObject({ messagesPerSecond: 250, webhookVerifyToken: 'speed-kept-verify-token' });
    expect((await kit.t.app.whatsappAccounts.load(organizationId))?.messagesPerSecond).toBe(250);
    expect((await put({ messagesPerSecond: 1000 })).statusCode).toBe(200);
    expect((await get()).json().config.messagesPerSecond).toBe(1000);
    await put({ messagesPerSecond: 80 });
  });

  it('tests the saved credentials against the API: Configuration Valid', async () => {
    const response = await test();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'WhatsApp configuration is valid: Desert Rose Trading (+971 4 555 0100) is connected' });
  });

  it('refuses to save a token Meta rejects, and keeps the saved configuration', async () => {
    const response = await put({ accessToken: 'EAAG_EXPIRED_sandbox_token_2026' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(
      /^WhatsApp did not confirm that this access token can use this phone number: The access token is invalid or expired: Error validating access token/,
    );
    expect(JSON.stringify(response.json())).not.toContain('EAAG_EXPIRED_sandbox_token_2026');
    expect((await kit.t.app.whatsappAccounts.load(organizationId))?.accessToken).toBe(DEMO_CONFIG.accessToken);
    expect((await get()).json().config.isActive).toBe(true);
  });

  it('reports a saved token that has since expired as invalid and marks the configuration inactive; a valid test makes it active again', async () => {
    await storeUnconfirmedConfig(kit.t.app, admin, { accessToken: 'EAAG_EXPIRED_sandbox_token_2026' });
    const response = await test();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: false, message: 'WhatsApp configuration test failed' });
    expect(response.json().error).toMatch(/^The access token is invalid or expired: Error validating access token/);
    expect((await get()).json().config.isActive).toBe(false);
    expect(JSON.stringify(response.json())).not.toContain('EAAG_EXPIRED_sandbox_token_2026');

    await put({ accessToken: DEMO_CONFIG.accessToken });
    expect((await test()).json().success).toBe(true);
    expect((await get()).json().config.isActive).toBe(true);
  });

  it("works with a newcomer's own made-up ids, and refuses ids the token cannot reach without saying who has them", async () => {
    await put({ accessToken: 'EAAGnewcomerOwnSandboxToken01', phoneNumberId: '4000000000001', businessAccountId: '4000000000009' });
    expect((await test()).json()).toMatchObject({ success: true });
    const refused = await put({ accessToken: 'EAAGnewcomerOwnSandboxToken01', phoneNumberId: DEMO_CONFIG.phoneNumberId, businessAccountId: '4000000000009' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toContain(`Object with ID '${DEMO_CONFIG.phoneNumberId}' does not exist`);
    expect((await get()).json().config.phoneNumberId).toBe('4000000000001');
    await put({ accessToken: DEMO_CONFIG.accessToken, businessAccountId: DEMO_CONFIG.businessAccountId });
  });

  it("does not let another organization claim a number with a token that cannot use it, nor tell it the number is taken", async () => {
    const squatter = await signUpAdmin(kit.t.app, { organizationName: 'Number Squatters' });
    const response = await put({ accessToken: 'EAAGsquatterOwnSandboxToken1' }, squatter);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/^WhatsApp did not confirm that this access token can use this phone number: /);
    expect(response.json().error).not.toContain('another organization');
    expect((await get(squatter)).json()).toEqual({ config: null });
  });

  it('refuses a phone number id that does not belong to the business account id', async () => {
    await put({ accessToken: 'EAAGtwoAccountsSandboxToken1', phoneNumberId: '4100000000001', businessAccountId: '4100000000009' });
    const other = await signUpAdmin(kit.t.app, { organizationName: 'Mixed Ids Ltd' });
    const response = await put({ accessToken: 'EAAGthirdPartySandboxToken01', phoneNumberId: '4200000000001', businessAccountId: '4100000000009' }, other);
    expect(response.statusCode).toBe(400);
    await put({});
  });

  it('gives the webhook URL to paste into Meta', async () => {
    const response = await admin.request({ method: 'GET', url: '/api/settings/webhook-url' });
    expect(response.json()).toEqual({ webhookUrl: 'http://localhost:3000/api/webhooks/whatsapp' });
  });

  it('deletes the configuration; a second delete is 404', async () => {
    const response = await admin.request({ method: 'DELETE', url: '/api/settings/whatsapp' });
    expect(response.json()).toEqual({ message: 'WhatsApp configuration deleted successfully' });
    expect((await get()).json()).toEqual({ config: null });
    expect((await admin.request({ method: 'DELETE', url: '/api/settings/whatsapp' })).statusCode).toBe(404);
    await put({});
  });

  it('needs settings:view for every endpoint, and a session', async () => {
    const agent = await addMemberWith(kit.t, organizationId, ['chats:view', 'templates:view']);
    const anonymous = (options: { method: 'GET' | 'PUT' | 'DELETE' | 'POST'; url: string }) => kit.t.app.inject(options);
    for (const [method, url] of [
      ['GET', '/api/settings/whatsapp'], ['PUT', '/api/settings/whatsapp'], ['DELETE', '/api/settings/whatsapp'],
      ['POST', '/api/settings/whatsapp/test'], ['GET', '/api/settings/webhook-url'],
    ] as const) {
      expect((await agent.request({ method, url, payload: method === 'PUT' ? DEMO_CONFIG : undefined })).statusCode).toBe(403);
      expect((await anonymous({ method, url })).statusCode).toBe(401);
    }
    expect((await get()).json().config).not.toBeNull();
  });
});
