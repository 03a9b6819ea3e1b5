import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { BroadcastAnalytics } from '@shared/api/broadcasts';
import type { Permission } from '@shared/permissions/catalogue';
import { sessionUser } from '@client/testing/fixtures';
import { apiUrl } from '@client/testing/msw/api-url';
import { server } from '@client/testing/msw/server';
import { renderWithProviders } from '@client/testing/test-utils';
import BroadcastAnalyticsScreen from './broadcast-analytics-screen';
import { analytics, recipient, uuid } from './testing/broadcast-fixtures';

const id = uuid(1);

function analyticsAnswers(answer: () => BroadcastAnalytics | 'fail' = () => analytics()) {
  const seen = { analytics: 0, recipients: [] as URLSearchParams[] };
  server.use(
    http.get(apiUrl(`/broadcast/${id}/analytics`), () => {
      seen.analytics += 1;
      const result = answer();
      return result === 'fail' ? HttpResponse.json({ error: 'Broadcast not found' }, { status: 404 }) : HttpResponse.json(result);
    }),
    http.get(apiUrl(`/broadcast/${id}/recipients`), ({ request }) => {
      const params = new URL(request.url).searchParams;
      seen.recipients.push(params);
      const unconfirmed = recipient(4, { contactName: 'Nadia Haddad', state: 'ambiguous', unconfirmed: true, messageStatus: 'sending', sentAt: null, deliveredAt: null });
      const data = params.get('filter') === 'failed'
        ? [recipient(1, { contactName: 'Ravi Kumar', state: 'failed', messageStatus: null, errorCode: 131026, errorMessage: 'Message undeliverable', sentAt: null })]
        : params.get('filter') === 'unconfirmed' ? [unconfirmed] : [
          recipient(1, { contactName: 'Aisha Khan' }),
          recipient(2, { contactName: null, phoneNumber: '+971501234562' }),
          recipient(3, { contactName: null, contactProfileName: '🌸 Zoë ✨', phoneNumber: '+447911555001' }),
        ];
      return HttpResponse.json({ data, pagination: { page: 1, limit: 25, total: 30, totalPages: 2, hasNext: true } });
    }),
  );
  return seen;
}

function renderScreen(permissions?: Permission[]) {
  return renderWithProviders(<BroadcastAnalyticsScreen />, {
    user: permissions ? sessionUser({ permissions }) : sessionUser(),
    route: `/broadcast/${id}/analytics`,
    path: '/broadcast/:id/analytics',
  });
}

/** A figure card by its title: its text is 'title value hint'. */
async function figure(title: string): Promise<HTMLElement> {
  const figures = await screen.findByRole('list', { name: 'Figures' });
  const card = within(figures).getAllByRole('listitem').find((item) => item.textContent?.startsWith(title));
  if (!card) throw new Error(`no figure titled ${title}`);
  return card;
}

describe('Broadcast Analytics screen', () => {
  it('shows every figure of the broadcast', async () => {
    analyticsAnswers();
    renderScreen();
    expect(await screen.findByText('welcome_message')).toBeInTheDocument();
    const expected: Array<[string, string]> = [
      ['Total recipients', '100'],
      ['Sent', '95'],
      ['Failed', '3'],
      ['Delivered', '90'],
      ['Read', '60'],
      ['Replies', '12'],
      ['Button clicks', '30'],
      ['Unique clickers', '25'],
      ['Click-through rate', '27.8%'],
      ['Engagement rate', '33.3%'],
      ['Average response time', '2h'],
      ['Unknown', '2'],
      ['Pending', '0'],
    ];
    for (const [title, value] of expected) {
      expect(within(await figure(title)).getByText(value, { exact: true })).toBeInTheDocument();
    }
    expect(within(await figure('Delivered')).getByText('94.7% of sent')).toBeInTheDocument();
  });

  it('shows the funnel with the rate of each stage, and a stage lists its recipients, paged by the server', async () => {
    const seen = analyticsAnswers();
    const { user } = renderScreen();
    const table = await screen.findByRole('table', { name: 'Funnel stages' });
    const rows = within(table).getAllByRole('row').slice(1).map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Attempted', '100', '100.0%', '100.0%', 'View attempted recipients'],
      ['Sent', '95', '95.0%', '95.0%', 'View sent recipients'],
      ['Delivered', '90', '94.7%', '90.0%', 'View delivered recipients'],
      ['Read', '60', '66.7%', '60.0%', 'View read recipients'],
      ['Replied', '12', '20.0%', '12.0%', 'View replied recipients'],
    ]);
    expect(screen.getByRole('figure', { name: /^Funnel chart/ })).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'View delivered recipients' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recipients: Delivered' });
    expect(await within(dialog).findByText('Aisha Khan')).toBeInTheDocument();
    // Numbers show as everywhere else; a contact without a name of the business's by its WhatsApp profile name.
    expect(within(dialog).getAllByText('+971 50 123 4562')).not.toHaveLength(0);
    expect(within(dialog).queryByText('+971501234562')).not.toBeInTheDocument();
    expect(within(dialog).getByText('~ 🌸 Zoë ✨')).toBeInTheDocument();
    expect(within(dialog).getByText('+44 7911 555001')).toBeInTheDocument();
    expect(seen.recipients[0].get('filter')).toBe('delivered');
    expect(seen.recipients[0].get('page')).toBe('1');
    expect(seen.recipients[0].get('limit')).toBe('25');
    expect(seen.recipients[0].has('errorCode')).toBe(false);
    expect(within(dialog).getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      `${window.location.origin}/api/broadcast/${id}/recipients.csv?filter=delivered`,
    );

    await user.click(within(dialog).getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(seen.recipients.at(-1)?.get('page')).toBe('2'));
    expect(seen.recipients.at(-1)?.get('filter')).toBe('delivered');
  });

  it('drills into the figures that count recipients', async () => {
    const seen = analyticsAnswers();
    const { user } = renderScreen();
    expect(within(await figure('Total recipients')).queryByRole('button')).not.toBeInTheDocument();
    await user.click(within(await figure('Unknown')).getByRole('button'));
    expect(await screen.findByRole('dialog', { name: 'Recipients: Unknown' })).toBeInTheDocument();
    await waitFor(() => expect(seen.recipients.at(-1)?.get('filter')).toBe('unknown'));
  });

  it('groups failures by reason; each reason lists its recipients', async () => {
    const seen = analyticsAnswers();
    const { user } = renderScreen();
    const table = await screen.findByRole('table', { name: 'Failure reasons' });
    const rows = within(table).getAllByRole('row').slice(1);
    const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((cell) => cell.textContent);
    expect(within(rows[0]).getByRole('rowheader')).toHaveTextContent(/^Message undeliverable/);
    expect(cells(rows[0])).toEqual(['131026', '2', 'View recipients who failed with Message undeliverable']);
    expect(within(rows[1]).getByRole('rowheader')).toHaveTextContent(/^Network error$/);
    expect(cells(rows[1])).toEqual(['–', '1', 'View recipients who failed with Network error']);
    await user.click(within(table).getByRole('button', { name: 'View recipients who failed with Message undeliverable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recipients: Failed: Message undeliverable' });
    expect(await within(dialog).findByText('131026: Message undeliverable')).toBeInTheDocument();
    expect(seen.recipients.at(-1)?.get('filter')).toBe('failed');
    expect(seen.recipients.at(-1)?.get('errorCode')).toBe('131026');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(within(table).getByRole('button', { name: 'View recipients who failed with Network error' }));
    await waitFor(() => expect(seen.recipients.at(-1)?.get('errorCode')).toBe('none'));
  });

  it('retries the failed recipients and says how many were queued again', async () => {
    let retried = false;
    const seen = analyticsAnswers(() => (retried ? analytics({ status: 'processing', messagesFailed: 1, pendingCount: 2 }) : analytics()));
    server.use(
      http.post(apiUrl(`/broadcast/${id}/retry-failed`), () => {
        retried = true;
        return HttpResponse.json({ requeued: 2 });
      }),
    );
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Retry failed' }));
    expect(await screen.findByText('2 failed recipients queued again')).toBeInTheDocument();
    expect(await within(await figure('Pending')).findByText('2', { exact: true })).toBeInTheDocument();
    expect(seen.analytics).toBeGreaterThanOrEqual(2);
  });

  it('shows the recipients WhatsApp never confirmed, and sends them again once the member confirms it may reach some twice', async () => {
    let sentAgain = 0;
    const seen = analyticsAnswers(() => analytics({ unknownCount: 3, unconfirmedCount: sentAgain ? 0 : 3, pendingCount: sentAgain ? 3 : 0 }));
    server.use(
      http.post(apiUrl(`/broadcast/${id}/resend-unconfirmed`), () => {
        sentAgain += 1;
        return HttpResponse.json({ requeued: 3 });
      }),
    );
    const { user } = renderScreen();
    const section = await screen.findByRole('region', { name: 'Not confirmed by WhatsApp' });
    expect(section).toHaveTextContent('3 recipients were interrupted mid-send, and WhatsApp has not reported on them since');

    await user.click(within(section).getByRole('button', { name: 'View recipients not confirmed by WhatsApp' }));
    const list = await screen.findByRole('dialog', { name: 'Recipients: Not confirmed by WhatsApp' });
    expect(await within(list).findByText('Nadia Haddad')).toBeInTheDocument();
    expect(within(list).getByText('Not confirmed by WhatsApp')).toBeInTheDocument();
    expect(seen.recipients.at(-1)?.get('filter')).toBe('unconfirmed');
    await user.click(within(list).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // Cancelling sends nothing.
    await user.click(within(section).getByRole('button', { name: 'Send again' }));
    let confirm = await screen.findByRole('dialog', { name: 'Send again to 3 recipients?' });
    expect(confirm).toHaveTextContent('If WhatsApp did accept one of them, that customer will get this message twice.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sentAgain).toBe(0);

    await user.click(within(section).getByRole('button', { name: 'Send again' }));
    confirm = await screen.findByRole('dialog', { name: 'Send again to 3 recipients?' });
    await user.click(within(confirm).getByRole('button', { name: 'Send again' }));
    expect(await screen.findByText('3 recipients queued to be sent again')).toBeInTheDocument();
    expect(sentAgain).toBe(1);
    // The refreshed analytics have none left to confirm: the section goes, the recipients wait in Pending.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Not confirmed by WhatsApp' })).not.toBeInTheDocument());
    expect(await within(await figure('Pending')).findByText('3', { exact: true })).toBeInTheDocument();
  });

  it('shows no Send again without broadcasts:send, and nothing while every unknown recipient is within its grace period', async () => {
    analyticsAnswers(() => analytics({ unknownCount: 2, unconfirmedCount: 2 }));
    const { unmount } = renderScreen(['broadcasts:view', 'analytics:view']);
    const section = await screen.findByRole('region', { name: 'Not confirmed by WhatsApp' });
    expect(section).toHaveTextContent('2 recipients were interrupted mid-send');
    expect(within(section).queryByRole('button', { name: 'Send again' })).not.toBeInTheDocument();
    // Without analytics:view_advanced the recipients are not listed either.
    expect(within(section).queryByRole('button', { name: /^View/ })).not.toBeInTheDocument();
    unmount();

    analyticsAnswers(() => analytics({ unknownCount: 2, unconfirmedCount: 0 }));
    renderScreen();
    await screen.findByRole('list', { name: 'Figures' });
    expect(screen.queryByRole('region', { name: 'Not confirmed by WhatsApp' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send again' })).not.toBeInTheDocument();
  });

  it('shows button performance and assignments as charts and tables', async () => {
    analyticsAnswers();
    renderScreen();
    const buttons = await screen.findByRole('table', { name: 'Button performance' });
    expect(within(buttons).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual([
      'Browse products2018Assign to agentOmar Farouk (omar@example.com)',
      'Store hours109Do nothing',
    ]);
    const assignments = screen.getByRole('table', { name: 'Assignment distribution' });
    expect(within(assignments).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual([
      'Omar Faroukomar@example.com18Browse products (20)',
    ]);
    expect(screen.getByRole('figure', { name: /^Button performance chart/ })).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: /^Assignment distribution chart/ })).toBeInTheDocument();
  });

  it("reads right with nothing to average and an add-tag rule: '–' for the response time, and the tag named", async () => {
    analyticsAnswers(() => analytics({
      replyCount: 0,
      avgResponseTimeMinutes: 0,
      buttonPerformance: [{ buttonText: 'Keep me posted', clickCount: 1_250, uniqueClicks: 1_100, actionType: 'add_tag', assignedAgent: null, tagName: 'VIP' }],
    }));
    renderScreen();
    expect(within(await figure('Average response time')).getByText('–', { exact: true })).toBeInTheDocument();
    const buttons = await screen.findByRole('table', { name: 'Button performance' });
    const [row] = within(buttons).getAllByRole('row').slice(1);
    expect(row.textContent).toBe('Keep me posted1,2501,100Add tag VIP');
    expect(within(row).getByText('VIP').tagName).toBe('STRONG');
  });

  it('offers Retry failed and Export CSV only to those who may', async () => {
    analyticsAnswers();
    renderScreen(['broadcasts:view']);
    expect(await screen.findByRole('table', { name: 'Failure reasons' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry failed' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Export CSV' })).not.toBeInTheDocument();
  });

  it('offers Edit of a draft to a member with broadcasts:edit, opening its form', async () => {
    analyticsAnswers(() => analytics({ status: 'draft' }));
    const { unmount } = renderScreen(['broadcasts:view', 'analytics:view']);
    await screen.findByText('welcome_message');
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    unmount();

    renderScreen(['broadcasts:view', 'analytics:view', 'broadcasts:edit']);
    expect(await screen.findByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/broadcast/${id}/edit`);
  });

  it("says 'Failed to load analytics' when they cannot be read", async () => {
    analyticsAnswers(() => 'fail');
    renderScreen();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load analytics');
    expect(alert).toHaveTextContent('Broadcast not found');
  });
});
