import { http, HttpResponse, type JsonBodyType } from 'msw';
import { NO_MEDIA, type AgentsResponse, type Conversation, type ConversationBatch, type ConversationPage, type Message, type MessagePage, type MessagePollResponse, type StatusCounts } from '@shared/api/conversations';
import { apiUrl } from '@client/testing/msw/api-url';
import { server } from '@client/testing/msw/server';
import { bySortKey } from '../state/inbox-message';
import { withSortKey } from './sort-key';

/** Test data and msw answers for the inbox: every request the screen makes has one. */

export const NOW = Date.now();
export const minutesAgo = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();
export const hoursFromNow = (hours: number) => new Date(NOW + hours * 3_600_000).toISOString();

export function conversation(overrides: Partial<Conversation> & { id: string }): Conversation {
  const contactId = overrides.contact?.id ?? `contact-${overrides.id}`;
  return {
    contact: { id: contactId, name: 'Aisha Khan', profileName: null, countryCode: '+971', phoneNumber: '501234567', tags: [], deletedAt: null },
    status: 'open',
    assignedTo: null,
    assignedToId: null,
    unreadCount: 0,
    lastMessage: { id: `last-${overrides.id}`, content: 'Hello', direction: 'inbound', messageType: 'text', status: 'read', sentAt: minutesAgo(5) },
    lastMessageAt: minutesAgo(5),
    createdAt: minutesAgo(600),
    conversationWindowExpiresAt: hoursFromNow(5.25),
    isConversationWindowOpen: true,
    isFreeEntryPoint: false,
    freeEntryPointExpiresAt: null,
    ...overrides,
  };
}

export function message(conversationId: string, seq: number, overrides: Partial<Message> = {}): Message {
  const at = minutesAgo(60 - seq);
  return withSortKey({
    id: `m-${conversationId}-${seq}`,
    clientId: null,
    contactId: `contact-${conversationId}`,
    conversationId,
    seq,
    content: `Message ${seq}`,
    direction: 'inbound',
    messageType: 'text',
    status: 'read',
    errorCode: null,
    errorMessage: null,
    sentAt: at,
    createdAt: at,
    ...NO_MEDIA,
    ...overrides,
  });
}

/** Two conversations the inbox tests open and move between: Aisha's (v-1, newest) and Omar's (v-2), one message each. */
export const aishaAndOmar = () => {
  const aisha = conversation({ id: 'v-1' });
  const omar = conversation({
    id: 'v-2',
    contact: { id: 'contact-v-2', name: 'Omar Haddad', profileName: null, countryCode: '+971', phoneNumber: '509876543', tags: [], deletedAt: null },
    lastMessageAt: minutesAgo(30),
  });
  const messages = { 'v-1': [message('v-1', 1, { content: 'Hello from Aisha' })], 'v-2': [message('v-2', 1, { content: 'Hello from Omar', contactId: 'contact-v-2' })] };
  return { aisha, omar, messages };
};

export function page(data: Conversation[], hasNext = false, pageNumber = 1): ConversationPage {
  return { data, pagination: { page: pageNumber, limit: 15, total: data.length, totalPages: hasNext ? 2 : 1, hasNext } };
}

/** The answer to GET /conversations?ids=: the named conversations among `conversations`, the others missing. */
export function batchOf(conversations: readonly Conversation[], ids: readonly string[]): ConversationBatch {
  return { data: conversations.filter((c) => ids.includes(c.id)), missing: ids.filter((id) => !conversations.some((c) => c.id === id)) };
}

export interface InboxSetup {
  /** The list answer for a request's query (default: `conversations`). */
  list?: (params: URLSearchParams) => ConversationPage | 'fail';
  conversations?: Conversation[];
  /** The answer to GET /conversations?ids= (default: those of the list's answer, or of `conversations`; the others missing). */
  byIds?: (ids: string[]) => ConversationBatch;
  /** The newest page of each conversation's messages (default: none). */
  messages?: Record<string, Message[]>;
  counts?: StatusCounts;
  /** What each poll answers, in turn; the last one repeats (default: nothing new). */
  polls?: Record<string, MessagePollResponse[]>;
}

/** What the screen asked for, in order: 'GET /conversations?status=open', 'PATCH /conversations/v-1/read', ... */
export type RequestLog = string[];

function json(body: JsonBodyType, status = 200) {
  return HttpResponse.json(body, { status });
}

/** Answers the inbox's requests from `setup` and records them. Tests add or override handlers with server.use(). */
export function mockInbox(setup: InboxSetup = {}): RequestLog {
  const log: RequestLog = [];
  const conversations = setup.conversations ?? [];
  const byId = (id: string) => conversations.find((c) => c.id === id);
  // What the server holds: the list's answer when the test gives one, else `conversations`.
  const known = () => {
    const answer = setup.list?.(new URLSearchParams());
    return answer && answer !== 'fail' ? answer.data : conversations;
  };
  const record = (request: Request) => {
    const url = new URL(request.url);
    log.push(`${request.method} ${url.pathname.replace(/^\/api/, '')}${url.search}`);
  };
  const polled: Record<string, number> = {};
  server.use(
    http.get(apiUrl('/conversations/status/counts'), ({ request }) => {
      record(request);
      return json(setup.counts ?? { all: conversations.length, open: conversations.length, in_progress: 0, resolved: 0, unread: conversations.filter((c) => c.unreadCount > 0).length });
    }),
    http.get(apiUrl('/conversations/assignment/counts'), ({ request }) => {
      record(request);
      return json({ all: conversations.length, mine: 1, unassigned: 2 });
    }),
    http.get(apiUrl('/conversations/contact/:contactId'), ({ request, params }) => {
      record(request);
      const found = conversations.find((c) => c.contact.id === params.contactId);
      return found ? json({ conversationId: found.id, contact: { id: found.contact.id } }) : json({ error: 'Contact not found' }, 404);
    }),
    http.get(apiUrl('/conversations'), ({ request }) => {
      record(request);
      const params = new URL(request.url).searchParams;
      const ids = params.get('ids');
      if (ids !== null) return json(setup.byIds ? setup.byIds(ids.split(',')) : batchOf(known(), ids.split(',')));
      const answer = setup.list ? setup.list(params) : page(conversations);
      return answer === 'fail' ? json({ error: 'Database unavailable' }, 503) : json(answer);
    }),
    http.get(apiUrl('/conversations/:id/messages/poll'), ({ request, params }) => {
      record(request);
      const id = String(params.id);
      const answers = setup.polls?.[id] ?? [];
      const turn = polled[id] ?? 0;
      polled[id] = turn + 1;
      const cursor = Math.max(0, ...(setup.messages?.[id] ?? []).map((m) => m.seq));
      return json(answers[Math.min(turn, answers.length - 1)] ?? { messages: [], cursor });
    }),
    http.get(apiUrl('/conversations/:id/messages'), ({ request, params }) => {
      record(request);
      const data = [...(setup.messages?.[String(params.id)] ?? [])].sort((a, b) => bySortKey(b, a));
      const body: MessagePage = { data, hasMore: false, cursor: Math.max(0, ...data.map((m) => m.seq)) };
      return json(body);
    }),
    http.get(apiUrl('/conversations/:id'), ({ request, params }) => {
      record(request);
      const found = byId(String(params.id));
      return found ? json({ conversation: found }) : json({ error: 'Conversation not found' }, 404);
    }),
    http.patch(apiUrl('/conversations/:id/read'), ({ request, params }) => {
      record(request);
      const found = byId(String(params.id));
      return found ? json({ conversation: { ...found, unreadCount: 0 } }) : json({ error: 'Conversation not found' }, 404);
    }),
    http.get(apiUrl('/automation/agents'), ({ request }) => {
      record(request);
      const body: AgentsResponse = {
        agents: [
          { id: '00000000-0000-7000-8000-000000000001', name: 'Amira Haddad', email: 'amira@example.com' },
          { id: '00000000-0000-7000-8000-000000000002', name: 'Omar Saleh', email: 'omar@example.com' },
        ],
      };
      return json(body);
    }),
  );
  return log;
}
