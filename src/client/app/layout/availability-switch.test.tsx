import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Availability } from '@shared/api/availability';
import type { Permission } from '@shared/permissions/catalogue';
import { sessionUser } from '@client/testing/fixtures';
import { apiUrl } from '@client/testing/msw/api-url';
import { server } from '@client/testing/msw/server';
import { renderApp } from '@client/testing/test-utils';

const AGENT: Permission[] = ['chats:view', 'chats:respond'];

/** The server's switch for the member, and the availabilities PUT to it in order. */
function stubAvailability(initial: Availability, { refuse = false } = {}) {
  let stored = initial;
  const sent: unknown[] = [];
  server.use(
    http.get(apiUrl('/analytics'), () => HttpResponse.json({ cards: [] })),
    http.get(apiUrl('/me/availability'), () => HttpResponse.json({ availability: stored })),
    http.put(apiUrl('/me/availability'), async ({ request }) => {
      const body = (await request.json()) as { availability: Availability };
      sent.push(body);
      if (refuse) return HttpResponse.json({ error: "You don't have permission to do that" }, { status: 403 });
      stored = body.availability;
      return HttpResponse.json({ availability: stored });
    }),
  );
  return sent;
}

async function headerSwitch() {
  const header = await screen.findByRole('banner');
  return within(header).findByRole('switch', { name: 'Available' });
}

describe('the Available / Away switch in the header', () => {
  it("shows an agent's availability and switches it to Away and back from the keyboard", async () => {
    const sent = stubAvailability('available');
    const { user } = renderApp({ route: '/', user: sessionUser({ permissions: AGENT }) });
    const toggle = await headerSwitch();
    expect(toggle).toBeChecked();

    for (let presses = 0; document.activeElement !== toggle && presses < 20; presses += 1) await user.tab();
    expect(toggle).toHaveFocus();
    await user.keyboard(' ');
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(sent).toEqual([{ availability: 'away' }]);

    await user.keyboard(' ');
    await waitFor(() => expect(toggle).toBeChecked());
    expect(sent).toEqual([{ availability: 'away' }, { availability: 'available' }]);
  });

  it('shows Away as the switch off', async () => {
    stubAvailability('away');
    renderApp({ route: '/', user: sessionUser({ permissions: AGENT }) });
    expect(await headerSwitch()).not.toBeChecked();
  });

  it('moves back and says so when the server refuses the change', async () => {
    const sent = stubAvailability('available', { refuse: true });
    const { user } = renderApp({ route: '/', user: sessionUser({ permissions: AGENT }) });
    const toggle = await headerSwitch();
    await user.click(toggle);
    expect(await screen.findByText('Availability not changed')).toBeInTheDocument();
    expect(screen.getByText("You don't have permission to do that")).toBeInTheDocument();
    expect(toggle).toBeChecked();
    expect(sent).toEqual([{ availability: 'away' }]);
  });

  it('is not shown to a member who does not reply in conversations', async () => {
    let asked = false;
    server.use(
      http.get(apiUrl('/analytics'), () => HttpResponse.json({ cards: [] })),
      http.get(apiUrl('/me/availability'), () => {
        asked = true;
        return HttpResponse.json({ availability: 'available' });
      }),
    );
    renderApp({ route: '/', user: sessionUser({ permissions: ['chats:view', 'chats:view_all'] }) });
    const header = await screen.findByRole('banner');
    expect(await within(header).findByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(within(header).queryByRole('switch')).not.toBeInTheDocument();
    expect(asked).toBe(false);
  });
});
