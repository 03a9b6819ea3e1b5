import { broadcastDetail, uuid, vip, welcomeTemplate } from '../testing/broadcast-fixtures';
import { editRequests, editValuesOf } from './edit-values';

const scheduled = broadcastDetail({
  id: uuid(8),
  status: 'scheduled',
  name: 'Weekend sale',
  scheduledAt: '2026-12-05T05:00:00.000Z',
  audience: { tags: [{ id: vip.id, name: vip.name }] },
  parameters: ['Friend', 'SALE10'],
  header: { mediaId: uuid(9), kind: 'image', mimeType: 'image/png', fileName: 'sale.png', sizeBytes: 2048 },
});

describe('editing a saved broadcast', () => {
  it('fills the form as saved, with its time on the organization\'s wall clock and its header file by name', () => {
    const values = editValuesOf(scheduled, welcomeTemplate, 'Asia/Dubai');
    expect(values).toMatchObject({
      templateId: welcomeTemplate.id,
      parameters: [{ text: 'Friend' }, { text: 'SALE10' }],
      audience: 'tags',
      tagIds: [vip.id],
      name: 'Weekend sale',
      sendAt: '2026-12-05T09:00',
      header: { mode: 'file', mediaId: uuid(9), saved: { fileName: 'sale.png', sizeBytes: 2048 } },
    });
  });

  it('leaves the template to be picked again when it is no longer approved, keeping the saved values', () => {
    const values = editValuesOf(scheduled, undefined, 'UTC');
    expect(values.templateId).toBe('');
    expect(values.parameters).toEqual([{ text: 'Friend' }, { text: 'SALE10' }]);
  });

  it('moves a scheduled broadcast with its PUT, and schedules a draft through its send', () => {
    const values = { ...editValuesOf(scheduled, welcomeTemplate, 'UTC'), sendAt: '2026-12-06T10:30' };
    const moved = editRequests(values, 'schedule', { status: 'scheduled', timeZone: 'UTC', withRules: false });
    expect(moved.body.scheduledAt).toBe('2026-12-06T10:30:00.000Z');
    expect(moved.send).toBeNull();

    const draft = editRequests(values, 'schedule', { status: 'draft', timeZone: 'UTC', withRules: false });
    expect(draft.body.scheduledAt).toBeUndefined();
    expect(draft.send).toEqual({ scheduledAt: '2026-12-06T10:30:00.000Z' });
  });

  it('saves without sending or moving, and sends now after saving; rules go only when the member may set them', () => {
    const values = editValuesOf(scheduled, welcomeTemplate, 'UTC');
    const saved = editRequests(values, 'draft', { status: 'scheduled', timeZone: 'UTC', withRules: false });
    expect(saved).toEqual({
      body: { templateId: welcomeTemplate.id, parameters: ['Friend', 'SALE10'], tagIds: [vip.id], header: { mediaId: uuid(9) }, name: 'Weekend sale' },
      send: null,
    });
    const now = editRequests(values, 'now', { status: 'scheduled', timeZone: 'UTC', withRules: true });
    expect(now.send).toEqual({});
    expect(now.body.rules).toHaveLength(2);
  });
});
