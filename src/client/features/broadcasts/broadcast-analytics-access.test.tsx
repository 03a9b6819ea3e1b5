import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Permission } from '@shared/permissions/catalogue';
import { sessionUser } from '@client/testing/fixtures';
import { apiUrl } from '@client/testing/msw/api-url';
import { server } from '@client/testing/msw/server';
import { renderWithProviders } from '@client/testing/test-utils';
import BroadcastAnalyticsScreen from './broadcast-analytics-screen';
import { analytics, uuid } from './testing/broadcast-fixtures';

const id = uuid(1);

function renderScreen(permissions: Permission[]) {
  return renderWithProviders(<BroadcastAnalyticsScreen />, {
    user: sessionUser({ permissions }),
    route: `/broadcast/${id}/analytics`,
    path: '/broadcast/:id/analytics',
  });
}

describe('Broadcast Analytics by permission', () => {
  it('shows analytics:view the figures, without button performance, assignments or recipient lists', async () => {
    const { buttonPerformance: _buttons, assignmentDistribution: _assignments, ...basic } = analytics();
    server.use(http.get(apiUrl(`/broadcast/${id}/analytics`), () => HttpResponse.json(basic)));
    renderScreen(['analytics:view']);
    const figures = await screen.findByRole('list', { name: 'Figures' });
    expect(within(figures).getAllByRole('listitem').length).toBeGreaterThan(0);
    expect(within(figures).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^View/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Button performance' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /assign/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Export CSV' })).not.toBeInTheDocument();
  });

  it('offers no recipients CSV for analytics:export without analytics:view_advanced: the CSV lists recipients', async () => {
    server.use(http.get(apiUrl(`/broadcast/${id}/analytics`), () => HttpResponse.json(analytics())));
    renderScreen(['analytics:view', 'analytics:export']);
    await screen.findByRole('list', { name: 'Figures' });
    expect(screen.queryByRole('link', { name: 'Export CSV' })).not.toBeInTheDocument();
  });

  it('adds them for analytics:view_advanced, and the CSV for analytics:export beside it', async () => {
    server.use(http.get(apiUrl(`/broadcast/${id}/analytics`), () => HttpResponse.json(analytics())));
    renderScreen(['analytics:view', 'analytics:view_advanced', 'analytics:export']);
    const figures = await screen.findByRole('list', { name: 'Figures' });
    expect(within(figures).getAllByRole('button').length).toBeGreaterThan(0);
    expect(screen.getAllByRole('button', { name: /^View/ }).length).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { name: 'Button performance' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toBeInTheDocument();
  });
});
