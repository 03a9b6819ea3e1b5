import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { BroadcastDetail } from '@shared/api/broadcast-detail';
import type { Permission } from '@shared/permissions/catalogue';
import { sessionUser } from '@client/testing/fixtures';
import { apiUrl } from '@client/testing/msw/api-url';
import { server } from '@client/testing/msw/server';
import { renderWithProviders } from '@client/testing/test-utils';
import EditBroadcastScreen from './edit-broadcast-screen';
import {
  agents, aisha, broadcast, broadcastDetail, plainTemplate, rule, tagPage, templatesAnswer, uuid, vip, welcomeTemplate,
} from './testing/broadcast-fixtures';

const id = uuid(7);
const saved = broadcastDetail({
  id,
  name: 'Eid offer',
  parameters: [{ field: 'name', fallback: 'there' }, 'EID20'],
  audience: { tags: [{ id: vip.id, name: vip.name }] },
  rules: [rule(id, { triggerId: '0', triggerText: 'Browse products', actionType: 'assign_agent', targetUserId: agents[0].id })],
});

/** The screen's reads, and every change it sends, in order. */
function answers(detail: BroadcastDetail = saved) {
  const sent: Array<{ method: string; url: string; body: unknown }> = [];
  server.use(
    http.get(apiUrl(`/broadcast/${id}`), () => HttpResponse.json(detail)),
    http.get(apiUrl('/templates/local'), () => HttpResponse.json(templatesAnswer([welcomeTemplate, plainTemplate]))),
    http.get(apiUrl('/tags'), () => HttpResponse.json(tagPage())),
    http.get(apiUrl('/automation/agents'), () => HttpResponse.json({ agents })),
    http.post(apiUrl('/broadcast/audience'), () => HttpResponse.json({ count: 12 })),
    http.post(apiUrl('/broadcast/audience/sample'), () => HttpResponse.json({ count: 0, position: 0, contact: null })),
    http.put(apiUrl(`/broadcast/${id}`), async ({ request }) => {
      sent.push({ method: 'PUT', url: new URL(request.url).pathname, body: await request.json() });
      return HttpResponse.json(broadcast({ ...detail, id }));
    }),
    http.post(apiUrl(`/broadcast/${id}/send`), async ({ request }) => {
      sent.push({ method: 'POST', url: new URL(request.url).pathname, body: await request.json() });
      return HttpResponse.json(broadcast({ id, status: 'pending', totalCount: 12 }));
    }),
  );
  return sent;
}

const EDITOR: Permission[] = ['broadcasts:view', 'broadcasts:edit', 'templates:view', 'contacts:view'];

function renderScreen(permissions: Permission[]) {
  return renderWithProviders(<EditBroadcastScreen />, {
    user: sessionUser({ permissions }),
    route: `/broadcast/${id}/edit`,
    path: '/broadcast/:id/edit',
  });
}

const form = () => screen.findByRole('form', { name: 'Edit broadcast' });

describe('Edit Broadcast screen', () => {
  it('opens the form as the broadcast was saved: template, values, tags, name and button rules', async () => {
    answers();
    renderScreen([...EDITOR, 'automation:view', 'automation:create']);
    const edit = await form();
    expect(within(edit).getByRole('combobox', { name: /Template/ })).toHaveTextContent('welcome_message (en)');
    expect(await within(edit).findByRole('textbox', { name: /Parameter 2/ })).toHaveValue('EID20');
    expect(within(edit).getByRole('button', { name: 'VIP' })).toBeInTheDocument();
    expect(within(edit).getByRole('textbox', { name: 'Name' })).toHaveValue('Eid offer');
    expect(within(edit).getByRole('combobox', { name: 'Action for “Browse products”' })).toHaveTextContent('Assign to agent');
    expect(await within(edit).findByRole('combobox', { name: /Agent for “Browse products”/ })).toHaveTextContent('Omar Farouk (omar@example.com)');
  });

  it('saves the changed draft with PUT, keeping everything else as it was, and sends nothing', async () => {
    const sent = answers();
    const { user, router } = renderScreen([...EDITOR, 'automation:view', 'automation:create']);
    const name = await within(await form()).findByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Eid offer, final');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/broadcast'));
    expect(sent).toEqual([{
      method: 'PUT',
      url: `/api/broadcast/${id}`,
      body: {
        templateId: welcomeTemplate.id,
        parameters: [{ field: 'name', fallback: 'there' }, 'EID20'],
        tagIds: [vip.id],
        rules: [
          { triggerId: '0', triggerText: 'Browse products', actionType: 'assign_agent', targetUserId: agents[0].id, targetTagId: null },
          { triggerId: '2', triggerText: 'Store hours', actionType: 'do_nothing', targetUserId: null, targetTagId: null },
        ],
        name: 'Eid offer, final',
      },
    }]);
    expect(await screen.findByText('Draft saved: the audience is counted when it is sent')).toBeInTheDocument();
  });

  it('offers no Send now or Schedule without broadcasts:send, and leaves the rules alone without automation:create', async () => {
    const sent = answers();
    const { user } = renderScreen(EDITOR);
    await form();
    expect(screen.queryByRole('button', { name: 'Send now' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Schedule' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Button automation' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].body).not.toHaveProperty('rules');
  });

  it('sends the saved draft now: the changes first, then the send', async () => {
    const sent = answers(broadcastDetail({ ...saved, audience: { contactIds: [aisha.id] }, contacts: [aisha], rules: undefined }));
    const { user, router } = renderScreen([...EDITOR, 'broadcasts:send']);
    const edit = await form();
    expect(within(edit).getByRole('button', { name: 'Aisha Khan' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/broadcast'));
    expect(sent.map(({ method, url }) => `${method} ${url}`)).toEqual([`PUT /api/broadcast/${id}`, `POST /api/broadcast/${id}/send`]);
    expect(sent[0].body).toMatchObject({ contactIds: [aisha.id], name: 'Eid offer' });
    expect(sent[1].body).toEqual({});
    expect(await screen.findByText('Broadcast sending: 12 recipients')).toBeInTheDocument();
  });

  it('says a broadcast that already started cannot be edited', async () => {
    answers(broadcastDetail({ ...saved, status: 'completed' }));
    renderScreen(EDITOR);
    expect(await screen.findByText('Only a draft or a scheduled broadcast can be changed or sent')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });
});
