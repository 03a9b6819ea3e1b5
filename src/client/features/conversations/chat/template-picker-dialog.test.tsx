import { File as NodeFile } from 'node:buffer';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { SendMessageResponse } from '@shared/api/conversations';
import type { Template, TemplatesResponse } from '@shared/api/templates';
import type { Permission } from '@shared/permissions/catalogue';
import { apiUrl } from '@client/testing/msw/api-url';
import { server } from '@client/testing/msw/server';
import { conversation, message, minutesAgo, mockInbox } from '../testing/inbox-api';
import { renderInbox } from '../testing/render-inbox';
import { UNFILLED_NOT_CONFIRMED } from '@shared/validation/template-parameters';
import { HEADER_MEDIA_TEXTS } from '@shared/templates/header-media';
import { prefilledParameters } from './template-prefill';

const AGENT: readonly Permission[] = ['chats:view', 'chats:respond', 'messages:view', 'messages:send', 'contacts:view', 'templates:view'];

const closed = conversation({ id: 'v-1', conversationWindowExpiresAt: minutesAgo(90), isConversationWindowOpen: false });

const orderConfirmation: Template = {
  id: '0190aaaa-0000-7000-8000-000000000001',
  name: 'order_confirmation',
  status: 'APPROVED',
  category: 'UTILITY',
  language: 'en_US',
  components: [
    { type: 'HEADER', format: 'TEXT', text: 'Your order is confirmed' },
    { type: 'BODY', text: 'Hi {{1}}, your order {{2}} will arrive on {{3}}.' },
    { type: 'FOOTER', text: 'Desert Rose Trading' },
  ],
};
const seasonalOffer: Template = {
  id: '0190aaaa-0000-7000-8000-000000000002',
  name: 'seasonal_offer',
  status: 'APPROVED',
  category: 'MARKETING',
  language: 'en',
  components: [{ type: 'HEADER', format: 'IMAGE' }, { type: 'BODY', text: 'Enjoy {{1}}% off' }],
};
const storeLocation: Template = {
  id: '0190aaaa-0000-7000-8000-000000000003',
  name: 'store_location',
  status: 'APPROVED',
  category: 'UTILITY',
  language: 'en',
  components: [{ type: 'HEADER', format: 'LOCATION' }, { type: 'BODY', text: 'Find us here' }],
};

/** The approved templates, and every template send recorded; `answer` decides the send's reply. */
function mockTemplates(answer: (body: Record<string, unknown>) => Response) {
  const sends: Array<Record<string, unknown>> = [];
  server.use(
    http.get(apiUrl('/templates/local'), ({ request }) => {
      expect(new URL(request.url).searchParams.get('status')).toBe('APPROVED');
      const body: TemplatesResponse = {
        data: [orderConfirmation, seasonalOffer, storeLocation],
        pagination: { page: 1, limit: 3, total: 3, totalPages: 1, hasNext: false },
        lastTemplateSync: null,
      };
      return HttpResponse.json(body);
    }),
    http.post(apiUrl('/conversations/:id/messages/template'), async ({ request, params }) => {
      expect(params.id).toBe('v-1');
      const body = (await request.json()) as Record<string, unknown>;
      sends.push(body);
      return answer(body);
    }),
  );
  return sends;
}

function storedTemplateMessage(body: Record<string, unknown>): SendMessageResponse {
  const content = JSON.stringify({
    templateName: 'order_confirmation',
    language: 'en_US',
    text: 'Hi {{1}}, your order {{2}} will arrive on {{3}}.',
    // The server renders contact fields for the conversation's contact (Aisha Khan here).
    parameters: (body.parameters as Array<{ text: string } | { field: string }>).map((p) => ('text' in p ? p.text : 'Aisha Khan')),
    header: 'Your order is confirmed',
    footer: 'Desert Rose Trading',
    buttons: [],
  });
  return {
    message: message('v-1', 2, { messageType: 'template', direction: 'outbound', status: 'sent', content, clientId: String(body.clientId) }),
    conversation: closed,
  };
}

async function openPicker(permissions: readonly Permission[] = AGENT) {
  const rendered = renderInbox('/conversations/contact-v-1', permissions);
  await rendered.user.click(await screen.findByRole('button', { name: 'Send Template Message' }));
  const dialog = await screen.findByRole('dialog', { name: 'Send Template Message' });
  return { ...rendered, dialog };
}

describe('Send Template Message on a closed window', () => {
  it("pre-fills the contact's name, previews the message as typed, and sends it into the thread", async () => {
    mockInbox({ conversations: [closed], messages: { 'v-1': [message('v-1', 1, { content: 'Where is my order?' })] } });
    const sends = mockTemplates((body) => HttpResponse.json(storedTemplateMessage(body), { status: 201 }));
    const { user, dialog } = await openPicker();
    expect(screen.queryByRole('link', { name: 'New Broadcast to this Contact' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('combobox', { name: /Template/ }));
    await user.click(await screen.findByRole('option', { name: 'order_confirmation (en_US)' }));
    // A greeted variable is the contact's name, as a contact field: each contact gets their own.
    expect(within(dialog).getByRole('combobox', { name: 'Parameter 1 value' })).toHaveTextContent('Contact field');
    expect(within(dialog).getByRole('combobox', { name: 'Parameter 1 contact field' })).toHaveTextContent('Name');
    expect(within(dialog).getByRole('textbox', { name: 'Parameter 1 fallback' })).toHaveValue('there');
    const preview = within(dialog).getByRole('figure', { name: 'Message preview' });
    expect(preview).toHaveTextContent('Hi Aisha Khan, your order {{2}} will arrive on {{3}}.');

    await user.type(within(dialog).getByRole('textbox', { name: 'Parameter 2' }), 'DR-7');
    await user.type(within(dialog).getByRole('textbox', { name: 'Parameter 3' }), 'Monday');
    expect(preview).toHaveTextContent('Hi Aisha Khan, your order DR-7 will arrive on Monday.');
    await user.click(within(dialog).getByRole('button', { name: 'Send Template' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sends).toEqual([{
      templateId: orderConfirmation.id,
      parameters: [{ field: 'name', fallback: 'there' }, { text: 'DR-7' }, { text: 'Monday' }],
      clientId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    }]);
    const thread = await screen.findByRole('region', { name: 'Messages with Aisha Khan' });
    expect(await within(thread).findByText('Template: order_confirmation')).toBeInTheDocument();
    expect(within(thread).getByText('Hi Aisha Khan, your order DR-7 will arrive on Monday.')).toBeInTheDocument();
  });

  it('lists a location-header template disabled with its reason, asks for every parameter, and shows a refusal in the dialog', async () => {
    mockInbox({ conversations: [closed], messages: { 'v-1': [message('v-1', 1)] } });
    const sends = mockTemplates(() => HttpResponse.json({ error: 'WhatsApp is not configured' }, { status: 409 }));
    const { user, dialog } = await openPicker();

    await user.click(within(dialog).getByRole('combobox', { name: /Template/ }));
    const location = await screen.findByRole('option', { name: /store_location/ });
    expect(location).toHaveAttribute('aria-disabled', 'true');
    expect(location).toHaveTextContent(HEADER_MEDIA_TEXTS.unsendable);
    expect(screen.getByRole('option', { name: /seasonal_offer/ })).not.toHaveAttribute('aria-disabled');
    await user.click(screen.getByRole('option', { name: 'order_confirmation (en_US)' }));

    await user.click(within(dialog).getByRole('button', { name: 'Send Template' }));
    expect(await within(dialog).findByText('Parameter 2 is required')).toBeInTheDocument();
    expect(sends).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: 'Parameter 2' }), 'DR-7');
    await user.type(within(dialog).getByRole('textbox', { name: 'Parameter 3' }), 'Monday');
    await user.click(within(dialog).getByRole('button', { name: 'Send Template' }));
    expect(await within(dialog).findByText('WhatsApp is not configured')).toBeInTheDocument();
    // Sent again unchanged: the same clientId, so the server sends it at most once.
    await user.click(within(dialog).getByRole('button', { name: 'Send Template' }));
    await waitFor(() => expect(sends).toHaveLength(2));
    expect(sends[1].clientId).toBe(sends[0].clientId);
  });
});

describe('each variable is text or a contact field', () => {
  it('previews a contact field with this contact’s value and sends the field, not the value', async () => {
    mockInbox({ conversations: [closed], messages: { 'v-1': [message('v-1', 1)] } });
    const sends = mockTemplates((body) => HttpResponse.json(storedTemplateMessage(body), { status: 201 }));
    const { user, dialog } = await openPicker();
    await user.click(within(dialog).getByRole('combobox', { name: /Template/ }));
    await user.click(await screen.findByRole('option', { name: 'order_confirmation (en_US)' }));

    await user.click(within(dialog).getByRole('combobox', { name: 'Parameter 2 value' }));
    await user.click(await screen.findByRole('option', { name: 'Contact field' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Parameter 2 contact field' }));
    await user.click(await screen.findByRole('option', { name: 'Phone number' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Parameter 2 fallback' }), 'your number');
    await user.type(within(dialog).getByRole('textbox', { name: 'Parameter 3' }), 'Monday');
    expect(within(dialog).getByRole('figure', { name: 'Message preview' })).toHaveTextContent('Hi Aisha Khan, your order +971501234567 will arrive on Monday.');

    await user.click(within(dialog).getByRole('button', { name: 'Send Template' }));
    await waitFor(() => expect(sends).toHaveLength(1));
    expect(sends[0].parameters).toEqual([{ field: 'name', fallback: 'there' }, { field: 'phoneNumber', fallback: 'your number' }, { text: 'Monday' }]);
  });

  it('asks for a fallback, and flags a value that looks like an unfilled placeholder until it is confirmed', async () => {
    mockInbox({ conversations: [closed], messages: { 'v-1': [message('v-1', 1)] } });
    const sends = mockTemplates((body) => HttpResponse.json(storedTemplateMessage(body), { status: 201 }));
    const { user, dialog } = await openPicker();
    await user.click(within(dialog).getByRole('combobox', { name: /Template/ }));
    await user.click(await screen.findByRole('option', { name: 'order_confirmation (en_US)' }));
    await user.clear(within(dialog).getByRole('textbox', { name: 'Parameter 1 fallback' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Parameter 2' }), '{{{{order}}');
    await user.type(within(dialog).getByRole('textbox', { name: 'Parameter 3' }), 'Monday');

    expect(within(dialog).getByRole('alert')).toHaveTextContent('Parameter 2 looks like an unfilled placeholder');
    await user.click(within(dialog).getByRole('button', { name: 'Send Template' }));
    expect(await within(dialog).findByText('Parameter 1 needs a fallback for contacts without a name')).toBeInTheDocument();
    expect(within(dialog).getByText(UNFILLED_NOT_CONFIRMED)).toBeInTheDocument();
    expect(sends).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: 'Parameter 1 fallback' }), 'there');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Send these values as written' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send Template' }));
    await waitFor(() => expect(sends).toHaveLength(1));
    expect(sends[0].parameters).toEqual([{ field: 'name', fallback: 'there' }, { text: '{{order}}' }, { text: 'Monday' }]);
  });
});

describe('the ways out of a closed window follow the permissions', () => {
  it('a broadcaster who cannot send in chats gets the broadcast link only', async () => {
    mockInbox({ conversations: [closed], messages: { 'v-1': [message('v-1', 1)] } });
    renderInbox('/conversations/contact-v-1', ['chats:view', 'chats:view_all', 'messages:view', 'broadcasts:create']);
    expect(await screen.findByRole('link', { name: 'New Broadcast to this Contact' })).toHaveAttribute('href', '/broadcast/new?contactId=contact-v-1');
    expect(screen.queryByRole('button', { name: 'Send Template Message' })).not.toBeInTheDocument();
  });

  it('a member who can neither send nor broadcast is told why, with nothing to press', async () => {
    mockInbox({ conversations: [closed], messages: { 'v-1': [message('v-1', 1)] } });
    renderInbox('/conversations/contact-v-1', ['chats:view', 'messages:view']);
    expect(await screen.findByText(/conversation window is closed/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send Template Message' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New Broadcast to this Contact' })).not.toBeInTheDocument();
  });
});

describe('prefilledParameters', () => {
  const contact = { name: null, profileName: '🌸 Zoë' };
  it('makes a greeted variable the contact’s name field (the profile name when the business has none), the others empty text', () => {
    const empty = { text: '' };
    expect(prefilledParameters(orderConfirmation.components, contact)).toEqual([{ field: 'profileName', fallback: 'there' }, empty, empty]);
    const layla = { name: 'Layla', profileName: null };
    expect(prefilledParameters([{ type: 'BODY', text: 'مرحباً {{1}}، نذكّرك بموعدك يوم {{2}}' }], layla)).toEqual([{ field: 'name', fallback: 'there' }, empty]);
    const omar = { name: 'Omar', profileName: null };
    expect(prefilledParameters([{ type: 'BODY', text: 'Your code is {{1}}. Dear {{2}}, thanks' }], omar)).toEqual([empty, { field: 'name', fallback: 'there' }]);
    expect(prefilledParameters([{ type: 'BODY', text: 'Chill {{1}}' }], omar)).toEqual([empty]);
  });
});

describe('a template with an image header', () => {
  async function chooseOffer() {
    mockInbox({ conversations: [closed], messages: { 'v-1': [message('v-1', 1)] } });
    const sends = mockTemplates((body) => HttpResponse.json(storedTemplateMessage({ ...body, parameters: [] }), { status: 201 }));
    const uploads: string[] = [];
    server.use(
      http.post(apiUrl('/media/template-header'), async ({ request }) => {
        const file = (await request.formData()).get('file');
        uploads.push(typeof file === 'object' && file !== null && 'name' in file ? String(file.name) : '');
        return HttpResponse.json({ mediaId: '0190bbbb-0000-7000-8000-000000000001', kind: 'image', mimeType: 'image/png', fileName: 'offer.png', sizeBytes: 4 }, { status: 201 });
      }),
    );
    const opened = await openPicker();
    await opened.user.click(within(opened.dialog).getByRole('combobox', { name: /Template/ }));
    await opened.user.click(await screen.findByRole('option', { name: 'seasonal_offer (en)' }));
    await opened.user.type(within(opened.dialog).getByRole('textbox', { name: 'Parameter 1' }), '20');
    return { ...opened, sends, uploads };
  }

  it('takes a picked image (checked here first), shows it in the preview and sends its uploaded id', async () => {
    const { user, dialog, sends, uploads } = await chooseOffer();
    expect(within(dialog).getByText(HEADER_MEDIA_TEXTS.required('image'))).toBeInTheDocument();
    const fileInput = within(dialog).getByLabelText('Image file') as HTMLInputElement;

    // Past the picker's accept list (a drop, or "All files"): still refused before any upload.
    const pdf = new File(['%PDF'], 'terms.pdf', { type: 'application/pdf' });
    fireEvent.change(fileInput, { target: { files: Object.assign([pdf], { item: () => pdf }) } });
    expect(await within(dialog).findByText(HEADER_MEDIA_TEXTS.wrongType('image'))).toBeInTheDocument();
    await user.upload(fileInput, new File([new Uint8Array(6 * 1024 * 1024)], 'huge.png', { type: 'image/png' }));
    expect(await within(dialog).findByText(HEADER_MEDIA_TEXTS.tooLarge('image'))).toBeInTheDocument();
    expect(uploads).toEqual([]);

    // A Node file: the upload's FormData is Node's (as in the composer's tests).
    await user.upload(fileInput, new NodeFile([new Uint8Array(64)], 'offer.png', { type: 'image/png' }) as unknown as File);
    expect(await within(dialog).findByText(/offer\.png/)).toBeInTheDocument();
    expect(uploads).toEqual(['offer.png']);
    expect(within(dialog).getByRole('figure', { name: 'Message preview' })).toContainElement(within(dialog).getByRole('img', { name: 'Preview of offer.png' }));

    await user.click(within(dialog).getByRole('button', { name: 'Send Template' }));
    await waitFor(() => expect(sends).toHaveLength(1));
    expect(sends[0]).toMatchObject({ templateId: seasonalOffer.id, header: { mediaId: '0190bbbb-0000-7000-8000-000000000001' } });
  });

  it('takes an https link instead, refusing any other address', async () => {
    const { user, dialog, sends, uploads } = await chooseOffer();
    await user.click(within(dialog).getByRole('radio', { name: 'Paste an https link' }));
    const link = within(dialog).getByRole('textbox', { name: 'Image link' });
    await user.type(link, 'http://cdn.example.com/offer.png');
    await user.tab();
    expect(within(dialog).getByText(HEADER_MEDIA_TEXTS.linkInvalid)).toBeInTheDocument();
    await user.clear(link);
    await user.type(link, 'https://cdn.example.com/offer.png');
    expect(within(dialog).queryByText(HEADER_MEDIA_TEXTS.linkInvalid)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('figure', { name: 'Message preview' })).toHaveTextContent('https://cdn.example.com/offer.png');

    await user.click(within(dialog).getByRole('button', { name: 'Send Template' }));
    await waitFor(() => expect(sends).toHaveLength(1));
    expect(sends[0].header).toEqual({ link: 'https://cdn.example.com/offer.png' });
    expect(uploads).toEqual([]);
  });
});
