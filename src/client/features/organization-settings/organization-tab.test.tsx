import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { OrganizationSettingChange, OrganizationSettingChangePage, OrganizationSettings } from '@shared/api/organization-settings';
import { sessionUser } from '@client/testing/fixtures';
import { apiUrl } from '@client/testing/msw/api-url';
import { server } from '@client/testing/msw/server';
import { renderWithProviders } from '@client/testing/test-utils';
import OrganizationTab from './organization-tab';

const SAVED: OrganizationSettings = { readReceipts: true, autoAssign: { enabled: false, cap: 10 }, timeZone: 'UTC', optOutKeywords: [] };

const change = (id: string, over: Partial<OrganizationSettingChange>): OrganizationSettingChange => ({
  id, setting: 'readReceipts', oldValue: true, newValue: false, changedAt: '2026-03-01T10:00:00.000Z', changedBy: { id: 'u-1', name: 'Lina Owner' }, ...over,
});

/** The settings and the change log as the server answers them; answers the PATCH bodies it received and the log pages asked for. */
function answers(settings = SAVED, log: OrganizationSettingChange[] = []) {
  const patches: unknown[] = [];
  const pages: URL[] = [];
  let current = settings;
  let entries = log;
  server.use(
    http.get(apiUrl('/organization/settings'), () => HttpResponse.json(current)),
    http.patch(apiUrl('/organization/settings'), async ({ request }) => {
      const body = (await request.json()) as OrganizationSettings;
      patches.push(body);
      entries = [change('c-new', { setting: 'timeZone', oldValue: current.timeZone, newValue: body.timeZone, changedBy: { id: 'u-2', name: 'Ada Admin' } }), ...entries];
      current = body;
      return HttpResponse.json(current);
    }),
    http.get(apiUrl('/organization/settings/changes'), ({ request }) => {
      pages.push(new URL(request.url));
      const page: OrganizationSettingChangePage = { data: entries, pagination: { page: 1, limit: 10, total: entries.length, totalPages: 1, hasNext: false } };
      return HttpResponse.json(page);
    }),
  );
  return { patches, pages };
}

describe('Organization tab', () => {
  it('shows the saved settings and who changed what, from → to', async () => {
    const { pages } = answers({ ...SAVED, autoAssign: { enabled: true, cap: 25 } }, [
      change('c-2', { setting: 'autoAssign.cap', oldValue: 10, newValue: 25 }),
      change('c-1', { setting: 'readReceipts', oldValue: false, newValue: true, changedBy: null }),
    ]);
    renderWithProviders(<OrganizationTab />, { user: sessionUser() });

    expect(await screen.findByRole('switch', { name: 'Send read receipts' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Assign new conversations automatically' })).toBeChecked();
    expect(screen.getByRole('spinbutton', { name: 'Open conversations per member' })).toHaveValue(25);
    expect(screen.getByRole('combobox', { name: /Time zone/ })).toHaveValue('UTC');

    const capRow = (await screen.findByText('Open conversations per member', { selector: '[role="gridcell"] *, [role="gridcell"]' })).closest('[role="row"]') as HTMLElement;
    expect(within(capRow).getByText('10 → 25')).toBeInTheDocument();
    expect(within(capRow).getByText('Lina Owner')).toBeInTheDocument();
    const receiptsRow = screen.getByText('Read receipts', { selector: '[role="gridcell"] *, [role="gridcell"]' }).closest('[role="row"]') as HTMLElement;
    expect(within(receiptsRow).getByText('Off → On')).toBeInTheDocument();
    expect(within(receiptsRow).getByText('A former member')).toBeInTheDocument();
    expect(pages[0].searchParams.get('page')).toBe('1');
  });

  it('saves the changed settings with the shared rules, then shows the new log entry', async () => {
    const { patches } = answers();
    const { user } = renderWithProviders(<OrganizationTab />, { user: sessionUser() });
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    // The cap is only editable with auto-assignment on.
    const cap = screen.getByRole('spinbutton', { name: 'Open conversations per member' });
    expect(cap).toBeDisabled();
    await user.click(screen.getByRole('switch', { name: 'Assign new conversations automatically' }));
    await user.clear(cap);
    await user.type(cap, '501');
    await user.click(save);
    expect(await screen.findByText('Open conversations per member must be between 1 and 500')).toBeInTheDocument();
    expect(patches).toEqual([]);

    await user.clear(cap);
    await user.type(cap, '30');
    await user.click(screen.getByRole('switch', { name: 'Send read receipts' }));
    const zone = screen.getByRole('combobox', { name: /Time zone/ });
    await user.clear(zone);
    await user.type(zone, 'Berl');
    await user.click(await screen.findByRole('option', { name: 'Europe/Berlin' }));
    await user.click(save);

    await waitFor(() => expect(patches).toEqual([{ readReceipts: false, autoAssign: { enabled: true, cap: 30 }, timeZone: 'Europe/Berlin', optOutKeywords: [] }]));
    expect(await screen.findByText('Organization settings updated successfully')).toBeInTheDocument();
    expect(await screen.findByText('UTC → Europe/Berlin')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('saves the organization’s own opt-out keywords, typed as chips, beside the built-in STOP and UNSUBSCRIBE', async () => {
    const { patches } = answers({ ...SAVED, optOutKeywords: ['Basta'] });
    const { user } = renderWithProviders(<OrganizationTab />, { user: sessionUser() });
    const keywords = await screen.findByRole('combobox', { name: 'Opt-out keywords' });
    expect(screen.getByText('Basta')).toBeInTheDocument();
    expect(screen.getByText(/or STOP or UNSUBSCRIBE, always/)).toBeInTheDocument();

    await user.type(keywords, '  No more offers {Enter}');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches).toEqual([expect.objectContaining({ optOutKeywords: ['Basta', 'No more offers'] })]));
  });

  it('says so when the settings cannot be loaded', async () => {
    answers();
    server.use(http.get(apiUrl('/organization/settings'), () => HttpResponse.json({ error: 'Boom' }, { status: 500 })));
    renderWithProviders(<OrganizationTab />, { user: sessionUser() });
    expect(await screen.findByText('Failed to load the organization settings. Please try again.')).toBeInTheDocument();
  });
});
