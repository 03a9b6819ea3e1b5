/** @jest-environment node */
import { appWithAdminForFile } from './testing/test-app';

/**
 * Every paged list shares one page rule: a page beyond any real list (whose offset would overflow the
 * database's integers) is a clear 400, and a far but reachable page is simply empty.
 */
const file = appWithAdminForFile();

async function pagedLists(): Promise<string[]> {
  const contact = await file.admin.request({
    method: 'POST', url: '/api/contacts', payload: { name: 'Paged Person', countryCode: '+1', phoneNumber: '2025550111' },
  });
  expect(contact.statusCode).toBe(201);
  return [`/api/contacts/${contact.json().id}/notes`, '/api/tags', '/api/members', '/api/members/invitations', '/api/templates/local'];
}

test('page=1e20 on the notes, tags, members, invitations and local templates lists answers 400 with the rule', async () => {
  for (const url of await pagedLists()) {
    for (const page of ['1e20', '1000001', String(Number.MAX_SAFE_INTEGER)]) {
      const response = await file.admin.request({ method: 'GET', url: `${url}?page=${page}` });
      expect([url, page, response.statusCode, response.json()]).toEqual([url, page, 400, { error: 'Page must be at most 1000000' }]);
    }
    const far = await file.admin.request({ method: 'GET', url: `${url}?page=1000000&limit=1000` });
    expect([url, far.statusCode]).toEqual([url, 200]);
  }
});
