import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Template, TemplatesResponse } from '@shared/api/templates';
import { sessionUser } from '@client/testing/fixtures';
import { apiUrl } from '@client/testing/msw/api-url';
import { server } from '@client/testing/msw/server';
import { renderWithProviders } from '@client/testing/test-utils';
import { syncErrorMessage } from './sync-error-message';
import TemplatesScreen from './templates-screen';

const template = (name: string, status: string, body: string): Template => ({
  id: `t-${name}`,
  name,
  status,
  category: 'UTILITY',
  language: 'en_US',
  components: [
    { type: 'HEADER', format: 'TEXT', text: `${name} header` },
    { type: 'BODY', text: body },
    { type: 'BUTTONS', buttons: [{ id: '0', text: 'Track my order', type: 'QUICK_REPLY' }] },
  ],
});

const LOCAL = [template('order_confirmation', 'APPROVED', 'Hi {{1}}, order {{2}} is on its way.'), template('feedback_request', 'PENDING', 'How was it?')];

function answers(templates: Template[], lastTemplateSync: string | null = '2026-11-20T09:30:00.000Z') {
  const requests: URL[] = [];
  server.use(
    http.get(apiUrl('/templates/local'), ({ request }) => {
      const url = new URL(request.url);
      requests.push(url);
      const status = url.searchParams.get('status');
      const data = templates.filter((t) => !status || t.status === status);
      const body: TemplatesResponse = {
        data,
        pagination: { page: 1, limit: 25, total: data.length, totalPages: 1, hasNext: false },
        lastTemplateSync,
      };
      return HttpResponse.json(body);
    }),
  );
  return requests;
}

const renderScreen = (permissions = sessionUser().organization!.permissions) =>
  renderWithProviders(<TemplatesScreen />, { user: sessionUser({ permissions }) });

describe('Templates screen', () => {
  it('lists the synced templates with status, content and buttons, and when they were synced', async () => {
    answers(LOCAL);
    renderScreen();
    const row = (await screen.findByText('order_confirmation')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('APPROVED')).toBeInTheDocument();
    expect(within(row).getByText('Hi {{1}}, order {{2}} is on its way.')).toBeInTheDocument();
    expect(within(row).getByText('Track my order')).toBeInTheDocument();
    expect(screen.getByText(/^Last synced/)).toHaveTextContent(new Date('2026-11-20T09:30:00.000Z').toLocaleString());
  });

  it('says when there is nothing yet', async () => {
    answers([], null);
    renderScreen();
    expect(await screen.findByText('No templates found')).toBeInTheDocument();
    expect(screen.getByText('Not synced yet')).toBeInTheDocument();
  });

  it('filters by status on the server', async () => {
    const requests = answers(LOCAL);
    const { user } = renderScreen();
    await screen.findByText('feedback_request');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Approved' }));
    await waitFor(() => expect(screen.queryByText('feedback_request')).not.toBeInTheDocument());
    expect(requests.at(-1)?.searchParams.get('status')).toBe('APPROVED');
    expect(screen.getByText('order_confirmation')).toBeInTheDocument();
  });

  it('syncs templates and shows the new list', async () => {
    let synced = false;
    server.use(
      http.post(apiUrl('/templates/sync'), () => {
        synced = true;
        return HttpResponse.json({ message: 'Templates synced successfully', synced: 3, lastTemplateSync: '2026-11-22T10:00:00.000Z' });
      }),
    );
    answers(LOCAL);
    const { user } = renderScreen();
    await screen.findByText('order_confirmation');
    server.use(http.get(apiUrl('/templates/local'), () => HttpResponse.json({
      data: [...LOCAL, template('welcome_message', 'APPROVED', 'Welcome!')],
      pagination: { page: 1, limit: 25, total: 3, totalPages: 1, hasNext: false },
      lastTemplateSync: '2026-11-22T10:00:00.000Z',
    })));
    await user.click(screen.getByRole('button', { name: 'Sync Templates' }));
    expect(await screen.findByText('3 templates synced from WhatsApp')).toBeInTheDocument();
    expect(await screen.findByText('welcome_message')).toBeInTheDocument();
    expect(synced).toBe(true);
  });

  it('maps a sync failure to its message, and opens the configuration modal for an expired token', async () => {
    answers(LOCAL);
    server.use(
      http.post(apiUrl('/templates/sync'), () =>
        HttpResponse.json(
          { error: 'WhatsApp rejected the access token as invalid or expired: Error validating access token', code: 'WHATSAPP_TOKEN_EXPIRED' },
          { status: 400 },
        )),
    );
    const { user } = renderScreen();
    await screen.findByText('order_confirmation');
    await user.click(screen.getByRole('button', { name: 'Sync Templates' }));
    expect(await screen.findByText('WhatsApp access token is missing or invalid')).toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: 'WhatsApp Access Token Expired' })).toBeInTheDocument();
  });

  it('hides Sync Templates without templates:sync', async () => {
    answers(LOCAL);
    renderScreen(['templates:view']);
    await screen.findByText('order_confirmation');
    expect(screen.queryByRole('button', { name: 'Sync Templates' })).not.toBeInTheDocument();
  });

  it('says when the list cannot be loaded', async () => {
    server.use(http.get(apiUrl('/templates/local'), () => HttpResponse.json({ error: 'down' }, { status: 500 })));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderScreen();
    expect(await screen.findByText('Failed to load templates', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});

describe('sync error messages', () => {
  it.each([
    ['WhatsApp is not configured: missing access token, phone number id and business account id', 'WhatsApp access token is missing or invalid'],
    ['Invalid access token', 'WhatsApp access token is missing or invalid'],
    ['Missing phone number id', 'WhatsApp phone number ID is missing'],
    ['Missing business account id', 'WhatsApp business account ID is missing'],
    ['Missing webhook verify token', 'WhatsApp webhook verify token is missing'],
    ['API call failed: (#10) Application does not have permission for this action', 'WhatsApp API credentials are invalid or expired'],
    ['Something went wrong on our side. Please try again.', 'Server error while updating templates list'],
    [undefined, 'Server error while updating templates list'],
  ])('%s → %s', (text, expected) => {
    expect(syncErrorMessage(text)).toBe(expected);
  });
});
