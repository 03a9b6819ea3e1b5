import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { InboxReport } from '@shared/api/reports';
import { sessionUser } from '@client/testing/fixtures';
import { apiUrl } from '@client/testing/msw/api-url';
import { server } from '@client/testing/msw/server';
import { renderWithProviders } from '@client/testing/test-utils';
import ReportsScreen from './reports-screen';

const hours = () => Array.from({ length: 7 }, () => Array<number>(24).fill(0));

function reportFixture(overrides: Partial<InboxReport> = {}): InboxReport {
  const busiestHours = hours();
  busiestHours[0][9] = 12;
  busiestHours[4][15] = 3;
  return {
    from: '2026-03-02',
    to: '2026-03-04',
    timeZone: 'Asia/Dubai',
    days: [
      { date: '2026-03-02', opened: 1200, resolved: 3 },
      { date: '2026-03-03', opened: 4, resolved: 1 },
      { date: '2026-03-04', opened: 0, resolved: 0 },
    ],
    firstResponse: { medianMinutes: 30, p90Minutes: 46, count: 3 },
    resolution: { medianMinutes: 90, p90Minutes: 90, count: 1 },
    messages: { inbound: 6, outbound: 1500 },
    busiestHours,
    agents: [
      { userId: 'u1', name: 'Layla Nasser', email: 'layla@example.com', assigned: 2, resolved: 1, medianFirstResponseMinutes: 20, medianResolutionMinutes: null },
    ],
    ...overrides,
  };
}

/** Answers the report, keeping each request's query string. */
function answerReports(report: InboxReport, asked: string[] = []) {
  server.use(http.get(apiUrl('/reports/inbox'), ({ request }) => {
    asked.push(new URL(request.url).search);
    return HttpResponse.json(report);
  }));
  return asked;
}

const figure = (label: string) => {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
};

describe('reports', () => {
  it('shows the range’s figures: totals, response times, messages, the busiest hours and each agent', async () => {
    answerReports(reportFixture());
    renderWithProviders(<ReportsScreen />, { user: sessionUser() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    await screen.findByText('Conversations opened', { selector: 'dt' });
    expect(figure('Conversations opened')).toBe('1,204');
    expect(figure('Conversations resolved')).toBe('4');
    expect(figure('Median first response')).toBe('30min');
    expect(screen.getByText('90th percentile 46min · 3 conversations')).toBeInTheDocument();
    expect(figure('Median resolution time')).toBe('1h');
    expect(screen.getByText('90th percentile 1h · 1 conversation')).toBeInTheDocument();
    expect(figure('Messages out')).toBe('1,500');
    expect(screen.getByLabelText('From')).toHaveValue('2026-03-02');

    const heatmap = screen.getByRole('table', { name: 'Customer messages by day and hour' });
    const monday = within(heatmap).getByRole('row', { name: /^Mon/ });
    expect(within(monday).getAllByRole('cell')[9]).toHaveTextContent('12');
    expect(within(monday).getAllByRole('cell')[10]).toHaveTextContent('0');

    const agents = screen.getByRole('grid', { name: 'Agents' });
    expect(within(agents).getByText('Layla Nasser')).toBeInTheDocument();
    expect(within(agents).getByText('20min')).toBeInTheDocument();
    expect(within(agents).getByText('–')).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', expect.stringMatching(/\/api\/reports\/inbox\.csv\?from=2026-03-02&to=2026-03-04$/));
  });

  it('without analytics:view_advanced there is no Agents section, and without analytics:export no Export CSV', async () => {
    answerReports(reportFixture({ agents: undefined }));
    renderWithProviders(<ReportsScreen />, { user: sessionUser({ permissions: ['analytics:view'] }) });
    await screen.findByText('Conversations opened', { selector: 'dt' });
    expect(screen.queryByRole('heading', { name: 'Agents' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Export CSV' })).not.toBeInTheDocument();
  });

  it('asks for the range applied, and keeps it in the address', async () => {
    const asked = answerReports(reportFixture());
    const { user, router } = renderWithProviders(<ReportsScreen />, { user: sessionUser(), route: '/reports', path: '/reports' });
    const from = await screen.findByLabelText('From');
    expect(asked).toEqual(['']);
    await user.clear(from);
    await user.type(from, '2026-02-01');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(asked).toContain('?from=2026-02-01&to=2026-03-04'));
    expect(router.state.location.search).toBe('?from=2026-02-01&to=2026-03-04');
  });

  it('refuses a range that ends before it starts, with the shared rule’s message', async () => {
    const asked = answerReports(reportFixture());
    const { user } = renderWithProviders(<ReportsScreen />, { user: sessionUser() });
    const to = await screen.findByLabelText('To');
    await user.clear(to);
    await user.type(to, '2026-03-01');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('From must be on or before To')).toBeInTheDocument();
    expect(asked).toEqual(['']);
  });

  it('says why the server refused a range typed into the address', async () => {
    server.use(http.get(apiUrl('/reports/inbox'), () => HttpResponse.json({ error: 'Pick a range of at most 366 days' }, { status: 400 })));
    renderWithProviders(<ReportsScreen />, { user: sessionUser(), route: '/reports?from=2020-01-01&to=2026-03-04', path: '/reports' });
    expect(await screen.findByText('Pick a range of at most 366 days')).toBeInTheDocument();
    expect(screen.getByLabelText('From')).toHaveValue('2020-01-01');
  });
});
