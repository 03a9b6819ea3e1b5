import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Broadcast } from '@shared/api/broadcasts';
import type { Permission } from '@shared/permissions/catalogue';
import { sessionUser } from '@client/testing/fixtures';
import { apiUrl } from '@client/testing/msw/api-url';
import { server } from '@client/testing/msw/server';
import { renderWithProviders } from '@client/testing/test-utils';
import BroadcastsScreen from './broadcasts-screen';
import { broadcast, broadcastPage, uuid } from './testing/broadcast-fixtures';

const done = broadcast({ id: uuid(1), templateName: 'eid_offer' });
const sending = broadcast({
  id: uuid(2), templateName: 'welcome_message', status: 'processing', sentCount: 40, failedCount: 1, unknownCount: 0, pendingCount: 59,
  deliveredCount: 30, readCount: 10, completedAt: null,
});
const paused = broadcast({
  id: uuid(3), templateName: 'payment_reminder', status: 'paused', statusReason: 'Meta paused the template for low quality',
  sentCount: 10, failedCount: 0, unknownCount: 0, pendingCount: 90, completedAt: null,
});

/** Answers the list with `answer(params)`, and records each request's query. */
function listAnswers(answer: (params: URLSearchParams) => Broadcast[] | { data: Broadcast[]; total: number } = () => [done, paused]) {
  const seen: URLSearchParams[] = [];
  server.use(
    http.get(apiUrl('/broadcast'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      seen.push(params);
      const result = answer(params);
      const { data, total } = Array.isArray(result) ? { data: result, total: result.length } : result;
      return HttpResponse.json(broadcastPage(data, total, Number(params.get('page') ?? 1)));
    }),
  );
  return seen;
}

function renderScreen(permissions?: Permission[]) {
  return renderWithProviders(<BroadcastsScreen />, { user: permissions ? sessionUser({ permissions }) : sessionUser() });
}

async function rowOf(name: string): Promise<HTMLElement> {
  return (await screen.findByText(name)).closest('[role="row"]') as HTMLElement;
}

describe('Broadcasts screen', () => {
  it('lists broadcasts 10 a page with status, progress, delivered / read and creation time', async () => {
    const seen = listAnswers((params) => (params.get('page') === '2' ? { data: [sending], total: 12 } : { data: [done, paused], total: 12 }));
    const { user } = renderScreen();
    const row = await rowOf('eid_offer');
    expect(within(row).getByText('Completed')).toBeInTheDocument();
    expect(within(row).getByText('95 sent / 3 failed / 2 unknown of 100')).toBeInTheDocument();
    expect(within(row).getByText('90 delivered / 60 read')).toBeInTheDocument();
    expect(within(row).getByText('Sent Mar 5, 2026, 12:00')).toBeInTheDocument();
    expect(within(row).getByText('by Amira Haddad')).toBeInTheDocument();
    // Named after its template: the template is not named twice.
    expect(within(row).getByText('To VIP')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Analytics of eid_offer' })).toHaveAttribute('href', `/broadcast/${uuid(1)}/analytics`);
    expect(seen[0].get('page')).toBe('1');
    expect(seen[0].get('limit')).toBe('10');
    expect(seen[0].has('status')).toBe(false);
    expect(screen.getByText(/1–10 of 12/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /next page/i }));
    expect(await rowOf('welcome_message')).toBeInTheDocument();
    expect(seen.at(-1)?.get('page')).toBe('2');
  });

  it('shows a bar while a broadcast is unfinished, with why a paused one stopped; final counts only once done', async () => {
    listAnswers(() => [done, paused]);
    renderScreen();
    const pausedRow = await rowOf('payment_reminder');
    expect(within(pausedRow).getByText('Paused')).toBeInTheDocument();
    expect(within(pausedRow).getByText('Meta paused the template for low quality')).toBeInTheDocument();
    expect(within(pausedRow).getByText('10 sent / 0 failed / 0 unknown of 100')).toBeInTheDocument();
    expect(pausedRow.querySelector('.MuiLinearProgress-root')).not.toBeNull();
    expect((await rowOf('eid_offer')).querySelector('.MuiLinearProgress-root')).toBeNull();
  });

  it('filters by status from the first page', async () => {
    const seen = listAnswers((params) => (params.get('status') === 'completed' ? [done] : [done, paused]));
    const { user } = renderScreen();
    await rowOf('payment_reminder');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'All statuses', 'Draft', 'Scheduled', 'Cancelled', 'Pending', 'Processing', 'Paused', 'Completed', 'Failed',
    ]);
    await user.click(screen.getByRole('option', { name: 'Completed' }));
    await waitFor(() => expect(screen.queryByText('payment_reminder')).not.toBeInTheDocument());
    expect(seen.at(-1)?.get('status')).toBe('completed');
    expect(seen.at(-1)?.get('page')).toBe('1');
  });

  it('refreshes itself while a broadcast on the page is sending', async () => {
    let calls = 0;
    listAnswers(() => {
      calls += 1;
      return calls === 1 ? [sending] : [{ ...sending, status: 'completed', sentCount: 98, failedCount: 2, pendingCount: 0 }];
    });
    renderScreen();
    const row = await rowOf('welcome_message');
    expect(within(row).getByText('Processing')).toBeInTheDocument();
    expect(await within(await rowOf('welcome_message')).findByText('Completed', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('98 sent / 2 failed / 0 unknown of 100')).toBeInTheDocument();
  });

  it('deletes after a confirmation that says a sending broadcast is cancelled first', async () => {
    listAnswers(() => [done, sending]);
    const deleted: string[] = [];
    server.use(
      http.delete(apiUrl('/broadcast/:id'), ({ params }) => {
        deleted.push(String(params.id));
        return HttpResponse.json({ success: true });
      }),
    );
    const { user } = renderScreen();
    await user.click(within(await rowOf('welcome_message')).getByRole('button', { name: 'Delete welcome_message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Broadcast' });
    expect(dialog).toHaveTextContent('It is still sending: it will be cancelled first, and its unsent recipients will not be sent.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deleted).toEqual([]);

    await user.click(within(await rowOf('eid_offer')).getByRole('button', { name: 'Delete eid_offer' }));
    const again = await screen.findByRole('dialog', { name: 'Delete Broadcast' });
    expect(again).not.toHaveTextContent('cancelled first');
    await user.click(within(again).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Broadcast deleted successfully')).toBeInTheDocument();
    expect(deleted).toEqual([uuid(1)]);
  });

  it('resumes a paused broadcast', async () => {
    listAnswers(() => [paused]);
    const resumed: string[] = [];
    server.use(
      http.post(apiUrl('/broadcast/:id/resume'), ({ params }) => {
        resumed.push(String(params.id));
        return HttpResponse.json({ ...paused, status: 'processing', statusReason: null });
      }),
    );
    const { user } = renderScreen();
    await user.click(within(await rowOf('payment_reminder')).getByRole('button', { name: 'Resume payment_reminder' }));
    expect(await screen.findByText('Broadcast resumed')).toBeInTheDocument();
    expect(resumed).toEqual([uuid(3)]);
  });

  it('offers New Broadcast, Delete, Resume and Analytics only to those who may', async () => {
    listAnswers(() => [paused]);
    renderScreen(['broadcasts:view']);
    const row = await rowOf('payment_reminder');
    expect(within(row).queryByRole('link')).not.toBeInTheDocument();
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New Broadcast' })).not.toBeInTheDocument();
  });

  it('links each broadcast to its analytics for analytics:view', async () => {
    listAnswers(() => [paused]);
    renderScreen(['broadcasts:view', 'analytics:view']);
    const row = await rowOf('payment_reminder');
    expect(within(row).getAllByRole('link').map((link) => link.getAttribute('aria-label'))).toEqual(['Analytics of payment_reminder']);
  });

  describe('drafts and schedules', () => {
    const draft = broadcast({
      id: uuid(4), name: 'Eid offer (draft)', templateName: 'eid_offer', status: 'draft', audience: { contactIds: [uuid(301), uuid(302)] },
      totalCount: 0, sentCount: 0, failedCount: 0, unknownCount: 0, deliveredCount: 0, readCount: 0, completedAt: null,
    });
    const scheduled = broadcast({
      id: uuid(5), name: 'Weekend sale', templateName: 'seasonal_offer', status: 'scheduled', scheduledAt: '2026-11-28T05:00:00.000Z',
      totalCount: 0, sentCount: 0, failedCount: 0, unknownCount: 0, deliveredCount: 0, readCount: 0, completedAt: null,
    });

    it('shows name, template, audience and the scheduled time in the organization’s zone, not yet sent', async () => {
      listAnswers(() => [draft, scheduled]);
      server.use(http.get(apiUrl('/broadcast/schedule-zone'), () => HttpResponse.json({ timeZone: 'Asia/Dubai' })));
      renderScreen();
      const scheduledRow = await rowOf('Weekend sale');
      expect(within(scheduledRow).getByText('Template seasonal_offer · To VIP')).toBeInTheDocument();
      expect(await within(scheduledRow).findByText('Scheduled for Nov 28, 2026, 09:00')).toBeInTheDocument();
      expect(within(scheduledRow).getByText('Not sent')).toBeInTheDocument();
      expect(within(await rowOf('Eid offer (draft)')).getByText('Template eid_offer · To 2 contacts')).toBeInTheDocument();
    });

    it('sends a draft now and cancels a scheduled broadcast', async () => {
      listAnswers(() => [draft, scheduled]);
      const calls: string[] = [];
      server.use(
        http.post(apiUrl('/broadcast/:id/send'), ({ params }) => {
          calls.push(`send ${String(params.id)}`);
          return HttpResponse.json({ ...draft, status: 'pending' });
        }),
        http.post(apiUrl('/broadcast/:id/cancel'), ({ params }) => {
          calls.push(`cancel ${String(params.id)}`);
          return HttpResponse.json({ ...scheduled, status: 'cancelled' });
        }),
      );
      const { user } = renderScreen();
      await user.click(within(await rowOf('Eid offer (draft)')).getByRole('button', { name: 'Send Eid offer (draft) now' }));
      expect(await screen.findByText('Sending "Eid offer (draft)"')).toBeInTheDocument();
      await user.click(within(await rowOf('Weekend sale')).getByRole('button', { name: 'Cancel Weekend sale' }));
      expect(await screen.findByText('"Weekend sale" will not be sent')).toBeInTheDocument();
      expect(calls).toEqual([`send ${uuid(4)}`, `cancel ${uuid(5)}`]);
    });

    it('offers Send only with broadcasts:send and Cancel only with broadcasts:delete', async () => {
      listAnswers(() => [draft, scheduled]);
      renderScreen(['broadcasts:view', 'broadcasts:create']);
      expect(within(await rowOf('Eid offer (draft)')).queryByRole('button')).not.toBeInTheDocument();
      expect(within(await rowOf('Weekend sale')).queryByRole('button')).not.toBeInTheDocument();
    });

    it('offers Edit of a draft or scheduled broadcast only with broadcasts:edit, opening its form', async () => {
      const done = broadcast({ id: uuid(6), name: 'Sent last week' });
      listAnswers(() => [draft, scheduled, done]);
      const { unmount } = renderScreen(['broadcasts:view']);
      expect(within(await rowOf('Eid offer (draft)')).queryByRole('link', { name: /^Edit/ })).not.toBeInTheDocument();
      unmount();

      renderScreen(['broadcasts:view', 'broadcasts:edit']);
      expect(within(await rowOf('Eid offer (draft)')).getByRole('link', { name: 'Edit Eid offer (draft)' })).toHaveAttribute('href', `/broadcast/${uuid(4)}/edit`);
      expect(within(await rowOf('Weekend sale')).getByRole('link', { name: 'Edit Weekend sale' })).toHaveAttribute('href', `/broadcast/${uuid(5)}/edit`);
      expect(within(await rowOf('Sent last week')).queryByRole('link', { name: /^Edit/ })).not.toBeInTheDocument();
    });
  });

  it('links New Broadcast to /broadcast/new', async () => {
    listAnswers(() => []);
    renderScreen();
    expect(await screen.findByText('No broadcasts yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New Broadcast' })).toHaveAttribute('href', '/broadcast/new');
  });

  it('stacks everything but the actions in one column on a phone', async () => {
    listAnswers(() => [paused]);
    const original = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...original(query), matches: query.includes('48em') });
    try {
      renderScreen();
      const row = await rowOf('payment_reminder');
      expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Broadcast', 'Actions']);
      expect(within(row).getByText('10 sent / 0 failed / 0 unknown of 100')).toBeInTheDocument();
      expect(within(row).getByRole('button', { name: 'Delete payment_reminder' })).toBeInTheDocument();
      expect(within(row).getByRole('button', { name: 'Resume payment_reminder' })).toBeInTheDocument();
    } finally {
      window.matchMedia = original;
    }
  });
});
