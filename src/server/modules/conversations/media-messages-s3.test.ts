/** @jest-environment node */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { DEMO_BUSINESS } from '@sandbox/fixtures';
import { mediaFiles, messages } from '../../db/schema';
import { kitWithAdminForFile } from '../../testing/whatsapp-test-kit';
import { mediaMessagesSuite } from './media-messages-suite';

// Media files in a bucket on a real S3-compatible server (MEDIA_STORE=s3://…), nothing under DATA_DIR/media.
const suite = kitWithAdminForFile({ mediaStore: 's3' });
mediaMessagesSuite(suite);

describe('with media in a bucket', () => {
  it("downloads a customer's photo from Meta into the bucket and serves it through Parley", async () => {
    const wamid = suite.kit.sandbox.inbound({ phoneNumberId: DEMO_BUSINESS.phoneNumberId, from: '919876543211', type: 'image', text: 'This one?' });
    await suite.kit.sandbox.settle();
    await suite.kit.t.app.webhookInbox.drain();
    await suite.kit.t.app.mediaFetcher.drain();
    const db = suite.kit.t.database.db;
    const [message] = await db.select().from(messages).where(eq(messages.wamid, wamid));
    const [file] = await db.select().from(mediaFiles).where(eq(mediaFiles.id, message.mediaId!));
    expect(file).toMatchObject({ storageKey: `${suite.organizationId}/${file.id}`, downloadError: null });
    expect(await suite.kit.t.app.mediaStore.has(file.storageKey!)).toBe(true);

    const link = (await suite.admin.request({ method: 'GET', url: `/api/media/${file.id}/url` })).json();
    const served = await suite.admin.request({ method: 'GET', url: link.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect(served.rawPayload.length).toBe(file.sizeBytes);
  });

  it('keeps nothing under DATA_DIR but uploads in progress', () => {
    const mediaDir = path.join(suite.kit.dataDir, 'media');
    expect(existsSync(mediaDir) ? readdirSync(mediaDir) : []).toEqual([]);
    const staging = path.join(suite.kit.dataDir, 'media-staging');
    expect(existsSync(staging) ? readdirSync(staging) : []).toEqual([]);
  });
});
