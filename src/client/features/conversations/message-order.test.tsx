import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { SendMessageRequest } from '@shared/api/conversations';
import { apiUrl } from '@client/testing/msw/api-url';
import { server } from '@client/testing/msw/server';
import { conversation, message, minutesAgo, mockInbox } from './testing/inbox-api';
import { renderInbox } from './testing/render-inbox';

const aisha = conversation({ id: 'v-1' });

/** The thread's messages from the top, each named by the first of `texts` its row shows. */
function shownOrder(region: HTMLElement, texts: readonly string[]): Array<string | undefined> {
  return within(region).getAllByRole('listitem').map((row) => texts.find((text) => row.textContent?.includes(text)));
}

it("shows a late webhook's earlier customer message in its place, and a message being sent last until it is stored", async () => {
  const held = [
    message('v-1', 1, { content: 'Hi, I ordered saffron', sentAt: minutesAgo(10) }),
    message('v-1', 2, { content: 'Order DR-1042', sentAt: minutesAgo(6) }),
    message('v-1', 3, { content: 'Thanks, checking now', direction: 'outbound', sentAt: minutesAgo(4), createdAt: minutesAgo(4) }),
  ];
  // The customer wrote it 8 minutes ago; its webhook came after the reply, so it was stored last (seq 4).
  const late = message('v-1', 4, { content: 'It was two packs', sentAt: minutesAgo(8) });
  mockInbox({
    conversations: [aisha],
    messages: { 'v-1': held },
    // The first poll finds nothing; the second (2 s later, with the send under way) brings the late message.
    polls: { 'v-1': [{ messages: [], cursor: 3 }, { messages: [late], cursor: 4 }, { messages: [], cursor: 4 }] },
  });
  let answerSend = () => {};
  server.use(
    http.post(apiUrl('/conversations/v-1/messages'), async ({ request }) => {
      const { content, clientId } = (await request.json()) as SendMessageRequest;
      await new Promise<void>((resolve) => (answerSend = resolve));
      const stored = message('v-1', 5, { content, clientId, direction: 'outbound', status: 'sent', sentAt: minutesAgo(0), createdAt: minutesAgo(0) });
      return HttpResponse.json({ message: stored, conversation: aisha });
    }),
  );
  const { user } = renderInbox('/conversations/contact-v-1');
  const region = await screen.findByRole('region', { name: 'Messages with Aisha Khan' });
  await within(region).findByText('Thanks, checking now');
  await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Both packs ship today{Enter}');
  await within(region).findByText('Both packs ship today');

  const texts = ['Hi, I ordered saffron', 'It was two packs', 'Order DR-1042', 'Thanks, checking now', 'Both packs ship today'];
  await within(region).findByText('It was two packs', undefined, { timeout: 6000 });
  expect(shownOrder(region, texts)).toEqual(texts);

  answerSend();
  const bubble = (await within(region).findByRole('img', { name: 'Sent' }, { timeout: 4000 })).closest('li') as HTMLElement;
  expect(bubble).toHaveTextContent('Both packs ship today');
  expect(shownOrder(region, texts)).toEqual(texts);
}, 15_000);
