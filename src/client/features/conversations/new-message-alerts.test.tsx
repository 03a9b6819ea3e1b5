import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Conversation } from '@shared/api/conversations';
import type { MemberPreferences } from '@shared/api/member-preferences';
import { sessionUser } from '@client/testing/fixtures';
import { fakeAlerts, type FakeAlerts } from '@client/testing/fake-alerts';
import { apiUrl } from '@client/testing/msw/api-url';
import { server } from '@client/testing/msw/server';
import { mentioned } from './live/live-slice';
import { NUDGE_BATCH_MS } from './live/use-live-stream';
import { FakeStream } from './testing/fake-live';
import { conversation, minutesAgo, mockInbox, page } from './testing/inbox-api';
import { renderInbox } from './testing/render-inbox';

const ME = sessionUser().userId;
const COLLEAGUE = '00000000-0000-7000-8000-000000000002';
const wait = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));
/** A nudge's batch goes out within NUDGE_BATCH_MS; the rest is room for its answer on a busy machine. */
const ANSWERED_MS = NUDGE_BATCH_MS + 600;

const aisha = conversation({ id: 'v-1' });
const omar = conversation({
  id: 'v-2',
  contact: { id: 'contact-v-2', name: 'Omar Haddad', profileName: null, countryCode: '+971', phoneNumber: '509876543', tags: [], deletedAt: null },
  lastMessageAt: minutesAgo(30),
});

/** A customer wrote in `conversation` just now: its unread count rose and the preview is their message. */
const wrote = (before: Conversation, content: string, unread = before.unreadCount + 1): Conversation => ({
  ...before,
  unreadCount: unread,
  lastMessage: { id: `m-${content}`, content, direction: 'inbound', messageType: 'text', status: 'delivered', sentAt: new Date().toISOString() },
  lastMessageAt: new Date().toISOString(),
});

/**
 * The inbox open on its list with the live stream up and the member's switches as given; `shown` is what
 * the server answers next. `nudge()` is the live stream's nudges about them, and the list's answer.
 */
async function openInbox(switches: MemberPreferences, conversations: Conversation[] = [aisha, omar], alerts: FakeAlerts = fakeAlerts()) {
  let shown = conversations;
  server.use(http.get(apiUrl('/me/preferences'), () => HttpResponse.json(switches)));
  mockInbox({ list: () => page(shown) });
  const stream = new FakeStream();
  const tab = renderInbox('/conversations', undefined, 'desktop', { openEventStream: () => stream, alerts });
  await screen.findByText('Omar Haddad');
  stream.emit('open');
  await wait(50);
  return {
    alerts,
    tab,
    nudge: async (next: Conversation[]) => {
      shown = next;
      for (const { id } of next) stream.emit('nudge', { conversationId: id, counter: 99, kind: 'message' });
      // Nudges come in batches, at most one a second.
      await wait(ANSWERED_MS);
    },
  };
}

const ALL_ON: MemberPreferences = { sound: true, desktopNotifications: true };

afterEach(() => window.localStorage.clear());

describe('a new inbound message draws the member back', () => {
  it('in an unassigned conversation: one sound and a notification with the contact and a preview, whose click opens the conversation', async () => {
    const { alerts, tab, nudge } = await openInbox(ALL_ON);
    expect(alerts.playSound).not.toHaveBeenCalled();

    await nudge([wrote(aisha, 'Is my order ready?'), omar]);
    expect(alerts.playSound).toHaveBeenCalledTimes(1);
    expect(alerts.showNotification).toHaveBeenCalledTimes(1);
    const [shown] = alerts.showNotification.mock.calls[0];
    expect(shown).toMatchObject({ title: 'Aisha Khan', body: 'Is my order ready?' });

    act(() => shown.onClick());
    expect(tab.router.state.location.pathname).toBe('/conversations/contact-v-1');
  });

  it("in a conversation assigned to the member, and in a new customer's conversation; never in one assigned to a colleague", async () => {
    const mine = { ...omar, assignedToId: ME, assignedTo: 'Amira Haddad' };
    const colleagues = { ...aisha, assignedToId: COLLEAGUE, assignedTo: 'Omar Saleh' };
    const { alerts, nudge } = await openInbox(ALL_ON, [colleagues, mine]);

    await nudge([wrote(colleagues, 'For Omar only')]);
    await nudge([wrote(colleagues, 'For Omar only', 2), mine]);
    expect(alerts.playSound).not.toHaveBeenCalled();

    await nudge([wrote(mine, 'About my refund'), wrote(colleagues, 'For Omar only', 2)]);
    expect(alerts.playSound).toHaveBeenCalledTimes(1);
    expect(alerts.showNotification.mock.calls.map(([shown]) => shown.body)).toEqual(['About my refund']);

    const newcomer = wrote(conversation({ id: 'v-3', contact: { ...aisha.contact, id: 'contact-v-3', name: 'Noor Saleh' } }), 'Hi, are you open?', 1);
    await nudge([newcomer, wrote(mine, 'About my refund'), wrote(colleagues, 'For Omar only', 2)]);
    expect(alerts.playSound).toHaveBeenCalledTimes(2);
    expect(alerts.showNotification.mock.calls.map(([shown]) => shown.title)).toEqual(['Omar Haddad', 'Noor Saleh']);
  });

  it("rings for nothing on the list's first load, for the member's own sends, or for conversations the list does not show", async () => {
    const unreadAtStart = wrote(aisha, 'Sent before the inbox opened', 3);
    const { alerts, nudge } = await openInbox(ALL_ON, [unreadAtStart, omar]);
    await wait(100);
    expect(alerts.playSound).not.toHaveBeenCalled();

    const ownSend = { ...omar, lastMessage: { ...omar.lastMessage!, direction: 'outbound' as const, content: 'On its way' }, lastMessageAt: new Date().toISOString() };
    await nudge([ownSend, unreadAtStart]);
    // A conversation that leaves the list (reassigned away, or resolved) and one never shown ring nothing either.
    await nudge([ownSend]);
    expect(alerts.playSound).not.toHaveBeenCalled();
    expect(alerts.showNotification).not.toHaveBeenCalled();
  });

  it('respects the switches: sound alone, or nothing at all', async () => {
    const soundOnly = await openInbox({ sound: true, desktopNotifications: false });
    await soundOnly.nudge([wrote(aisha, 'Hello?'), omar]);
    expect(soundOnly.alerts.playSound).toHaveBeenCalledTimes(1);
    expect(soundOnly.alerts.showNotification).not.toHaveBeenCalled();
    soundOnly.tab.unmount();

    const silent = await openInbox({ sound: false, desktopNotifications: false });
    await silent.nudge([wrote(aisha, 'Hello?'), omar]);
    expect(silent.alerts.playSound).not.toHaveBeenCalled();
    expect(silent.alerts.showNotification).not.toHaveBeenCalled();
  });

  it("when a note mentions the member, also in a colleague's conversation: a sound and a notification that opens it", async () => {
    const colleagues = { ...omar, assignedToId: COLLEAGUE, assignedTo: 'Omar Saleh' };
    const { alerts, tab } = await openInbox(ALL_ON, [aisha, colleagues]);
    act(() => void tab.store.dispatch(mentioned(['v-2'])));
    expect(alerts.playSound).toHaveBeenCalledTimes(1);
    const [shown] = alerts.showNotification.mock.calls[0];
    expect(shown).toMatchObject({ title: 'Omar Haddad', body: 'You were mentioned in a note' });
    act(() => shown.onClick());
    expect(tab.router.state.location.pathname).toBe('/conversations/contact-v-2');
  });

  it('a mention is silent when both switches are off', async () => {
    const { alerts, tab } = await openInbox({ sound: false, desktopNotifications: false });
    act(() => void tab.store.dispatch(mentioned(['v-2'])));
    expect(alerts.playSound).not.toHaveBeenCalled();
    expect(alerts.showNotification).not.toHaveBeenCalled();
  });

  it('with two inbox tabs of one browser, only the one the member looked at last rings', async () => {
    let shown = [aisha, omar];
    server.use(http.get(apiUrl('/me/preferences'), () => HttpResponse.json(ALL_ON)));
    mockInbox({ list: () => page(shown) });
    const openTab = async (alerts: FakeAlerts) => {
      const stream = new FakeStream();
      const tab = renderInbox('/conversations', undefined, 'desktop', { openEventStream: () => stream, alerts });
      await within(tab.container).findByText('Omar Haddad');
      stream.emit('open');
      return { tab, stream };
    };
    const inFront = fakeAlerts({ visible: true });
    const behind = fakeAlerts({ visible: false });
    const front = await openTab(inFront);
    const back = await openTab(behind);
    const customerWrites = async (next: Conversation[]) => {
      shown = next;
      for (const { stream } of [front, back]) stream.emit('nudge', { conversationId: 'v-1', counter: 99, kind: 'message' });
      await wait(ANSWERED_MS);
    };

    await customerWrites([wrote(aisha, 'Anyone there?'), omar]);
    expect(inFront.playSound).toHaveBeenCalledTimes(1);
    expect(behind.playSound).not.toHaveBeenCalled();

    // The tab in front leaves the inbox: the one behind takes the turn.
    front.tab.unmount();
    await customerWrites([wrote(aisha, 'Hello??', 2), omar]);
    expect(behind.playSound).toHaveBeenCalledTimes(1);
  });
});
