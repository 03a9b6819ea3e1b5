/** @jest-environment node */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { sampleDocument, samplePhoto, sampleVoiceNote } from '@sandbox/media-samples';
import type { Template } from '@shared/api/templates';
import { HEADER_MEDIA_TEXTS } from '@shared/templates/header-media';
import { broadcasts } from '../../db/schema';
import { addMemberWith } from '../../testing/fixtures';
import { signUpAdmin, type Member } from '../../testing/test-app';
import { GraphClient } from '../../whatsapp/graph-client';
import { ensureContactForCustomer } from '../contacts/contact-intake-service';
import { customerNumber, customerWrites } from '../conversations/inbox-test-fixtures';
import { BroadcastHeaderMedia } from '../broadcasts/broadcast-header-media';
import { dispatchSuite } from '../broadcasts/dispatch-test-fixtures';
import { DiskMediaStore } from './stores/disk-media-store';
import { mediaDirOf } from './stores/open-media-store';
import { formDataBody } from '../../testing/multipart';

const { suite, db, app, sandbox, dispatch, customers } = dispatchSuite();

let templates: Template[] = [];
const templateId = (name: string) => templates.find((t) => t.name === name)?.id ?? '';
const OFFER_PARAMETERS = ['Ahmed', '20', '15 April'];
const LINK = 'https://cdn.example.com/eid-offer.png';

beforeAll(async () => {
  expect((await suite.admin.request({ method: 'POST', url: '/api/templates/sync' })).statusCode).toBe(200);
  templates = (await suite.admin.request({ method: 'GET', url: '/api/templates/local' })).json().data;
});

/** POST /api/media/template-header with a browser's FormData body. */
async function uploadHeader(member: Member, file: { data: Buffer; name: string }) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file.data)]), file.name);
  return member.request({ method: 'POST', url: '/api/media/template-header', ...(await formDataBody(form)) });
}

async function uploadedPhoto(member: Member = suite.admin): Promise<string> {
  const response = await uploadHeader(member, { data: samplePhoto(3).data, name: 'eid-offer.png' });
  expect(response.statusCode).toBe(201);
  return response.json().mediaId;
}

const sentTo = (waId: string) => [...sandbox().world.sent.values()].filter((sent) => sent.to === waId);

async function closedWindowChat(): Promise<{ waId: string; conversationId: string }> {
  const waId = customerNumber();
  const at = new Date(Date.now() - 25 * 3_600_000);
  const { conversationId } = await customerWrites(db(), suite.organizationId, { waId, name: 'Layla' }, 'Any offers?', { at });
  return { waId, conversationId };
}

function sendFromChat(conversationId: string, payload: Record<string, unknown>) {
  return suite.admin.request({ method: 'POST', url: `/api/conversations/${conversationId}/messages/template`, payload: { clientId: randomUUID(), ...payload } });
}

function createBroadcast(payload: Record<string, unknown>) {
  return suite.admin.request({ method: 'POST', url: '/api/broadcast', payload: { templateId: templateId('seasonal_offer'), parameters: OFFER_PARAMETERS, ...payload } });
}

const refusal = async (response: Promise<{ statusCode: number; json: () => { error?: string } }>) => {
  const answer = await response;
  return { status: answer.statusCode, error: answer.json().error };
};

describe('a template header file', () => {
  it('is stored through the media checks (type by content) and answered with its kind; Meta gets nothing yet', async () => {
    const upload = jest.spyOn(GraphClient.prototype, 'uploadMedia');
    try {
      const photo = await uploadHeader(suite.admin, { data: samplePhoto(1).data, name: 'offer.pdf' });
      expect(photo.statusCode).toBe(201);
      expect(photo.json()).toMatchObject({ kind: 'image', mimeType: 'image/png', fileName: 'offer.pdf' });
      const pdf = await uploadHeader(suite.admin, { data: sampleDocument().data, name: 'note.pdf' });
      expect(pdf.json()).toMatchObject({ kind: 'document', mimeType: 'application/pdf' });
      expect(upload).not.toHaveBeenCalled();
    } finally {
      upload.mockRestore();
    }
  });

  it('refuses audio (no header shows it) and members who can neither send nor broadcast', async () => {
    expect((await uploadHeader(suite.admin, { data: sampleVoiceNote().data, name: 'voice.ogg' })).statusCode).toBe(400);
    const reader = await addMemberWith(suite.kit.t, suite.organizationId, ['chats:view', 'messages:view']);
    expect((await uploadHeader(reader, { data: samplePhoto(1).data, name: 'offer.png' })).statusCode).toBe(403);
    const broadcaster = await addMemberWith(suite.kit.t, suite.organizationId, ['broadcasts:create']);
    expect((await uploadHeader(broadcaster, { data: samplePhoto(1).data, name: 'offer.png' })).statusCode).toBe(201);
  });
});

describe('a media-header template from the chat', () => {
  it('uploads the header file to Meta at the send and sends it as the image header', async () => {
    const { waId, conversationId } = await closedWindowChat();
    const mediaId = await uploadedPhoto();
    const response = await sendFromChat(conversationId, { templateId: templateId('seasonal_offer'), parameters: OFFER_PARAMETERS, header: { mediaId } });
    expect(response.statusCode).toBe(201);
    const [sent] = sentTo(waId);
    expect(sent.header).toEqual({ type: 'image', id: expect.stringMatching(/\S/) });
    expect(sandbox().world.media.get(sent.header?.id ?? '')?.mimeType).toBe('image/png');
  });

  it('passes an https link to Meta as it is', async () => {
    const { waId, conversationId } = await closedWindowChat();
    const response = await sendFromChat(conversationId, { templateId: templateId('seasonal_offer'), parameters: OFFER_PARAMETERS, header: { link: LINK } });
    expect(response.statusCode).toBe(201);
    expect(sentTo(waId).map((sent) => sent.header)).toEqual([{ type: 'image', link: LINK }]);
  });

  it('refuses a missing header, an http link, a file of the wrong kind, a header the template lacks and a foreign file, sending nothing', async () => {
    const { waId, conversationId } = await closedWindowChat();
    const offer = { templateId: templateId('seasonal_offer'), parameters: OFFER_PARAMETERS };
    const pdf = (await uploadHeader(suite.admin, { data: sampleDocument().data, name: 'note.pdf' })).json().mediaId;
    const other = await signUpAdmin(app(), { organizationName: 'Other Trading' });
    const foreign = await uploadedPhoto(other);

    expect(await refusal(sendFromChat(conversationId, offer))).toEqual({ status: 400, error: HEADER_MEDIA_TEXTS.required('image') });
    expect(await refusal(sendFromChat(conversationId, { ...offer, header: { link: 'http://cdn.example.com/a.png' } })))
      .toEqual({ status: 400, error: HEADER_MEDIA_TEXTS.linkInvalid });
    expect(await refusal(sendFromChat(conversationId, { ...offer, header: { mediaId: pdf } }))).toEqual({ status: 400, error: HEADER_MEDIA_TEXTS.wrongKind('image') });
    expect(await refusal(sendFromChat(conversationId, { ...offer, header: { mediaId: foreign } }))).toEqual({ status: 404, error: HEADER_MEDIA_TEXTS.fileNotFound });
    expect(await refusal(sendFromChat(conversationId, { ...offer, header: { mediaId: randomUUID() } }))).toEqual({ status: 404, error: HEADER_MEDIA_TEXTS.fileNotFound });
    const order = { templateId: templateId('order_confirmation'), parameters: ['Layla', 'DR-1', 'Monday'], header: { link: LINK } };
    expect(await refusal(sendFromChat(conversationId, order))).toEqual({ status: 400, error: HEADER_MEDIA_TEXTS.notExpected });
    expect(sentTo(waId)).toHaveLength(0);
  });
});

describe('a media-header broadcast', () => {
  async function contactsFor(waIds: string[]): Promise<string[]> {
    return Promise.all(waIds.map((waId) => ensureContactForCustomer(db(), suite.organizationId, waId, 'Customer')));
  }

  it('uploads the header file to Meta once when sending starts, and every recipient gets that media id', async () => {
    const waIds = customers(3);
    const contactIds = await contactsFor(waIds);
    const mediaId = await uploadedPhoto();
    const upload = jest.spyOn(GraphClient.prototype, 'uploadMedia');
    const response = await createBroadcast({ contactIds, header: { mediaId } });
    expect(response.statusCode).toBe(201);
    const broadcastId: string = response.json().id;
    try {
      app().broadcastDispatch.kick();
      await dispatch();
      expect(upload).toHaveBeenCalledTimes(1);
    } finally {
      upload.mockRestore();
    }
    const headers = waIds.flatMap((waId) => sentTo(waId).map((sent) => sent.header));
    expect(headers).toHaveLength(3);
    const [row] = await db().select().from(broadcasts).where(eq(broadcasts.id, broadcastId));
    expect(row.headerMetaMediaId).toEqual(expect.any(String));
    expect(headers).toEqual(waIds.map(() => ({ type: 'image', id: row.headerMetaMediaId })));
  });

  it('after a restart reuses the stored Meta media id, and uploads again once Meta would have forgotten it', async () => {
    const mediaId = await uploadedPhoto();
    const created = await createBroadcast({ contactIds: await contactsFor(customers(1)), header: { mediaId } });
    const broadcastId: string = created.json().id;
    const client = await app().whatsappAccounts.clientFor(suite.organizationId);
    const upload = jest.spyOn(client, 'uploadMedia');
    const freshProcess = () => new BroadcastHeaderMedia(db(), new DiskMediaStore(mediaDirOf(suite.kit.dataDir)));
    try {
      await db().update(broadcasts).set({ headerMetaMediaId: 'meta-media-1', headerMetaUploadedAt: new Date() }).where(eq(broadcasts.id, broadcastId));
      expect(await freshProcess().parameterFor(client, suite.organizationId, broadcastId)).toEqual({ type: 'image', image: { id: 'meta-media-1' } });
      expect(upload).not.toHaveBeenCalled();

      await db().update(broadcasts).set({ headerMetaUploadedAt: new Date(Date.now() - 30 * 24 * 3_600_000) }).where(eq(broadcasts.id, broadcastId));
      const again = await freshProcess().parameterFor(client, suite.organizationId, broadcastId);
      expect(upload).toHaveBeenCalledTimes(1);
      const [row] = await db().select().from(broadcasts).where(eq(broadcasts.id, broadcastId));
      expect(row.headerMetaMediaId).not.toBe('meta-media-1');
      expect(again).toEqual({ type: 'image', image: { id: row.headerMetaMediaId } });
    } finally {
      upload.mockRestore();
    }
  });

  it('a link is stored and sent as it is', async () => {
    const [waId] = customers(1);
    const response = await createBroadcast({ contactIds: await contactsFor([waId]), header: { link: LINK } });
    expect(response.statusCode).toBe(201);
    app().broadcastDispatch.kick();
    await dispatch();
    expect(sentTo(waId).map((sent) => sent.header)).toEqual([{ type: 'image', link: LINK }]);
  });

  it('refuses a missing header, an http link, a wrong kind and a foreign file with a reason, creating nothing', async () => {
    const contactIds = await contactsFor(customers(1));
    const before = await latestBroadcastId();
    const pdf = (await uploadHeader(suite.admin, { data: sampleDocument().data, name: 'note.pdf' })).json().mediaId;
    const foreign = await uploadedPhoto(await signUpAdmin(app(), { organizationName: 'Elsewhere LLC' }));
    expect(await refusal(createBroadcast({ contactIds }))).toEqual({ status: 400, error: HEADER_MEDIA_TEXTS.required('image') });
    expect(await refusal(createBroadcast({ contactIds, header: { link: 'http://cdn.example.com/a.png' } }))).toEqual({ status: 400, error: HEADER_MEDIA_TEXTS.linkInvalid });
    expect(await refusal(createBroadcast({ contactIds, header: { mediaId: pdf } }))).toEqual({ status: 400, error: HEADER_MEDIA_TEXTS.wrongKind('image') });
    expect(await refusal(createBroadcast({ contactIds, header: { mediaId: foreign } }))).toEqual({ status: 404, error: HEADER_MEDIA_TEXTS.fileNotFound });
    expect(await refusal(createBroadcast({ contactIds, header: { mediaId: pdf, link: LINK } }))).toEqual({ status: 400, error: HEADER_MEDIA_TEXTS.either });
    expect(await latestBroadcastId()).toBe(before);
  });
});

async function latestBroadcastId(): Promise<string | undefined> {
  const rows = await db().select({ id: broadcasts.id }).from(broadcasts).where(eq(broadcasts.organizationId, suite.organizationId));
  return rows.map((row) => row.id).sort().at(-1);
}
