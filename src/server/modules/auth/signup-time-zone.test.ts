/** @jest-environment node */
import { asMember, sessionCookieFrom, TEST_PASSWORD, uniqueEmail, appWithAdminForFile } from '../../testing/test-app';

/** A new organization starts in its founder's browser zone, as the sign-up form sends it. */

const suite = appWithAdminForFile();

async function founderWithZone(timeZone: unknown) {
  const email = uniqueEmail('zone');
  const response = await suite.t.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { name: 'Zara Founder', email, password: TEST_PASSWORD, organizationName: 'Zone Traders', timeZone },
  });
  return { response, member: response.statusCode === 201 ? asMember(suite.t.app, response.json().user, sessionCookieFrom(response), email, TEST_PASSWORD) : null };
}

const zoneOf = async (member: NonNullable<Awaited<ReturnType<typeof founderWithZone>>['member']>) =>
  (await member.request({ method: 'GET', url: '/api/organization/settings' })).json().timeZone;

test('the founder’s browser zone becomes the organization’s; one Parley does not know leaves it in UTC; a non-text one is refused', async () => {
  const dubai = await founderWithZone('asia/dubai');
  expect(dubai.response.statusCode).toBe(201);
  expect(await zoneOf(dubai.member!)).toBe('Asia/Dubai');

  const unknown = await founderWithZone('Mars/Olympus_Mons');
  expect(unknown.response.statusCode).toBe(201);
  expect(await zoneOf(unknown.member!)).toBe('UTC');

  const nonsense = await founderWithZone({ zone: 'Asia/Dubai' });
  expect([nonsense.response.statusCode, nonsense.response.json().error]).toEqual([400, 'Time zone must be text']);
});
