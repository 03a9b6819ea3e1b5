import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import type { AudienceRequest, CreateBroadcastRequest } from '@shared/api/broadcasts';
import type { Contact } from '@shared/api/contacts';
import type { Template } from '@shared/api/templates';
import { sessionUser } from '@client/testing/fixtures';
import { apiUrl } from '@client/testing/msw/api-url';
import { server } from '@client/testing/msw/server';
import { renderWithProviders } from '@client/testing/test-utils';
import NewBroadcastScreen from './new-broadcast-screen';
import {
  agents, ahmadDeleted, ahmed, aisha, expo, pendingTemplate, plainTemplate, tagPage, templatesAnswer, uuid, vip, welcomeTemplate,
} from './testing/broadcast-fixtures';

interface Setup {
  templates?: Template[];
  /** The contacts a search finds, whatever the query. */
  found?: Contact[];
  /** The reach the audience count answers. */
  reach?: (body: AudienceRequest) => number;
}

/** Answers every request the screen reads with, recording what it asked. */
function answers({ templates = [welcomeTemplate, plainTemplate, pendingTemplate], found = [aisha, ahmed, ahmadDeleted], reach = () => 42 }: Setup = {}) {
  const seen = { templates: [] as URLSearchParams[], searches: [] as string[], audience: [] as AudienceRequest[], agents: 0 };
  server.use(
    http.get(apiUrl('/templates/local'), ({ request }) => {
      seen.templates.push(new URL(request.url).searchParams);
      return HttpResponse.json(templatesAnswer(templates));
    }),
    http.get(apiUrl('/tags'), () => HttpResponse.json(tagPage())),
    http.get(apiUrl('/contacts/search'), ({ request }) => {
      seen.searches.push(new URL(request.url).searchParams.get('q') ?? '');
      return HttpResponse.json({ data: found });
    }),
    http.post(apiUrl('/broadcast/audience'), async ({ request }) => {
      const body = (await request.json()) as AudienceRequest;
      seen.audience.push(body);
      return HttpResponse.json({ count: reach(body) });
    }),
    http.get(apiUrl('/automation/agents'), () => {
      seen.agents += 1;
      return HttpResponse.json({ agents });
    }),
  );
  return seen;
}

interface Sent {
  body: CreateBroadcastRequest;
  key: string | null;
}

/** Records each POST /broadcast; `fail` answers the first ones with an error. */
function sends({ failFirst = 0, wait = 0 }: { failFirst?: number; wait?: number } = {}) {
  const sent: Sent[] = [];
  server.use(
    http.post(apiUrl('/broadcast'), async ({ request }) => {
      sent.push({ body: (await request.json()) as CreateBroadcastRequest, key: request.headers.get('Idempotency-Key') });
      if (wait) await delay(wait);
      if (sent.length <= failFirst) return HttpResponse.json({ error: 'WhatsApp is not reachable right now' }, { status: 503 });
      return HttpResponse.json({ id: uuid(900), sentCount: 0, totalCount: 42 }, { status: 201 });
    }),
  );
  return sent;
}

function renderScreen(route = '/broadcast/new', user = sessionUser()) {
  return renderWithProviders(<NewBroadcastScreen />, { user, route, path: '/broadcast/new' });
}

type Events = ReturnType<typeof renderScreen>['user'];

async function chooseTemplate(user: Events, name: RegExp) {
  await user.click(await screen.findByRole('combobox', { name: /Template/ }));
  await user.click(await screen.findByRole('option', { name }));
}

async function pickTag(user: Events, name: string) {
  await user.click(screen.getByRole('combobox', { name: 'Tags' }));
  await user.click(await screen.findByRole('option', { name }));
}

const preview = () => screen.getByRole('figure', { name: 'Message preview' });
const send = () => screen.getByRole('button', { name: 'Send now' });

describe('New Broadcast screen', () => {
  it('offers only approved templates, read in one page', async () => {
    const seen = answers();
    const { user } = renderScreen();
    await user.click(await screen.findByRole('combobox', { name: /Template/ }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['welcome_message (en)', 'order_update (ar)']);
    expect(seen.templates[0].get('status')).toBe('APPROVED');
    expect(seen.templates[0].get('limit')).toBe('1000');
  });

  it('says what is missing, with the shared messages', async () => {
    answers();
    const { user } = renderScreen();
    await screen.findByRole('combobox', { name: /Template/ });
    await user.click(send());
    expect(await screen.findByText('Please select a template')).toBeInTheDocument();
    expect(screen.getByText('Please select at least one tag')).toBeInTheDocument();

    await chooseTemplate(user, /welcome_message/);
    await user.click(send());
    expect(await screen.findByText('Parameter 1 is required')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Parameter 1/ }), 'Aisha');
    await user.click(screen.getByRole('textbox', { name: /Parameter 2/ }));
    await user.paste('x'.repeat(1001));
    await user.click(send());
    expect(await screen.findByText('Parameter 2 is too long (max 1000 characters)')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Contacts' }));
    await user.click(send());
    expect(await screen.findByText('Please select at least one contact')).toBeInTheDocument();
  });

  it('previews the message with the typed values: header, body, footer and buttons', async () => {
    answers();
    const { user } = renderScreen();
    await chooseTemplate(user, /welcome_message/);
    expect(screen.getAllByRole('textbox', { name: /^Parameter/ })).toHaveLength(2);
    expect(screen.getByText('Fills {{1}}')).toBeInTheDocument();
    expect(within(preview()).getByText('Welcome to Desert Rose, {{1}}')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /Parameter 1/ }), 'Aisha');
    await user.type(screen.getByRole('textbox', { name: /Parameter 2/ }), 'EID20');
    expect(within(preview()).getByText('Welcome to Desert Rose, Aisha')).toBeInTheDocument();
    expect(within(preview()).getByText('Thanks for connecting, Aisha! Your code is EID20.')).toBeInTheDocument();
    expect(within(preview()).getByText('Reply STOP to opt out')).toBeInTheDocument();
    const buttons = within(preview()).getByRole('list', { name: 'Buttons' });
    expect(within(buttons).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Browse products', 'Visit us', 'Store hours']);

    await chooseTemplate(user, /order_update/);
    expect(screen.queryByRole('textbox', { name: /^Parameter/ })).not.toBeInTheDocument();
    expect(within(preview()).getByText('Your order has shipped.')).toBeInTheDocument();
  });

  it('counts the distinct recipients of the chosen tags, again when the choice changes', async () => {
    const seen = answers({ reach: (body) => (body.tagIds?.length === 2 ? 57 : 42) });
    const { user } = renderScreen();
    await screen.findByRole('combobox', { name: /Template/ });
    expect(screen.getByRole('status')).toHaveTextContent('Select tags to see how many contacts this reaches.');
    await pickTag(user, 'VIP');
    expect(await screen.findByText('This broadcast will reach 42 contacts.')).toBeInTheDocument();
    await pickTag(user, 'Dubai Expo');
    expect(await screen.findByText('This broadcast will reach 57 contacts.')).toBeInTheDocument();
    expect(seen.audience).toEqual([{ tagIds: [vip.id] }, { tagIds: [vip.id, expo.id] }]);
  });

  it('searches contacts from 3 characters, hides picked and deleted ones, and shows the picked as removable chips', async () => {
    const seen = answers({ reach: (body) => body.contactIds?.length ?? 0 });
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Contacts' }));
    const search = screen.getByRole('combobox', { name: 'Contacts' });
    await user.type(search, 'ah');
    expect(await screen.findAllByText('Type at least 3 characters to search')).not.toHaveLength(0);
    await user.type(search, 'm');
    expect(await screen.findByRole('option', { name: /Aisha Khan/ })).toBeInTheDocument();
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Aisha Khan+971 50 123 4561', 'Ahmed Ali+971 50 123 4562']);
    expect(seen.searches).toEqual(['ahm']);

    await user.click(screen.getByRole('option', { name: /Aisha Khan/ }));
    await waitFor(() => expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Ahmed Ali+971 50 123 4562']));
    expect(await screen.findByText('This broadcast will reach 1 contact.')).toBeInTheDocument();
    const chip = screen.getByRole('button', { name: 'Aisha Khan' });
    await user.click(within(chip).getByTestId('CancelIcon'));
    expect(screen.queryByRole('button', { name: 'Aisha Khan' })).not.toBeInTheDocument();
    expect(seen.audience).toEqual([{ contactIds: [aisha.id] }]);
  });

  it('preselects the contact of ?contactId= in contacts mode', async () => {
    const seen = answers();
    server.use(http.get(apiUrl(`/contacts/${aisha.id}`), () => HttpResponse.json(aisha)));
    renderScreen(`/broadcast/new?contactId=${aisha.id}`);
    expect(await screen.findByRole('button', { name: 'Aisha Khan' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Contacts' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('This broadcast will reach 42 contacts.')).toBeInTheDocument();
    expect(seen.audience).toEqual([{ contactIds: [aisha.id] }]);
    expect(screen.queryByText('The selected contact could not be found. Please select a contact manually.')).not.toBeInTheDocument();
  });

  it('asks to pick contacts by hand when ?contactId= is unknown', async () => {
    answers();
    server.use(http.get(apiUrl(`/contacts/${uuid(399)}`), () => HttpResponse.json({ error: 'Contact not found' }, { status: 404 })));
    renderScreen(`/broadcast/new?contactId=${uuid(399)}`);
    expect(await screen.findByText('The selected contact could not be found. Please select a contact manually.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Contacts' })).toBeInTheDocument();
  });

  it('sets a rule per quick-reply button; assigning needs an agent', async () => {
    const seen = answers();
    const sent = sends();
    const { user, router } = renderScreen();
    await chooseTemplate(user, /welcome_message/);
    await user.type(screen.getByRole('textbox', { name: /Parameter 1/ }), 'Aisha');
    await user.type(screen.getByRole('textbox', { name: /Parameter 2/ }), 'EID20');
    await pickTag(user, 'VIP');
    const automation = screen.getByRole('region', { name: 'Button automation' });
    expect(within(automation).getAllByRole('group').map((group) => group.querySelector('legend')?.textContent)).toEqual([
      'Button “Browse products”', 'Button “Store hours”',
    ]);
    expect(within(automation).getByRole('combobox', { name: 'Action for “Browse products”' })).toHaveTextContent('Do nothing');
    expect(seen.agents).toBe(0);

    await user.click(within(automation).getByRole('combobox', { name: 'Action for “Browse products”' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Assign to agent', 'Do nothing', 'Add tag']);
    await user.click(screen.getByRole('option', { name: 'Assign to agent' }));
    await user.click(send());
    expect(await screen.findByText('Please select an agent')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.click(within(automation).getByRole('combobox', { name: /Agent for “Browse products”/ }));
    await user.click(await screen.findByRole('option', { name: 'Lina Saeed (lina@example.com)' }));
    await user.click(send());
    await waitFor(() => expect(router.state.location.pathname).toBe(`/broadcast/${uuid(900)}/analytics`));
    expect(sent.map((request) => request.body)).toEqual([
      {
        templateId: welcomeTemplate.id,
        parameters: ['Aisha', 'EID20'],
        tagIds: [vip.id],
        rules: [
          { triggerId: '0', triggerText: 'Browse products', actionType: 'assign_agent', targetUserId: agents[1].id, targetTagId: null },
          { triggerId: '2', triggerText: 'Store hours', actionType: 'do_nothing', targetUserId: null, targetTagId: null },
        ],
      },
    ]);
    expect(await screen.findByText(/Broadcast created successfully/)).toBeInTheDocument();
  });

  it('sends once with an Idempotency-Key on a double click', async () => {
    answers();
    const sent = sends({ wait: 200 });
    const { user, router } = renderScreen();
    await chooseTemplate(user, /order_update/);
    await pickTag(user, 'VIP');
    await user.dblClick(send());
    await waitFor(() => expect(router.state.location.pathname).toBe(`/broadcast/${uuid(900)}/analytics`));
    expect(sent).toHaveLength(1);
    expect(sent[0].key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(sent[0].body).toEqual({ templateId: plainTemplate.id, parameters: [], tagIds: [vip.id], rules: [] });
  });

  it("says 'Failed to send broadcast' with the server's reason; sending again reuses the key, a changed broadcast gets a new one", async () => {
    answers();
    // The 503s are logged as server errors, as every 5xx is.
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const sent = sends({ failFirst: 2 });
    const { user, router } = renderScreen();
    await chooseTemplate(user, /order_update/);
    await pickTag(user, 'VIP');
    await user.click(send());
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('Failed to send broadcast');
    expect(failure).toHaveTextContent('WhatsApp is not reachable right now');
    expect(router.state.location.pathname).toBe('/broadcast/new');

    await user.click(send());
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1].key).toBe(sent[0].key);

    await pickTag(user, 'Dubai Expo');
    await user.click(send());
    await waitFor(() => expect(router.state.location.pathname).toBe(`/broadcast/${uuid(900)}/analytics`));
    expect(sent).toHaveLength(3);
    expect(sent[2].key).not.toBe(sent[0].key);
    expect(sent[2].body.tagIds).toEqual([vip.id, expo.id]);
    expect(logged).toHaveBeenCalledWith('Server error 503 on POST /broadcast: WhatsApp is not reachable right now');
  });

  describe('drafts and schedules', () => {
    it('saves a draft with its name: nothing is sent, the list opens, and the form says the audience is counted at sending', async () => {
      answers();
      const sent = sends();
      const { user, router } = renderScreen();
      expect(await screen.findByText(/The audience is counted again when sending starts/)).toBeInTheDocument();
      await chooseTemplate(user, /order_update/);
      await pickTag(user, 'VIP');
      await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Eid, first try');
      await user.click(screen.getByRole('button', { name: 'Save draft' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/broadcast'));
      expect(sent.map((request) => request.body)).toEqual([
        { templateId: plainTemplate.id, parameters: [], tagIds: [vip.id], rules: [], name: 'Eid, first try', draft: true },
      ]);
      expect(await screen.findByText('Draft saved: the audience is counted when it is sent')).toBeInTheDocument();
    });

    it('schedules at a time entered in the organization’s time zone, and asks for one first', async () => {
      answers();
      server.use(http.get(apiUrl('/broadcast/schedule-zone'), () => HttpResponse.json({ timeZone: 'Asia/Dubai' })));
      const sent = sends();
      const { user, router } = renderScreen();
      await chooseTemplate(user, /order_update/);
      await pickTag(user, 'VIP');
      const sendAt = await screen.findByLabelText('Send at (Asia/Dubai)');
      await user.click(screen.getByRole('button', { name: 'Schedule' }));
      expect(await screen.findByText('Pick when to send it')).toBeInTheDocument();
      fireEvent.change(sendAt, { target: { value: '2020-01-15T09:00' } });
      await user.click(screen.getByRole('button', { name: 'Schedule' }));
      expect(await screen.findByText('Pick a time in the future')).toBeInTheDocument();
      expect(sent).toEqual([]);

      // Dubai is UTC+4 all year: 09:00 there is 05:00 UTC.
      const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
      fireEvent.change(sendAt, { target: { value: `${day}T09:00` } });
      await user.click(screen.getByRole('button', { name: 'Schedule' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/broadcast'));
      expect(sent.map((request) => request.body)).toEqual([
        { templateId: plainTemplate.id, parameters: [], tagIds: [vip.id], rules: [], scheduledAt: `${day}T05:00:00.000Z` },
      ]);
      expect(await screen.findByText('Broadcast scheduled')).toBeInTheDocument();
    });

    it('offers a member without broadcasts:send Save draft alone', async () => {
      answers();
      renderScreen('/broadcast/new', sessionUser({ permissions: ['broadcasts:view', 'broadcasts:create', 'templates:view', 'contacts:view'] }));
      expect(await screen.findByRole('button', { name: 'Save draft' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Send now' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Schedule' })).not.toBeInTheDocument();
      expect(screen.queryByLabelText(/Send at/)).not.toBeInTheDocument();
    });
  });

  it('hides the button rules from a member without automation:create and sends none', async () => {
    answers();
    const sent = sends();
    const { user, router } = renderScreen(
      '/broadcast/new',
      sessionUser({ permissions: ['broadcasts:view', 'broadcasts:create', 'broadcasts:send', 'templates:view', 'contacts:view'] }),
    );
    await chooseTemplate(user, /welcome_message/);
    await user.type(screen.getByRole('textbox', { name: /Parameter 1/ }), 'Aisha');
    await user.type(screen.getByRole('textbox', { name: /Parameter 2/ }), 'EID20');
    await pickTag(user, 'VIP');
    expect(screen.queryByRole('region', { name: 'Button automation' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/broadcast'));
    expect(sent.map((request) => request.body)).toEqual([{ templateId: welcomeTemplate.id, parameters: ['Aisha', 'EID20'], tagIds: [vip.id], draft: true }]);
  });
});
