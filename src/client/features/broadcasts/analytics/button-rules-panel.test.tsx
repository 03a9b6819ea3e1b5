import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { AutomationRule } from '@shared/api/broadcasts';
import type { Permission } from '@shared/permissions/catalogue';
import { sessionUser } from '@client/testing/fixtures';
import { apiUrl } from '@client/testing/msw/api-url';
import { server } from '@client/testing/msw/server';
import { renderWithProviders } from '@client/testing/test-utils';
import { agents, broadcastDetail, rule, tagPage, uuid, vip } from '../testing/broadcast-fixtures';
import { ButtonRulesPanel } from './button-rules-panel';

const id = uuid(1);
const [omar, lina] = agents;

/** The broadcast's rules as the server holds them, and every change the panel sends. */
function rulesServer(initial: AutomationRule[]) {
  let rules = initial;
  const sent: Array<{ method: string; url: string; body: unknown }> = [];
  const record = async (request: Request) => {
    sent.push({ method: request.method, url: new URL(request.url).pathname, body: request.method === 'DELETE' ? null : await request.json() });
  };
  server.use(
    http.get(apiUrl('/automation/rules'), ({ request }) => {
      expect(new URL(request.url).searchParams.get('broadcastId')).toBe(id);
      return HttpResponse.json({ rules });
    }),
    http.get(apiUrl(`/broadcast/${id}`), () => HttpResponse.json(broadcastDetail({ id }))),
    http.get(apiUrl('/automation/agents'), () => HttpResponse.json({ agents })),
    http.get(apiUrl('/tags'), () => HttpResponse.json(tagPage())),
    http.post(apiUrl('/automation/rules'), async ({ request }) => {
      await record(request);
      rules = [...rules, rule(id, { triggerId: '2', triggerText: 'Store hours', actionType: 'assign_agent', targetUserId: lina.id })];
      return HttpResponse.json({ rules }, { status: 201 });
    }),
    http.put(apiUrl('/automation/rules/:ruleId'), async ({ request }) => {
      await record(request);
      rules = rules.map((r) => (r.triggerId === '0' ? { ...r, actionType: 'do_nothing', targetTagId: null } : r));
      return HttpResponse.json(rules[0]);
    }),
    http.delete(apiUrl('/automation/rules/:ruleId'), async ({ request }) => {
      await record(request);
      rules = rules.filter((r) => `/api/automation/rules/${r.id}` !== new URL(request.url).pathname);
      return HttpResponse.json({ message: 'Rule deleted successfully' });
    }),
  );
  return sent;
}

const tagRule = rule(id, { triggerId: '0', triggerText: 'Browse products', actionType: 'add_tag', targetTagId: vip.id });

function renderPanel(permissions: Permission[]) {
  return renderWithProviders(<ButtonRulesPanel broadcastId={id} />, { user: sessionUser({ permissions: ['contacts:view', ...permissions] }) });
}

async function rulesTable() {
  return screen.findByRole('table', { name: 'Button rules' });
}

describe('Button rules panel', () => {
  it('is not shown without automation:view', async () => {
    const requests: string[] = [];
    server.events.on('request:start', ({ request }) => requests.push(new URL(request.url).pathname));
    renderPanel(['broadcasts:view']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { name: 'Button rules' })).not.toBeInTheDocument();
    expect(requests.filter((path) => path.startsWith('/api/automation'))).toEqual([]);
    server.events.removeAllListeners();
  });

  it('lists each rule as button performance reads it, with no controls for a member who may only see them', async () => {
    rulesServer([tagRule, rule(id, { triggerId: '2', triggerText: 'Store hours', actionType: 'assign_agent', targetUserId: omar.id })]);
    renderPanel(['automation:view']);
    const table = await rulesTable();
    const [browse, hours] = within(table).getAllByRole('row').slice(1);
    await waitFor(() => expect(browse).toHaveTextContent('Browse productsAdd tag VIP'));
    expect(within(browse).getByText('VIP').tagName).toBe('STRONG');
    await waitFor(() => expect(hours).toHaveTextContent('Store hoursAssign to agentOmar Farouk (omar@example.com)'));
    expect(screen.queryByRole('button', { name: 'Add rule' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit the rule/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete the rule/ })).not.toBeInTheDocument();
  });

  it('shows Add, Edit and Delete each only with its own permission', async () => {
    rulesServer([tagRule]);
    const { unmount } = renderPanel(['automation:view', 'automation:edit']);
    expect(await screen.findByRole('button', { name: 'Edit the rule of “Browse products”' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete the rule/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add rule' })).not.toBeInTheDocument();
    unmount();

    renderPanel(['automation:view', 'automation:create', 'automation:delete']);
    expect(await screen.findByRole('button', { name: 'Add rule' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete the rule of “Browse products”' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit the rule/ })).not.toBeInTheDocument();
  });

  it('adds a rule to a button without one, changes a rule and deletes one', async () => {
    const sent = rulesServer([tagRule]);
    const { user } = renderPanel(['automation:view', 'automation:create', 'automation:edit', 'automation:delete']);

    await user.click(await screen.findByRole('button', { name: 'Add rule' }));
    const adding = await screen.findByRole('dialog', { name: 'Add button rule' });
    await user.click(within(adding).getByRole('combobox', { name: /Button/ }));
    // Only the button without a rule is offered.
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Store hours']);
    await user.click(screen.getByRole('option', { name: 'Store hours' }));
    await user.click(within(adding).getByRole('combobox', { name: /Action for “Store hours”/ }));
    await user.click(await screen.findByRole('option', { name: 'Assign to agent' }));
    await user.click(within(adding).getByRole('button', { name: 'Add rule' }));
    // An agent is required for assign_agent: nothing is sent until one is picked.
    expect(await within(adding).findByText('Please select an agent')).toBeInTheDocument();
    await user.click(within(adding).getByRole('combobox', { name: /Agent for “Store hours”/ }));
    await user.click(await screen.findByRole('option', { name: 'Lina Saeed (lina@example.com)' }));
    await user.click(within(adding).getByRole('button', { name: 'Add rule' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent[0]).toEqual({
      method: 'POST',
      url: '/api/automation/rules',
      body: { broadcastId: id, rules: [{ triggerId: '2', triggerText: 'Store hours', actionType: 'assign_agent', targetUserId: lina.id, targetTagId: null }] },
    });
    expect(await screen.findByText('Lina Saeed (lina@example.com)')).toBeInTheDocument();
    // Every button has a rule now.
    expect(screen.queryByRole('button', { name: 'Add rule' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit the rule of “Browse products”' }));
    const editing = await screen.findByRole('dialog', { name: 'Edit the rule of “Browse products”' });
    await user.click(within(editing).getByRole('combobox', { name: /Action for “Browse products”/ }));
    await user.click(await screen.findByRole('option', { name: 'Do nothing' }));
    await user.click(within(editing).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent[1]).toEqual({
      method: 'PUT',
      url: `/api/automation/rules/${tagRule.id}`,
      body: { actionType: 'do_nothing', targetUserId: null, targetTagId: null },
    });

    await user.click(screen.getByRole('button', { name: 'Delete the rule of “Browse products”' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete Rule' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(sent[2]).toEqual({ method: 'DELETE', url: `/api/automation/rules/${tagRule.id}`, body: null }));
    await waitFor(() => expect(screen.queryByText('Browse products')).not.toBeInTheDocument());
  });
});
