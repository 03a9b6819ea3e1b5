import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { CreateBroadcastRequest } from '@shared/api/broadcasts';
import type { Template } from '@shared/api/templates';
import { HEADER_MEDIA_TEXTS } from '@shared/templates/header-media';
import { sessionUser } from '@client/testing/fixtures';
import { apiUrl } from '@client/testing/msw/api-url';
import { server } from '@client/testing/msw/server';
import { renderWithProviders } from '@client/testing/test-utils';
import NewBroadcastScreen from '../new-broadcast-screen';
import { agents, tagPage, templatesAnswer, uuid } from '../testing/broadcast-fixtures';

const eidOffer: Template = {
  id: uuid(150),
  name: 'eid_offer',
  status: 'APPROVED',
  category: 'MARKETING',
  language: 'en',
  components: [{ type: 'HEADER', format: 'IMAGE' }, { type: 'BODY', text: 'Our Eid collection is here.' }],
};
const deliveryNote: Template = {
  ...eidOffer,
  id: uuid(151),
  name: 'delivery_note',
  components: [{ type: 'HEADER', format: 'DOCUMENT' }, { type: 'BODY', text: 'Your delivery note is attached.' }],
};
const storeLocation: Template = {
  ...eidOffer,
  id: uuid(152),
  name: 'store_location',
  components: [{ type: 'HEADER', format: 'LOCATION' }, { type: 'BODY', text: 'Find us here.' }],
};

function answers(): CreateBroadcastRequest[] {
  const sent: CreateBroadcastRequest[] = [];
  server.use(
    http.get(apiUrl('/templates/local'), () => HttpResponse.json(templatesAnswer([eidOffer, deliveryNote, storeLocation]))),
    http.get(apiUrl('/tags'), () => HttpResponse.json(tagPage())),
    http.post(apiUrl('/broadcast/audience'), () => HttpResponse.json({ count: 3 })),
    http.get(apiUrl('/automation/agents'), () => HttpResponse.json({ agents })),
    http.post(apiUrl('/broadcast'), async ({ request }) => {
      sent.push((await request.json()) as CreateBroadcastRequest);
      return HttpResponse.json({ id: uuid(900), sentCount: 0, totalCount: 3 }, { status: 201 });
    }),
  );
  return sent;
}

describe('New Broadcast with a media-header template', () => {
  it('asks for the header by its kind, refuses an http link, and sends the https link with the broadcast', async () => {
    const sent = answers();
    const { user, router } = renderWithProviders(<NewBroadcastScreen />, { user: sessionUser(), route: '/broadcast/new', path: '/broadcast/new' });
    await user.click(await screen.findByRole('combobox', { name: /Template/ }));
    expect(await screen.findByRole('option', { name: /store_location/ })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('option', { name: /delivery_note/ }));
    expect(screen.getByText(HEADER_MEDIA_TEXTS.required('document'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose document' })).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: /Template/ }));
    await user.click(await screen.findByRole('option', { name: /eid_offer/ }));
    expect(screen.getByText(HEADER_MEDIA_TEXTS.required('image'))).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Paste an https link' }));
    const link = screen.getByRole('textbox', { name: 'Image link' });
    await user.type(link, 'http://cdn.example.com/eid.png');
    await user.tab();
    expect(screen.getByText(HEADER_MEDIA_TEXTS.linkInvalid)).toBeInTheDocument();
    await user.clear(link);
    await user.type(link, 'https://cdn.example.com/eid.png');
    expect(within(screen.getByRole('figure', { name: 'Message preview' })).getByText('https://cdn.example.com/eid.png')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Tags' }));
    await user.click(await screen.findByRole('option', { name: 'VIP' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: /^Send (Broadcast|now)$/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/broadcast/${uuid(900)}/analytics`));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ templateId: eidOffer.id, header: { link: 'https://cdn.example.com/eid.png' } });
  });
});
