/** @jest-environment node */
import type { OrganizationSettingChangePage, OrganizationSettings } from '@shared/api/organization-settings';
import { addMemberWith } from '../../testing/fixtures';
import { appWithAdminForFile, signUpAdmin, type Member } from '../../testing/test-app';
import { readOrganizationSettings } from './index';

const file = appWithAdminForFile();
const URL = '/api/organization/settings';

async function settingsOf(member: Member): Promise<OrganizationSettings> {
  const response = await member.request({ method: 'GET', url: URL });
  expect(response.statusCode).toBe(200);
  return response.json<OrganizationSettings>();
}

async function patch(member: Member, payload: object): Promise<OrganizationSettings> {
  const response = await member.request({ method: 'PATCH', url: URL, payload });
  expect(response.statusCode).toBe(200);
  return response.json<OrganizationSettings>();
}

async function changesOf(member: Member, query = ''): Promise<OrganizationSettingChangePage> {
  const response = await member.request({ method: 'GET', url: `${URL}/changes${query}` });
  expect(response.statusCode).toBe(200);
  return response.json<OrganizationSettingChangePage>();
}

const DEFAULTS: OrganizationSettings = { readReceipts: true, autoAssign: { enabled: false, cap: 10 }, timeZone: 'UTC', optOutKeywords: [] };

test('a new organization has the defaults, and so does readOrganizationSettings inside a transaction', async () => {
  const fresh = await signUpAdmin(file.t.app, { organizationName: 'Fresh Settings' });
  expect(await settingsOf(fresh)).toEqual(DEFAULTS);
  const organizationId = fresh.user.organization!.organizationId;
  const inTransaction = await file.t.database.db.transaction((tx) => readOrganizationSettings(tx, organizationId));
  expect(inTransaction).toEqual(DEFAULTS);
  expect((await changesOf(fresh)).data).toEqual([]);
});

test('a partial PATCH changes only what it names, and each changed setting is logged with who changed it', async () => {
  const own = await signUpAdmin(file.t.app, { name: 'Lina Owner', organizationName: 'Patchers' });
  expect(await patch(own, { autoAssign: { cap: 25 } })).toEqual({ ...DEFAULTS, autoAssign: { enabled: false, cap: 25 } });
  const after = await patch(own, { readReceipts: false, autoAssign: { enabled: true }, timeZone: 'europe/berlin' });
  expect(after).toEqual({ readReceipts: false, autoAssign: { enabled: true, cap: 25 }, timeZone: 'Europe/Berlin', optOutKeywords: [] });
  expect(await settingsOf(own)).toEqual(after);
  expect(await readOrganizationSettings(file.t.database.db, own.user.organization!.organizationId)).toEqual(after);

  // Saving the same values again changes nothing and logs nothing.
  await patch(own, { readReceipts: false, timeZone: 'Europe/Berlin' });

  const log = await changesOf(own);
  const by = { id: own.user.userId, name: 'Lina Owner' };
  expect(log.pagination.total).toBe(4);
  expect(log.data.map(({ setting, oldValue, newValue, changedBy }) => ({ setting, oldValue, newValue, changedBy }))).toEqual(
    expect.arrayContaining([
      { setting: 'readReceipts', oldValue: true, newValue: false, changedBy: by },
      { setting: 'autoAssign.enabled', oldValue: false, newValue: true, changedBy: by },
      { setting: 'timeZone', oldValue: 'UTC', newValue: 'Europe/Berlin', changedBy: by },
    ]),
  );
  // Newest first: the cap, changed by the first save, comes last.
  expect(log.data[3]).toMatchObject({ setting: 'autoAssign.cap', oldValue: 10, newValue: 25 });
  const second = await changesOf(own, '?page=2&limit=3');
  expect(second.data).toEqual([log.data[3]]);
  expect(second.pagination).toMatchObject({ page: 2, limit: 3, total: 4, hasNext: false });
});

test.each([
  [{ readReceipts: 'yes' }, 'Read receipts must be true or false'],
  [{ autoAssign: { enabled: 1 } }, 'Auto-assignment must be true or false'],
  [{ autoAssign: true }, 'Auto-assignment must be an object with enabled and cap'],
  [{ autoAssign: { cap: 0 } }, 'Open conversations per member must be between 1 and 500'],
  [{ autoAssign: { cap: 501 } }, 'Open conversations per member must be between 1 and 500'],
  [{ autoAssign: { cap: 2.5 } }, 'Open conversations per member must be a whole number'],
  [{ autoAssign: { cap: 'many' } }, 'Open conversations per member must be a number'],
  [{ timeZone: 'Mars/Olympus_Mons' }, 'Time zone must be an IANA time zone, such as Europe/Berlin'],
  [{ timeZone: 'GMT+5 or so' }, 'Time zone must be an IANA time zone, such as Europe/Berlin'],
  [{ timeZone: ['UTC'] }, 'Time zone must be text'],
])('PATCH %j answers 400 %s and changes nothing', async (payload, message) => {
  const before = await settingsOf(file.admin);
  const response = await file.admin.request({ method: 'PATCH', url: URL, payload });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ error: message });
  expect(await settingsOf(file.admin)).toEqual(before);
});

test('settings:view reads and changes them; other members are refused; each organization has its own', async () => {
  const viewer = await addMemberWith(file.t, file.organizationId, ['settings:view']);
  const agent = await addMemberWith(file.t, file.organizationId, ['chats:view', 'chats:respond', 'messages:send']);
  await patch(viewer, { timeZone: 'Asia/Dubai' });
  expect((await settingsOf(file.admin)).timeZone).toBe('Asia/Dubai');
  expect((await changesOf(file.admin)).data[0]).toMatchObject({ setting: 'timeZone', newValue: 'Asia/Dubai', changedBy: { id: viewer.user.userId } });

  for (const call of [
    { method: 'GET' as const, url: URL },
    { method: 'PATCH' as const, url: URL, payload: { readReceipts: false } },
    { method: 'GET' as const, url: `${URL}/changes` },
  ]) {
    const refused = await agent.request(call);
    expect(refused.statusCode).toBe(403);
  }
  expect((await settingsOf(file.admin)).readReceipts).toBe(true);

  const elsewhere = await signUpAdmin(file.t.app, { organizationName: 'Elsewhere' });
  expect(await settingsOf(elsewhere)).toEqual(DEFAULTS);
  expect((await changesOf(elsewhere)).data).toEqual([]);
});
