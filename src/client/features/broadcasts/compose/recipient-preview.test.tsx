import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { AudienceSampleRequest, AudienceSampleResponse, CreateBroadcastRequest } from '@shared/api/broadcasts';
import type { ParameterContact } from '@shared/api/template-parameters';
import { UNFILLED_NOT_CONFIRMED } from '@shared/validation/template-parameters';
import { sessionUser } from '@client/testing/fixtures';
import { apiUrl } from '@client/testing/msw/api-url';
import { server } from '@client/testing/msw/server';
import { renderWithProviders } from '@client/testing/test-utils';
import NewBroadcastScreen from '../new-broadcast-screen';
import { tagPage, templatesAnswer, uuid, vip, welcomeTemplate } from '../testing/broadcast-fixtures';

/** The audience of the VIP tag, oldest first: one with a name, one known only by WhatsApp profile name. */
const AUDIENCE: ParameterContact[] = [
  { name: 'Layla Haddad', profileName: null, phoneNumber: '+971501234567' },
  { name: null, profileName: 'Zaid', phoneNumber: '+971509876543' },
];

/** The server the compose screen talks to, recording the sample positions asked for and the broadcasts sent. */
function serve() {
  const asked: AudienceSampleRequest[] = [];
  const sent: CreateBroadcastRequest[] = [];
  server.use(
    http.get(apiUrl('/templates/local'), () => HttpResponse.json(templatesAnswer([welcomeTemplate]))),
    http.get(apiUrl('/tags'), () => HttpResponse.json(tagPage())),
    http.post(apiUrl('/broadcast/audience'), () => HttpResponse.json({ count: AUDIENCE.length })),
    http.post(apiUrl('/broadcast/audience/sample'), async ({ request }) => {
      const body = (await request.json()) as AudienceSampleRequest;
      asked.push(body);
      const answer: AudienceSampleResponse = { count: AUDIENCE.length, position: body.position, contact: AUDIENCE[body.position] ?? null };
      return HttpResponse.json(answer);
    }),
    http.post(apiUrl('/broadcast'), async ({ request }) => {
      sent.push((await request.json()) as CreateBroadcastRequest);
      return HttpResponse.json({ id: uuid(900), sentCount: 0, totalCount: 2 }, { status: 201 });
    }),
  );
  return { asked, sent };
}

async function composeWelcome() {
  const rendered = renderWithProviders(<NewBroadcastScreen />, { user: sessionUser(), route: '/broadcast/new', path: '/broadcast/new' });
  const { user } = rendered;
  await user.click(await screen.findByRole('combobox', { name: /Template/ }));
  await user.click(await screen.findByRole('option', { name: /welcome_message/ }));
  return rendered;
}

async function makeNameField(user: Awaited<ReturnType<typeof composeWelcome>>['user'], fallback: string) {
  await user.click(screen.getByRole('combobox', { name: 'Parameter 1 value' }));
  await user.click(await screen.findByRole('option', { name: 'Contact field' }));
  await user.type(screen.getByRole('textbox', { name: 'Parameter 1 fallback' }), fallback);
}

const preview = () => screen.getByRole('figure', { name: 'Message preview' });

describe('New Broadcast with contact fields', () => {
  it('previews the message as a real recipient of the audience gets it, stepping from one to the next', async () => {
    const { asked } = serve();
    const { user } = await composeWelcome();
    await makeNameField(user, 'there');
    await user.type(screen.getByRole('textbox', { name: 'Parameter 2' }), 'EID20');
    // No audience yet: a contact field shows its fallback.
    expect(preview()).toHaveTextContent('Thanks for connecting, there! Your code is EID20.');
    expect(asked).toEqual([]);

    await user.click(screen.getByRole('combobox', { name: 'Tags' }));
    await user.click(await screen.findByRole('option', { name: 'VIP' }));
    expect(await screen.findByText('Shown for Layla Haddad (+971 50 123 4567), recipient 1 of 2')).toBeInTheDocument();
    expect(preview()).toHaveTextContent('Thanks for connecting, Layla Haddad! Your code is EID20.');
    expect(asked[0]).toEqual({ tagIds: [vip.id], position: 0 });

    await user.click(screen.getByRole('button', { name: 'Next recipient' }));
    // The second contact has no name: the fallback, as the dispatcher would send it.
    await waitFor(() => expect(preview()).toHaveTextContent('Thanks for connecting, there! Your code is EID20.'));
    expect(screen.getByText(/recipient 2 of 2/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next recipient' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous recipient' }));
    await waitFor(() => expect(preview()).toHaveTextContent('Thanks for connecting, Layla Haddad!'));
  });

  it('sends the contact field with its fallback; a placeholder typed as text must be confirmed first', async () => {
    const { sent } = serve();
    const { user, router } = await composeWelcome();
    await makeNameField(user, 'there');
    // '[[' types one '[' (user-event reads '[' as a key name).
    await user.type(screen.getByRole('textbox', { name: 'Parameter 2' }), '[[code]');
    await user.click(screen.getByRole('combobox', { name: 'Tags' }));
    await user.click(await screen.findByRole('option', { name: 'VIP' }));
    expect(screen.getByRole('textbox', { name: 'Parameter 2' })).toHaveAccessibleDescription(/Looks like a placeholder/);

    await user.click(screen.getByRole('button', { name: 'Send now' }));
    expect(await screen.findByText(UNFILLED_NOT_CONFIRMED)).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.click(screen.getByRole('checkbox', { name: 'Send these values as written' }));
    await user.click(screen.getByRole('button', { name: 'Send now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/broadcast/${uuid(900)}/analytics`));
    expect(sent).toEqual([{ templateId: welcomeTemplate.id, parameters: [{ field: 'name', fallback: 'there' }, '[code]'], tagIds: [vip.id], rules: expect.any(Array) }]);
  });
});
