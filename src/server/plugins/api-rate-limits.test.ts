import { DEFAULT_API_RATE_LIMITS } from '../config';
import { addMemberWith } from '../testing/fixtures';
import { createTestApp, organizationOf, signUpAdmin, type Member, type TestApp } from '../testing/test-app';
import { MEMBER_TOO_FAST, ORGANIZATION_TOO_FAST } from './api-rate-limits';

const list = (member: Member) => member.request({ method: 'GET', url: '/api/contacts' });

async function statusesOf(member: Member, times: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < times; i += 1) statuses.push((await list(member)).statusCode);
  return statuses;
}

describe('with small limits (5 per member, 8 per organization)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ apiRateLimits: { perMemberPerMinute: 5, perOrganizationPerMinute: 8 } });
  });
  afterAll(async () => {
    await t.close();
  });

  it("a member's sixth request in a minute answers 429 with Retry-After, and nothing else is held back", async () => {
    const admin = await signUpAdmin(t.app);
    const other = await signUpAdmin(t.app);
    expect(await statusesOf(admin, 5)).toEqual([200, 200, 200, 200, 200]);
    const refused = await list(admin);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: MEMBER_TOO_FAST, code: 'TOO_MANY_REQUESTS' });
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    // Another organization, and requests without a session (sign-in has its own throttle), go on.
    expect((await list(other)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    // The app's pages are not the API: a member over the limit still gets them.
    expect((await admin.request({ method: 'GET', url: '/conversations' })).statusCode).not.toBe(429);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: admin.email, password: admin.password } })).statusCode).toBe(200);
  });

  it("the organization's members share its limit: past it, each of them is refused", async () => {
    const admin = await signUpAdmin(t.app);
    const colleague = await addMemberWith(t, organizationOf(admin), ['contacts:view']);
    expect(await statusesOf(admin, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(await statusesOf(colleague, 3)).toEqual([200, 200, 200]);
    const refused = await list(colleague);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: ORGANIZATION_TOO_FAST, code: 'TOO_MANY_REQUESTS' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it("one session's flood is refused before the session is even read (no database work): a signed-out token over the limit answers 429, not 401", async () => {
    const admin = await signUpAdmin(t.app);
    expect(await statusesOf(admin, 4)).toEqual([200, 200, 200, 200]);
    expect((await admin.request({ method: 'POST', url: '/api/auth/logout', headers: { origin: 'http://localhost:3000' } })).statusCode).toBeLessThan(300);
    const refused = await list(admin);
    expect(refused.statusCode).toBe(429);
  });

  it('a refused request does nothing: a write over the limit is not applied', async () => {
    const admin = await signUpAdmin(t.app);
    await statusesOf(admin, 5);
    const refused = await admin.request({ method: 'POST', url: '/api/tags', payload: { name: 'VIP', color: '#1976d2' } });
    expect(refused.statusCode).toBe(429);
    const colleague = await addMemberWith(t, organizationOf(admin), ['contacts:view']);
    expect(JSON.stringify((await colleague.request({ method: 'GET', url: '/api/tags' })).json())).not.toContain('VIP');
  });
});

describe('with the default limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('five open tabs of the polling client (about 36 requests a minute each) never meet them', async () => {
    expect(DEFAULT_API_RATE_LIMITS).toEqual({ perMemberPerMinute: 600, perOrganizationPerMinute: 6_000 });
    const admin = await signUpAdmin(t.app);
    const statuses = await Promise.all(Array.from({ length: 5 * 36 * 2 }, async () => (await list(admin)).statusCode));
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
  });
});
