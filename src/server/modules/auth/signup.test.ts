import { ALL_PERMISSIONS } from '@shared/permissions/catalogue';
import { eq } from 'drizzle-orm';
import { organizations, users } from '../../db/schema';
import { createInvitation, roleIdByName } from '../../testing/fixtures';
import { createTestApp, signUpAdmin, TEST_PASSWORD, uniqueEmail, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const signup = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/auth/signup', payload });
const valid = () => ({ name: 'Layla Hassan', email: uniqueEmail('layla'), password: TEST_PASSWORD, organizationName: 'Layla Perfumes' });

describe('signup without an invitation', () => {
  test('creates the organization and makes the founder its Admin with every permission', async () => {
    const response = await signup(valid());
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.isNewUser).toBe(true);
    expect(body.user).toMatchObject({ name: 'Layla Hassan', organization: { organizationName: 'Layla Perfumes', role: { name: 'Admin' } } });
    expect([...body.user.organization.permissions].sort()).toEqual([...ALL_PERMISSIONS].sort());
  });

  test('sets an HttpOnly, SameSite=Lax session cookie for the whole site', async () => {
    const response = await signup(valid());
    const cookie = response.cookies.find((c) => c.name === 'parley_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  test('creates the four system roles in the new organization', async () => {
    const admin = await signUpAdmin(t.app);
    const organizationId = admin.user.organization!.organizationId;
    for (const name of ['Admin', 'Manager', 'Team Lead', 'Agent']) {
      await expect(roleIdByName(t, organizationId, name)).resolves.toEqual(expect.any(String));
    }
  });

  test('stores the e-mail lower-cased and refuses the same address in another case', async () => {
    const email = uniqueEmail('Case.Sensitive').replace('case', 'CASE');
    expect((await signup({ ...valid(), email })).statusCode).toBe(201);
    const again = await signup({ ...valid(), email: email.toLowerCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'An account with this email already exists' });
  });

  test('stores an argon2id hash at policy parameters, never the password', async () => {
    const payload = valid();
    await signup(payload);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, payload.email));
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.passwordHash).not.toContain(TEST_PASSWORD);
  });

  test('ignores a role or organization the client tries to choose (mass assignment)', async () => {
    const other = await signUpAdmin(t.app, { organizationName: 'Someone Else' });
    const response = await signup({
      ...valid(),
      organizationId: other.user.organization!.organizationId,
      role: 'Admin',
      roleId: 'x',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().user.organization.organizationId).not.toBe(other.user.organization!.organizationId);
  });

  test.each([
    [{ name: '' }, 'Name is required'],
    [{ name: 'A' }, 'Name must be at least 2 characters'],
    [{ name: 'A'.repeat(51) }, 'Name must be less than 50 characters'],
    [{ name: 'R2-D2' }, 'Name can only contain letters and spaces'],
    [{ email: '' }, 'Email is required'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ email: `${'a'.repeat(250)}@example.com` }, 'Email is too long'],
    [{ password: '' }, 'Password is required'],
    [{ password: 'Ab1' }, 'Password must be at least 8 characters'],
    [{ password: `Ab1${'x'.repeat(126)}` }, 'Password is too long'],
    [{ password: 'ABCDEFG1' }, 'Password must contain at least one lowercase letter'],
    [{ password: 'abcdefg1' }, 'Password must contain at least one uppercase letter'],
    [{ password: 'Abcdefgh' }, 'Password must contain at least one number'],
    [{ organizationName: '' }, 'Organization name is required'],
    [{ organizationName: 'X' }, 'Organization name must be at least 2 characters'],
    [{ organizationName: 'X'.repeat(101) }, 'Organization name must be less than 100 characters'],
  ])('answers 400 for %j with "%s"', async (override, message) => {
    const response = await signup({ ...valid(), ...override });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message });
  });

  test('answers the first failed rule when several fields are wrong', async () => {
    const response = await signup({ name: '', email: 'bad', password: '', organizationName: '' });
    expect(response.json()).toEqual({ error: 'Name is required' });
  });

  test('a non-JSON body is refused with 415, never a 500', async () => {
    const response = await t.app.inject({
      method: 'POST', url: '/api/auth/signup', headers: { 'content-type': 'text/plain' }, payload: 'name=x',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ error: 'Unsupported content type' });
  });

  test('malformed JSON answers 400 with a clear message', async () => {
    const response = await t.app.inject({
      method: 'POST', url: '/api/auth/signup', headers: { 'content-type': 'application/json' }, payload: '{"name":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Request body is not valid JSON' });
  });
});

describe('signup through an invitation', () => {
  async function invite(role = 'Agent', expiresAt?: Date) {
    const admin = await signUpAdmin(t.app, { organizationName: 'Inviting Co' });
    const organizationId = admin.user.organization!.organizationId;
    const email = uniqueEmail('invitee');
    const token = await createInvitation(t, { organizationId, roleId: await roleIdByName(t, organizationId, role), email, expiresAt });
    return { organizationId, email, token };
  }

  test('the invitation lookup shows the e-mail, organization and role', async () => {
    const { email, token } = await invite('Team Lead');
    const response = await t.app.inject({ method: 'GET', url: `/api/auth/invitation/${token}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ invitation: { email, organizationName: 'Inviting Co', roleName: 'Team Lead' } });
  });

  test('joins the inviting organization in the invited role without asking for an organization name', async () => {
    const { organizationId, email, token } = await invite('Agent');
    const organizationsBefore = (await t.database.db.select().from(organizations)).length;
    const response = await signup({ name: 'Sami Joiner', email, password: TEST_PASSWORD, inviteToken: token });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.isNewUser).toBe(false);
    expect(body.user.organization).toMatchObject({ organizationId, role: { name: 'Agent' } });
    expect(body.user.organization.permissions).not.toContain('settings:view');
    expect(await t.database.db.select().from(organizations)).toHaveLength(organizationsBefore);
  });

  test('an invitation works once: a second signup with it answers 404', async () => {
    const { email, token } = await invite();
    expect((await signup({ name: 'First One', email, password: TEST_PASSWORD, inviteToken: token })).statusCode).toBe(201);
    const again = await signup({ name: 'Second One', email: uniqueEmail('x'), password: TEST_PASSWORD, inviteToken: token });
    expect(again.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/auth/invitation/${token}` })).statusCode).toBe(404);
  });

  test('an expired or unknown invitation answers 404 and creates nothing', async () => {
    const { email, token } = await invite('Agent', new Date(Date.now() - 1000));
    const expired = await signup({ name: 'Late Comer', email, password: TEST_PASSWORD, inviteToken: token });
    expect(expired.statusCode).toBe(404);
    expect(expired.json().error).toMatch(/invalid, has expired or has already been used/);
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/invitation/not-a-real-token' })).statusCode).toBe(404);
  });

  test('the invitation is bound to its e-mail address', async () => {
    const { token } = await invite();
    const response = await signup({ name: 'Wrong Person', email: uniqueEmail('wrong'), password: TEST_PASSWORD, inviteToken: token });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'This invitation was sent to a different email address' });
  });
});
