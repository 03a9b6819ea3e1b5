/** @jest-environment node */
import type { CannedResponse, CannedResponsePage } from '@shared/api/canned-responses';
import { addMember, addMemberWith, roleIdByName } from '../../testing/fixtures';
import { createAppWithAdmin, signUpAdmin, type Member, type TestApp } from '../../testing/test-app';

let t: TestApp;
let admin: Member;
let organizationId: string;

beforeAll(async () => {
  ({ t, admin } = await createAppWithAdmin());
  organizationId = admin.user.organization!.organizationId;
});
afterAll(() => t.close());

const URL = '/api/canned-responses';

async function create(shortcut: string, content = `The ${shortcut} reply`, member: Member = admin): Promise<CannedResponse> {
  const response = await member.request({ method: 'POST', url: URL, payload: { shortcut, content } });
  expect(response.statusCode).toBe(201);
  return response.json<CannedResponse>();
}

async function list(member: Member = admin, query = ''): Promise<CannedResponsePage> {
  const response = await member.request({ method: 'GET', url: `${URL}${query}` });
  expect(response.statusCode).toBe(200);
  return response.json<CannedResponsePage>();
}

describe('canned response validation', () => {
  test.each([
    [{ content: 'Hi' }, 'Shortcut is required'],
    [{ shortcut: '   ', content: 'Hi' }, 'Shortcut is required'],
    [{ shortcut: 'g', content: 'Hi' }, 'Shortcut must be at least 2 characters'],
    [{ shortcut: 'x'.repeat(33), content: 'Hi' }, 'Shortcut must be at most 32 characters'],
    [{ shortcut: 'good day', content: 'Hi' }, 'Shortcut can only contain letters, numbers, hyphens and underscores'],
    [{ shortcut: '/greet', content: 'Hi' }, 'Shortcut can only contain letters, numbers, hyphens and underscores'],
    [{ shortcut: 'greet' }, 'Content is required'],
    [{ shortcut: 'greet', content: ' \n ' }, 'Content is required'],
    [{ shortcut: 'greet', content: 'x'.repeat(4097) }, 'Content must be at most 4,096 characters'],
    [{ shortcut: 'greet', content: 'Hi {{contact.email}}' }, 'Unknown placeholder {{contact.email}}: use {{contact.name}}, {{contact.phone}}, {{agent.name}}'],
    [{ shortcut: ['greet'], content: 'Hi' }, 'Shortcut must be text'],
  ])('%j answers 400 %s', async (payload, message) => {
    const response = await admin.request({ method: 'POST', url: URL, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message });
  });

  test('trims both fields, and takes letters of any script, digits, hyphens, underscores and every placeholder', async () => {
    const content = 'Hello {{contact.name}} ({{ contact.phone }}), this is {{agent.name}}.';
    const created = await create('  مرحبا_2-b  ', `  ${content}\n`);
    expect(created).toEqual({ id: expect.any(String), shortcut: 'مرحبا_2-b', content, createdAt: expect.any(String), updatedAt: expect.any(String) });
    expect(await create('x'.repeat(32), 'y'.repeat(4096))).toMatchObject({ shortcut: 'x'.repeat(32) });
  });
});

describe('canned responses CRUD', () => {
  test('lists them by shortcut in any case, a page at a time', async () => {
    const other = await createAppWithAdmin();
    try {
      const own = other.admin;
      for (const shortcut of ['zeta', 'Alpha', 'beta']) await create(shortcut, 'Hi', own);
      const all = await list(own);
      expect(all.data.map((reply) => reply.shortcut)).toEqual(['Alpha', 'beta', 'zeta']);
      expect(all.pagination).toEqual({ page: 1, limit: 1000, total: 3, totalPages: 1, hasNext: false });
      const second = await list(own, '?page=2&limit=2');
      expect(second.data.map((reply) => reply.shortcut)).toEqual(['zeta']);
      expect(second.pagination).toMatchObject({ page: 2, limit: 2, total: 3, hasNext: false });
    } finally {
      await other.t.close();
    }
  });

  test('creates, edits and deletes', async () => {
    const created = await create('thanks', 'Thank you, {{contact.name}}!');
    expect((await list()).data).toContainEqual(created);

    const edited = await admin.request({ method: 'PUT', url: `${URL}/${created.id}`, payload: { shortcut: 'Thanks', content: 'Many thanks!' } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id: created.id, shortcut: 'Thanks', content: 'Many thanks!', createdAt: created.createdAt });
    expect(Date.parse(edited.json<CannedResponse>().updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));

    const deleted = await admin.request({ method: 'DELETE', url: `${URL}/${created.id}` });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Canned response deleted successfully' });
    expect((await list()).data.map((reply) => reply.id)).not.toContain(created.id);
    const again = await admin.request({ method: 'DELETE', url: `${URL}/${created.id}` });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: 'Canned response not found' });
  });

  test('a shortcut is unique per organization in any case: 409 names the one that has it', async () => {
    await create('hours');
    const duplicate = await admin.request({ method: 'POST', url: URL, payload: { shortcut: 'HOURS', content: 'Open 9 to 5' } });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ error: 'A canned response with the shortcut "/hours" already exists' });

    const other = await create('address');
    const renamed = await admin.request({ method: 'PUT', url: `${URL}/${other.id}`, payload: { shortcut: 'Hours', content: 'x' } });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json()).toEqual({ error: 'A canned response with the shortcut "/hours" already exists' });
    // Its own shortcut in another case is no clash.
    const recased = await admin.request({ method: 'PUT', url: `${URL}/${other.id}`, payload: { shortcut: 'Address', content: 'x' } });
    expect(recased.statusCode).toBe(200);

    // Another organization may use the same shortcut.
    const elsewhere = await signUpAdmin(t.app, { organizationName: 'Elsewhere' });
    expect((await elsewhere.request({ method: 'POST', url: URL, payload: { shortcut: 'hours', content: 'Always open' } })).statusCode).toBe(201);
  });
});

describe('who may use and manage them', () => {
  test('members who can send read them; only canned_responses:manage creates, edits and deletes', async () => {
    const reply = await create('welcome');
    const agent = await addMember(t, organizationId, await roleIdByName(t, organizationId, 'Agent'));
    const sender = await addMemberWith(t, organizationId, ['messages:send']);
    const responder = await addMemberWith(t, organizationId, ['chats:respond']);
    const manager = await addMemberWith(t, organizationId, ['canned_responses:manage']);
    const viewer = await addMemberWith(t, organizationId, ['chats:view', 'messages:view']);

    for (const member of [agent, sender, responder, manager]) expect((await list(member)).data.map((r) => r.id)).toContain(reply.id);
    const refused = await viewer.request({ method: 'GET', url: URL });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: "You don't have permission to do that" });

    for (const member of [agent, sender, responder, viewer]) {
      const calls = [
        { method: 'POST' as const, url: URL, payload: { shortcut: 'sneaky', content: 'x' } },
        { method: 'PUT' as const, url: `${URL}/${reply.id}`, payload: { shortcut: 'sneaky', content: 'x' } },
        { method: 'DELETE' as const, url: `${URL}/${reply.id}` },
      ];
      for (const call of calls) expect((await member.request(call)).statusCode).toBe(403);
    }

    const made = await create('from-manager', 'Hi', manager);
    expect((await manager.request({ method: 'PUT', url: `${URL}/${made.id}`, payload: { shortcut: 'from-manager', content: 'Hello' } })).statusCode).toBe(200);
    expect((await manager.request({ method: 'DELETE', url: `${URL}/${made.id}` })).statusCode).toBe(200);
  });

  test("the Admin and Manager system roles of a new organization hold canned_responses:manage", async () => {
    const fresh = await signUpAdmin(t.app, { organizationName: 'Fresh' });
    type RoleBody = { name: string; isSystemRole: boolean; permissions: Array<{ id: string }> };
    const roles = (await fresh.request({ method: 'GET', url: '/api/roles' })).json<{ roles: RoleBody[] }>().roles;
    expect(roles.every((role) => role.isSystemRole)).toBe(true);
    const holders = roles.filter((role) => role.permissions.some((p) => p.id === 'canned_responses:manage')).map((role) => role.name);
    expect(holders.sort()).toEqual(['Admin', 'Manager']);
  });

  test("another organization's canned response answers 404 like a missing one, and stays as it was", async () => {
    const theirs = await signUpAdmin(t.app, { organizationName: 'Theirs' });
    const foreign = (await theirs.request({ method: 'POST', url: URL, payload: { shortcut: 'private', content: 'Ours only' } })).json<CannedResponse>();
    const missing = '01900000-0000-7000-8000-000000000000';
    for (const id of [foreign.id, missing, 'not-an-id']) {
      const put = await admin.request({ method: 'PUT', url: `${URL}/${id}`, payload: { shortcut: 'taken', content: 'x' } });
      expect({ id, status: put.statusCode, body: put.json() }).toEqual({ id, status: 404, body: { error: 'Canned response not found' } });
      const del = await admin.request({ method: 'DELETE', url: `${URL}/${id}` });
      expect({ id, status: del.statusCode, body: del.json() }).toEqual({ id, status: 404, body: { error: 'Canned response not found' } });
    }
    expect((await list()).data.map((reply) => reply.id)).not.toContain(foreign.id);
    expect((await list(theirs)).data).toEqual([foreign]);
  });
});
