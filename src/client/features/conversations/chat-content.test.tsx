import { File as NodeFile } from 'node:buffer';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Contact } from '@shared/api/contacts';
import type { ContactNotePage } from '@shared/api/notes';
import { apiUrl } from '@client/testing/msw/api-url';
import { server } from '@client/testing/msw/server';
import { conversation, message, mockInbox } from './testing/inbox-api';
import { renderInbox } from './testing/render-inbox';

const aisha = conversation({
  id: 'v-1',
  contact: {
    id: 'contact-v-1',
    name: 'Aisha Khan',
    profileName: null,
    countryCode: '+971',
    phoneNumber: '501234567',
    tags: [{ tagId: 't-1', tag: { id: 't-1', name: 'VIP', color: '#d32f2f' } }],
    deletedAt: null,
  },
});
const template = JSON.stringify({
  templateName: 'order_shipped',
  language: 'en',
  header: 'Order update',
  text: 'Hi {{1}}, your order {{2}} is on its way',
  parameters: ['Aisha', '#1042'],
  footer: 'Oasis Spices',
  buttons: ['Track order'],
});

async function messageRegion(): Promise<HTMLElement> {
  return screen.findByRole('region', { name: 'Messages with Aisha Khan' });
}

/** Node's File: this environment's FormData accepts no jsdom Blob. */
function nodeFile(name: string, type: string, bytes = 1024): File {
  return new NodeFile([new Uint8Array(bytes)], name, { type }) as unknown as File;
}

function fileInput(): HTMLInputElement {
  return document.querySelector('input[type="file"]') as HTMLInputElement;
}

describe('Messages', () => {
  it('renders template messages from their JSON content, and media through their cached address', async () => {
    const urls: string[] = [];
    mockInbox({
      conversations: [aisha],
      messages: {
        'v-1': [
          message('v-1', 1, { messageType: 'template', content: template, direction: 'outbound', status: 'read' }),
          message('v-1', 2, { messageType: 'image', content: 'The *damaged* box', mediaId: 'media-1', mediaType: 'image/jpeg' }),
          message('v-1', 3, { messageType: 'document', content: '', mediaId: 'media-2', mediaFileName: 'invoice.pdf', mediaSize: 2048 }),
        ],
      },
    });
    server.use(
      http.get(apiUrl('/media/:id/url'), ({ params }) => {
        urls.push(String(params.id));
        return HttpResponse.json({ url: `https://files.example/${String(params.id)}`, expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
      }),
    );
    renderInbox('/conversations/contact-v-1');
    const region = await messageRegion();
    expect(await within(region).findByText('Hi Aisha, your order #1042 is on its way')).toBeInTheDocument();
    expect(within(region).getByText('Order update')).toBeInTheDocument();
    expect(within(region).getByText('Track order')).toBeInTheDocument();
    expect(within(region).getByRole('img', { name: 'Read' })).toBeInTheDocument();

    expect(await within(region).findByRole('img', { name: 'Image' })).toHaveAttribute('src', 'https://files.example/media-1');
    // A caption is formatted like a text message.
    expect(within(region).getByText('damaged').tagName).toBe('STRONG');
    expect(within(region).getByText('damaged').parentElement).toHaveTextContent(/^The damaged box$/);
    expect(await within(region).findByRole('link', { name: /Download invoice\.pdf \(2\.0 KB\)/ })).toHaveAttribute('href', 'https://files.example/media-2');
    expect(urls.sort()).toEqual(['media-1', 'media-2']);
  });

  it('loads older history before the oldest message held', async () => {
    const newest = message('v-1', 51, { content: 'Newest page' });
    mockInbox({ conversations: [aisha], messages: { 'v-1': [newest] } });
    const pages: string[] = [];
    server.use(
      http.get(apiUrl('/conversations/v-1/messages'), ({ request }) => {
        const url = new URL(request.url);
        pages.push(url.search);
        const before = url.searchParams.get('before');
        if (!before) return HttpResponse.json({ data: [newest], hasMore: true, cursor: 51 });
        return HttpResponse.json({ data: [message('v-1', 50, { content: 'An older one' })], hasMore: false, cursor: 51 });
      }),
    );
    const { user } = renderInbox('/conversations/contact-v-1');
    const region = await messageRegion();
    await within(region).findByText('Newest page');
    // Scrolling to the top asks for it; the button does the same from the keyboard.
    const more = within(region).queryByRole('button', { name: 'Load older messages' });
    if (more) await user.click(more);
    expect(await within(region).findByText('An older one')).toBeInTheDocument();
    expect(await within(region).findByText('Start of the conversation')).toBeInTheDocument();
    // Before the oldest message held, by its sort key.
    expect(pages).toEqual(['?limit=50', `?limit=50&before=${newest.sortKey}`]);
    const items = within(region).getAllByRole('listitem').map((item) => item.textContent);
    expect(items[0]).toContain('An older one');
    expect(items[1]).toContain('Newest page');
  });

  it('explains a conversation the customer never opened and offers a template, and a broadcast to broadcasters', async () => {
    mockInbox({ conversations: [{ ...aisha, conversationWindowExpiresAt: null, isConversationWindowOpen: false }], messages: { 'v-1': [] } });
    renderInbox('/conversations/contact-v-1');
    expect(await screen.findByText(/No active conversation window/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send Template Message' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New Broadcast to this Contact' })).toHaveAttribute('href', '/broadcast/new?contactId=contact-v-1');
  });

  it('a free entry point shows its free messages apart: the 24-hour window still decides what may be sent', async () => {
    const freeUntil = new Date(Date.now() + 43 * 3_600_000);
    const closed = { ...aisha, isFreeEntryPoint: true, conversationWindowExpiresAt: new Date(Date.now() - 6 * 3_600_000).toISOString(), isConversationWindowOpen: false };
    mockInbox({ conversations: [{ ...closed, freeEntryPointExpiresAt: freeUntil.toISOString() }], messages: { 'v-1': [message('v-1', 1)] } });
    renderInbox('/conversations/contact-v-1');
    const note = `Free messages until ${new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(freeUntil)}`;
    const header = (await screen.findByRole('heading', { name: 'Aisha Khan', level: 2 })).parentElement!;
    await waitFor(() => expect(header).toHaveTextContent(note));
    expect(header).toHaveTextContent('Window closed');
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send Template Message' })).toBeInTheDocument();
  });
});

describe('Media', () => {
  it('refuses a file over its kind’s limit before uploading it', async () => {
    mockInbox({ conversations: [aisha], messages: { 'v-1': [message('v-1', 1)] } });
    const { user } = renderInbox('/conversations/contact-v-1');
    await within(await messageRegion()).findByText('Message 1');
    expect(fileInput()).toHaveAttribute('accept', expect.stringContaining('image/jpeg'));
    expect(fileInput()).toHaveAttribute('accept', expect.stringContaining('.docx'));
    await user.upload(fileInput(), nodeFile('huge.png', 'image/png', 6 * 1024 * 1024));
    expect(await screen.findByText('"huge.png" is too large (6.0 MB). An image can be at most 5.0 MB.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send File' })).not.toBeInTheDocument();
  });

  it('uploads a picked file with its caption and shows the stored message', async () => {
    mockInbox({ conversations: [aisha], messages: { 'v-1': [message('v-1', 1)] } });
    let fields: Record<string, string> = {};
    server.use(
      http.post(apiUrl('/media/upload'), async ({ request }) => {
        const form = await request.formData();
        fields = Object.fromEntries([...form.entries()].map(([key, value]) => [key, typeof value === 'string' ? value : `file:${value.name}`]));
        const stored = message('v-1', 2, {
          messageType: 'document', content: 'Your invoice', direction: 'outbound', status: 'sent', clientId: fields.clientId, mediaId: 'media-9', mediaFileName: 'invoice.pdf', mediaSize: 1024,
        });
        return HttpResponse.json({ message: stored, conversation: aisha });
      }),
      http.get(apiUrl('/media/media-9/url'), () => HttpResponse.json({ url: 'https://files.example/media-9', expiresAt: new Date(Date.now() + 3_600_000).toISOString() })),
    );
    const { user } = renderInbox('/conversations/contact-v-1');
    const region = await messageRegion();
    await within(region).findByText('Message 1');
    await user.upload(fileInput(), nodeFile('invoice.pdf', 'application/pdf'));
    await user.type(screen.getByRole('textbox', { name: 'Caption (optional)' }), 'Your invoice');
    await user.click(screen.getByRole('button', { name: 'Send File' }));
    expect(await within(region).findByText('Your invoice')).toBeInTheDocument();
    expect(fields).toEqual({ contactId: 'contact-v-1', clientId: expect.stringMatching(/^[0-9a-f-]{36}$/), caption: 'Your invoice', file: 'file:invoice.pdf' });
    // Back to the text composer.
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeInTheDocument();
  });

  it("says 'Failed to send media' with the reason and keeps the file for another try", async () => {
    mockInbox({ conversations: [aisha], messages: { 'v-1': [message('v-1', 1)] } });
    server.use(http.post(apiUrl('/media/upload'), () => HttpResponse.json({ error: 'The file is not a PDF' }, { status: 400 })));
    const { user } = renderInbox('/conversations/contact-v-1');
    await within(await messageRegion()).findByText('Message 1');
    await user.upload(fileInput(), nodeFile('invoice.pdf', 'application/pdf'));
    await user.click(screen.getByRole('button', { name: 'Send File' }));
    expect(await screen.findByText('Failed to send media: The file is not a PDF')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send File' })).toBeEnabled();
  });
});

describe('Contact pane', () => {
  it('shows tags, window, status and assignee, and opens the contact’s notes', async () => {
    mockInbox({ conversations: [aisha], messages: { 'v-1': [message('v-1', 1)] } });
    const full: Contact = { ...aisha.contact, createdAt: aisha.createdAt, updatedAt: aisha.createdAt, optedOutAt: null, optOutSource: null, _count: { notes: 1 } };
    const notes: ContactNotePage = {
      data: [{ id: 'n-1', contactId: full.id, userId: 'u-2', user: { name: 'Omar Saleh' }, content: 'Prefers Arabic', type: 'note', credit: null, createdAt: aisha.createdAt, updatedAt: aisha.createdAt }],
      pagination: { page: 1, limit: 50, total: 1, totalPages: 1, hasNext: false },
    };
    server.use(
      http.get(apiUrl('/contacts/contact-v-1'), () => HttpResponse.json(full)),
      http.get(apiUrl('/contacts/contact-v-1/notes'), () => HttpResponse.json(notes)),
    );
    const { user } = renderInbox('/conversations/contact-v-1');
    const pane = await screen.findByRole('region', { name: 'Contact info' });
    expect(within(pane).getByText('VIP')).toBeInTheDocument();
    expect(within(pane).getByText('+971 50 123 4567')).toBeInTheDocument();
    expect(within(pane).getByText(/^Window open/)).toBeInTheDocument();
    expect(within(pane).getByText('24-hour window')).toBeInTheDocument();
    expect(within(pane).getByText('Unassigned')).toBeInTheDocument();
    await user.click(within(pane).getByRole('button', { name: 'Notes' }));
    const dialog = await screen.findByRole('dialog', { name: /Notes & Activity/ });
    expect(await within(dialog).findByText('Prefers Arabic')).toBeInTheDocument();
  });
});

describe('Phone layout', () => {
  it('shows one pane at a time: list, conversation, contact info, with Back buttons', async () => {
    mockInbox({ conversations: [aisha], messages: { 'v-1': [message('v-1', 1)] } });
    const { user } = renderInbox('/conversations', undefined, 'phone');
    const list = await screen.findByRole('list', { name: 'Conversations' });
    expect(screen.queryByRole('region', { name: 'Conversation' })).not.toBeInTheDocument();
    await user.click(within(list).getByRole('link'));

    await within(await messageRegion()).findByText('Message 1');
    expect(screen.queryByRole('region', { name: 'Conversation list' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Contact info' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Contact info' }));
    const pane = await screen.findByRole('region', { name: 'Contact info' });
    expect(screen.queryByRole('region', { name: 'Conversation' })).not.toBeInTheDocument();

    await user.click(within(pane).getByRole('button', { name: 'Back to conversation' }));
    await user.click(await screen.findByRole('button', { name: 'Back to conversations' }));
    await waitFor(() => expect(screen.getByRole('region', { name: 'Conversation list' })).toBeInTheDocument());
  });
});

describe('Desktop layout', () => {
  it('shows the contact pane beside the conversation when there is room, and toggles it', async () => {
    mockInbox({ conversations: [aisha], messages: { 'v-1': [message('v-1', 1)] } });
    const { user } = renderInbox('/conversations/contact-v-1');
    await within(await messageRegion()).findByText('Message 1');
    expect(screen.getByRole('region', { name: 'Conversation list' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Contact info' })).toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Contact info' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await user.click(toggle);
    expect(screen.queryByRole('region', { name: 'Contact info' })).not.toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
  });
});
