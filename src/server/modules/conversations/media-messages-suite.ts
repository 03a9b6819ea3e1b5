import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { DEMO_BUSINESS } from '@sandbox/fixtures';
import { sampleDocument, samplePhoto } from '@sandbox/media-samples';
import { WINDOW_CLOSED_MESSAGE, type Message } from '@shared/api/conversations';
import { mediaFiles, messages } from '../../db/schema';
import { addMemberWith } from '../../testing/fixtures';
import { signUpAdmin, type Member } from '../../testing/test-app';
import type { FileKit } from '../../testing/whatsapp-test-kit';
import { customerNumber, customerWrites } from './inbox-test-fixtures';
import { formDataBody } from '../../testing/multipart';

/**
 * Sending, serving and deleting media files, held by both media stores: the suite runs once with files
 * under DATA_DIR (media-messages.test.ts) and once in a bucket on a real S3 server (media-messages-s3.test.ts).
 */
export function mediaMessagesSuite(suite: FileKit): void {
  /** Every object the media store holds for the suite's organization. */
  async function storedKeys(): Promise<string[]> {
    const keys: string[] = [];
    for await (const page of suite.kit.t.app.mediaStore.list()) keys.push(...page.map((object) => object.storageKey));
    return keys.filter((key) => key.startsWith(`${suite.organizationId}/`));
  }

  const db = () => suite.kit.t.database.db;

  /** A customer writes through the sandbox, so both sides know the 24-hour window is open. */
  async function customerOpensChat(): Promise<{ waId: string; contactId: string; conversationId: string }> {
    const waId = customerNumber();
    suite.kit.sandbox.inbound({ phoneNumberId: DEMO_BUSINESS.phoneNumberId, from: waId, type: 'text', text: 'Can you send me the catalogue?' });
    await suite.kit.sandbox.settle();
    await suite.kit.t.app.webhookInbox.drain();
    const conversation = (await suite.admin.request({ method: 'GET', url: `/api/conversations?search=${waId}` })).json().data[0];
    return { waId, contactId: conversation.contact.id, conversationId: conversation.id };
  }

  /** POST /api/media/upload with the body a browser's FormData makes (fields first, the file last). */
  async function upload(member: Member, fields: Record<string, string>, file: { data: Buffer; name: string; type?: string }) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' }), file.name);
    return member.request({ method: 'POST', url: '/api/media/upload', ...(await formDataBody(form)) });
  }

  const sentMediaTypes = () => [...suite.kit.sandbox.world.sent.values()].map((sent) => sent.type);

  describe('sending a file', () => {
    it('checks it by its content, uploads it to Meta and sends it as its kind, with the caption', async () => {
      const { contactId, conversationId } = await customerOpensChat();
      const photo = samplePhoto(1);
      const before = sentMediaTypes().length;
      // A PNG named .pdf and labelled as a PDF is an image.
      const response = await upload(suite.admin, { contactId, caption: 'Our new arrivals', clientId: randomUUID() }, { data: photo.data, name: 'catalogue.pdf', type: 'application/pdf' });
      expect(response.statusCode).toBe(201);
      const message: Message = response.json().message;
      expect(message).toMatchObject({
        conversationId, messageType: 'image', content: 'Our new arrivals', status: 'sent', mediaType: 'image/png', mediaSize: photo.data.length,
        mediaFileName: 'catalogue.pdf',
      });
      expect(message.mediaUrl).toMatch(new RegExp(`^/api/media/${message.mediaId}/content\\?expires=\\d+&signature=`));
      expect(sentMediaTypes().slice(before)).toEqual(['image']);
      const [file] = await db().select().from(mediaFiles).where(eq(mediaFiles.id, message.mediaId!));
      expect(file.metaMediaId).toMatch(/^\d+$/);
      expect(await suite.kit.t.app.mediaStore.has(file.storageKey!)).toBe(true);
      expect((await suite.admin.request({ method: 'GET', url: `/api/conversations/${conversationId}/messages` })).json().data[0].id).toBe(message.id);
    });

    it('sends documents as documents, and a .txt that is UTF-8 text as text/plain', async () => {
      const { contactId } = await customerOpensChat();
      const pdf = await upload(suite.admin, { contactId }, { data: sampleDocument().data, name: 'receipt.pdf' });
      expect(pdf.json().message).toMatchObject({ messageType: 'document', mediaType: 'application/pdf', mediaFileName: 'receipt.pdf' });
      const text = await upload(suite.admin, { contactId }, { data: Buffer.from('Opening hours: 10:00–22:00\nمرحبا\n'), name: 'hours.txt' });
      expect(text.json().message).toMatchObject({ messageType: 'document', mediaType: 'text/plain' });
    });

    it('a .txt in UTF-16 (with its byte order mark) is text, not audio', async () => {
      const { contactId } = await customerOpensChat();
      const text = 'Opening hours: 10:00–22:00\nمرحبا\n';
      const littleEndian = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
      const bigEndian = Buffer.from(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]).swap16());
      for (const data of [littleEndian, bigEndian]) {
        const sent = await upload(suite.admin, { contactId }, { data, name: 'hours.txt' });
        expect(sent.json().message).toMatchObject({ messageType: 'document', mediaType: 'text/plain' });
      }
    });

    it('refuses what WhatsApp does not take, by content: HTML named .png, binary named .txt, an executable, SVG', async () => {
      const { contactId } = await customerOpensChat();
      const storedFiles = (await storedKeys()).length;
      const refusals = [
        await upload(suite.admin, { contactId }, { data: Buffer.from('<html><script>alert(1)</script></html>'), name: 'photo.png', type: 'image/png' }),
        await upload(suite.admin, { contactId }, { data: Buffer.from([0x48, 0x69, 0x00, 0xff]), name: 'notes.txt' }),
        await upload(suite.admin, { contactId }, { data: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]), name: 'setup.exe' }),
        await upload(suite.admin, { contactId }, { data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), name: 'logo.svg' }),
      ];
      for (const refused of refusals) {
        expect({ status: refused.statusCode, body: refused.json() }).toEqual({ status: 400, body: { error: 'This file type cannot be sent on WhatsApp' } });
      }
      expect(await db().select().from(mediaFiles).where(eq(mediaFiles.contactId, contactId))).toEqual([]);
      expect((await storedKeys()).length).toBe(storedFiles);
    });

    it.each([
      ['a body cut off inside the file', (boundary: string, contactId: string) => `--${boundary}\r\nContent-Disposition: form-data; name="contactId"\r\n\r\n${contactId}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n`],
      ["a body that ends inside a part's headers", (boundary: string) => `--${boundary}\r\nContent-Disposition: form-data; name="fi`],
      ['a body without its boundary', () => 'not multipart at all'],
    ])('%s answers 400 and leaves no file behind', async (_, body) => {
      const { contactId } = await customerOpensChat();
      const storedFiles = (await storedKeys()).length;
      const boundary = 'parleyRawBoundary';
      const response = await suite.admin.request({
        method: 'POST',
        url: '/api/media/upload',
        payload: body(boundary, contactId),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expect({ status: response.statusCode, body: response.json() }).toEqual({
        status: 400, body: { error: 'The upload was cut short or is not valid multipart/form-data. Choose the file and send it again.' },
      });
      expect((await storedKeys()).length).toBe(storedFiles);
    });

    it("refuses a file over its kind's limit", async () => {
      const { contactId } = await customerOpensChat();
      const photo = samplePhoto(2);
      const big = Buffer.concat([photo.data, Buffer.alloc(5 * 1024 * 1024)]);
      const refused = await upload(suite.admin, { contactId }, { data: big, name: 'huge.png' });
      expect(refused.statusCode).toBe(413);
      expect(refused.json()).toEqual({ error: 'The file is too large for WhatsApp (max 5 MB)' });
    });

    it('checks the fields, the contact and the window before anything reaches Meta', async () => {
      const { contactId } = await customerOpensChat();
      const photo = samplePhoto(3);
      expect((await upload(suite.admin, {}, { data: photo.data, name: 'a.png' })).json()).toEqual({ error: 'Contact is required: send the contactId field before the file' });
      expect((await upload(suite.admin, { contactId: randomUUID() }, { data: photo.data, name: 'a.png' })).json()).toEqual({ error: 'Contact not found' });
      expect((await upload(suite.admin, { contactId, caption: 'x'.repeat(1025) }, { data: photo.data, name: 'a.png' })).json())
        .toEqual({ error: 'Caption is too long (max 1024 characters)' });
      const quiet = await customerWrites(db(), suite.organizationId, { waId: customerNumber() }, 'old', { at: new Date(Date.now() - 30 * 3_600_000) });
      const before = sentMediaTypes().length;
      const closed = await upload(suite.admin, { contactId: quiet.contactId }, { data: photo.data, name: 'a.png' });
      expect(closed.statusCode).toBe(409);
      expect(closed.json()).toEqual({ error: WINDOW_CLOSED_MESSAGE });
      expect(sentMediaTypes().length).toBe(before);
      const viewer = await addMemberWith(suite.kit.t, suite.organizationId, ['chats:view', 'messages:view']);
      expect((await upload(viewer, { contactId }, { data: photo.data, name: 'a.png' })).statusCode).toBe(403);
    });

    it("records Meta's refusal on the message and keeps the file; Retry uploads and sends it again", async () => {
      const { contactId, conversationId } = await customerOpensChat();
      const clientId = randomUUID();
      const photo = samplePhoto(6);
      suite.kit.sandbox.injectFault(DEMO_BUSINESS.phoneNumberId, 'server_error', 1);
      const failed = await upload(suite.admin, { contactId, clientId }, { data: photo.data, name: 'a.png' });
      expect(failed.statusCode).toBe(502);
      const [stored] = await db().select().from(messages).where(eq(messages.clientId, clientId));
      expect(stored).toMatchObject({ status: 'failed', errorCode: 2, messageType: 'image' });
      expect(stored.mediaId).not.toBeNull();

      const retried = await upload(suite.admin, { contactId, clientId }, { data: photo.data, name: 'a.png' });
      expect(retried.statusCode).toBe(201);
      expect(retried.json().message).toMatchObject({ id: stored.id, messageType: 'image' });
      // Accepted by WhatsApp: its status callbacks (delivered, read) may already have moved it on.
      expect(['sent', 'delivered', 'read']).toContain(retried.json().message.status);
      const files = await db().select().from(mediaFiles).where(eq(mediaFiles.contactId, contactId));
      expect(files.map((file) => file.id)).toEqual([retried.json().message.mediaId]);
      expect((await suite.admin.request({ method: 'GET', url: `/api/conversations/${conversationId}/messages` })).json().data[0].id).toBe(stored.id);
    });

    it('another file or caption under a failed message\'s clientId is refused (409): nothing is sent and the new file is removed', async () => {
      const { contactId } = await customerOpensChat();
      const clientId = randomUUID();
      suite.kit.sandbox.injectFault(DEMO_BUSINESS.phoneNumberId, 'server_error', 1);
      expect((await upload(suite.admin, { contactId, clientId }, { data: samplePhoto(8).data, name: 'invoice.png' })).statusCode).toBe(502);
      const [stored] = await db().select().from(messages).where(eq(messages.clientId, clientId));
      const sentBefore = sentMediaTypes().length;

      const otherFile = await upload(suite.admin, { contactId, clientId }, { data: samplePhoto(9).data, name: 'invoice.png' });
      const otherCaption = await upload(suite.admin, { contactId, clientId, caption: 'Paid' }, { data: samplePhoto(8).data, name: 'invoice.png' });
      for (const refused of [otherFile, otherCaption]) {
        expect({ status: refused.statusCode, body: refused.json() }).toEqual({
          status: 409, body: { error: 'This clientId belongs to another message: a retry must send the same message' },
        });
      }
      expect(sentMediaTypes().length).toBe(sentBefore);
      const files = await db().select().from(mediaFiles).where(eq(mediaFiles.contactId, contactId));
      expect(files.map((file) => file.id)).toEqual([stored.mediaId]);
    });

    it('the same clientId twice sends one message', async () => {
      const { contactId, conversationId } = await customerOpensChat();
      const clientId = randomUUID();
      const photo = samplePhoto(4);
      const first = await upload(suite.admin, { contactId, clientId }, { data: photo.data, name: 'a.png' });
      const again = await upload(suite.admin, { contactId, clientId }, { data: photo.data, name: 'a.png' });
      expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
      expect(again.json().message.id).toBe(first.json().message.id);
      const rows = await db().select().from(messages).where(eq(messages.conversationId, conversationId));
      expect(rows.filter((m) => m.direction === 'outbound')).toHaveLength(1);
      expect(await db().select().from(mediaFiles).where(eq(mediaFiles.contactId, contactId))).toHaveLength(1);
    });
  });

  describe('stored files', () => {
    let message: Message;
    let contactId: string;

    beforeAll(async () => {
      ({ contactId } = await customerOpensChat());
      message = (await upload(suite.admin, { contactId }, { data: samplePhoto(5).data, name: 'shop front.png' })).json().message;
    });

    it('a short-lived link, served with the checked type, nosniff and a sandboxing policy', async () => {
      const link = (await suite.admin.request({ method: 'GET', url: `/api/media/${message.mediaId}/url` })).json();
      expect(link.url).toMatch(/^\/api\/media\/.+\/content\?expires=\d+&signature=/);
      const minutes = (new Date(link.expiresAt).getTime() - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(59);
      expect(minutes).toBeLessThanOrEqual(70);

      const content = await suite.admin.request({ method: 'GET', url: link.url });
      expect(content.statusCode).toBe(200);
      expect(content.rawPayload.equals(samplePhoto(5).data)).toBe(true);
      expect(content.headers).toMatchObject({
        'content-type': 'image/png',
        'x-content-type-options': 'nosniff',
        'content-disposition': 'inline; filename="shop front.png"; filename*=UTF-8\'\'shop%20front.png',
      });
      expect(content.headers['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);
      expect(content.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    });

    it('documents are downloads, never shown inline', async () => {
      const pdf = (await upload(suite.admin, { contactId }, { data: sampleDocument().data, name: 'invoice.pdf' })).json().message;
      const link = (await suite.admin.request({ method: 'GET', url: `/api/media/${pdf.mediaId}/url` })).json();
      const content = await suite.admin.request({ method: 'GET', url: link.url });
      expect(content.headers['content-type']).toBe('application/pdf');
      expect(content.headers['content-disposition']).toMatch(/^attachment; filename="invoice.pdf"/);
    });

    it('only a member of the organization, with a genuine link, gets the file', async () => {
      const link = (await suite.admin.request({ method: 'GET', url: `/api/media/${message.mediaId}/url` })).json();
      const stranger = await signUpAdmin(suite.kit.t.app, { organizationName: 'Curious Competitor' });
      expect((await stranger.request({ method: 'GET', url: link.url })).statusCode).toBe(404);
      expect((await stranger.request({ method: 'GET', url: `/api/media/${message.mediaId}/url` })).statusCode).toBe(404);
      expect((await suite.kit.t.app.inject({ method: 'GET', url: link.url })).statusCode).toBe(401);

      const tampered = link.url.replace(/signature=./, (s: string) => `${s.slice(0, -1)}${s.endsWith('A') ? 'B' : 'A'}`);
      expect((await suite.admin.request({ method: 'GET', url: tampered })).json()).toEqual({ error: 'This media link is invalid or has expired' });
      const stretched = link.url.replace(/expires=(\d+)/, (_: string, n: string) => `expires=${Number(n) + 3600}`);
      expect((await suite.admin.request({ method: 'GET', url: stretched })).statusCode).toBe(403);
      expect((await suite.admin.request({ method: 'GET', url: `/api/media/${message.mediaId}/content` })).statusCode).toBe(400);
    });

    it('delete removes the file and its bytes; the message stays, without media', async () => {
      const [file] = await db().select().from(mediaFiles).where(eq(mediaFiles.id, message.mediaId!));
      const deleted = await suite.admin.request({ method: 'DELETE', url: `/api/media/${message.mediaId}` });
      expect(deleted.json()).toEqual({ message: 'Media deleted' });
      expect(await suite.kit.t.app.mediaStore.has(file.storageKey!)).toBe(false);
      expect(await db().select().from(mediaFiles).where(eq(mediaFiles.id, message.mediaId!))).toEqual([]);
      const [row] = await db().select().from(messages).where(eq(messages.id, message.id));
      expect(row.mediaId).toBeNull();
      expect((await suite.admin.request({ method: 'DELETE', url: `/api/media/${message.mediaId}` })).statusCode).toBe(404);
    });
  });

  describe('who may see a file', () => {
    it("follows the conversation: another agent's chat's file is not found, for its link, its content and its delete", async () => {
      const agentRights = ['chats:view', 'messages:view', 'messages:send'] as const;
      const assignee = await addMemberWith(suite.kit.t, suite.organizationId, [...agentRights]);
      const otherAgent = await addMemberWith(suite.kit.t, suite.organizationId, [...agentRights]);
      const { contactId, conversationId } = await customerOpensChat();
      const message: Message = (await upload(suite.admin, { contactId }, { data: samplePhoto(7).data, name: 'receipt.png' })).json().message;
      const adminLink = (await suite.admin.request({ method: 'GET', url: `/api/media/${message.mediaId}/url` })).json().url;

      // Unassigned: every agent sees the chat, and so its files.
      expect((await otherAgent.request({ method: 'GET', url: `/api/media/${message.mediaId}/url` })).statusCode).toBe(200);

      const assigned = await suite.admin.request({ method: 'PATCH', url: `/api/conversations/${conversationId}/assign`, payload: { assignToUserId: assignee.user.userId } });
      expect(assigned.statusCode).toBe(200);
      expect((await assignee.request({ method: 'GET', url: `/api/media/${message.mediaId}/url` })).statusCode).toBe(200);
      expect((await assignee.request({ method: 'GET', url: adminLink })).statusCode).toBe(200);

      const notFound = { error: 'Media not found' };
      expect((await otherAgent.request({ method: 'GET', url: `/api/media/${message.mediaId}/url` })).json()).toEqual(notFound);
      expect((await otherAgent.request({ method: 'GET', url: adminLink })).json()).toEqual(notFound);
      const refusedDelete = await otherAgent.request({ method: 'DELETE', url: `/api/media/${message.mediaId}` });
      expect(refusedDelete.statusCode).toBe(404);
      expect(refusedDelete.json()).toEqual(notFound);
      const [kept] = await db().select().from(messages).where(eq(messages.id, message.id));
      expect(kept.mediaId).toBe(message.mediaId);
      expect((await assignee.request({ method: 'GET', url: adminLink })).statusCode).toBe(200);
    });
  });
}
