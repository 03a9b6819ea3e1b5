import type { BroadcastDetail } from '@shared/api/broadcast-detail';
import type { AutomationRule, Broadcast, BroadcastAnalytics, BroadcastRecipient, BroadcastsResponse } from '@shared/api/broadcasts';
import type { Contact } from '@shared/api/contacts';
import type { Tag, TagPage } from '@shared/api/tags';
import type { Template, TemplatesResponse } from '@shared/api/templates';
import { contactFixture } from '@client/testing/fixtures';

/** Test data for the broadcast screens. Ids are UUIDs where the shared rules check them. */

export const uuid = (n: number) => `0193c0de-0000-7000-8000-${String(n).padStart(12, '0')}`;

export function broadcast(overrides: Partial<Broadcast> & { id: string }): Broadcast {
  return {
    // Named after its template unless a test names it, so rows read as before names.
    name: overrides.templateName ?? 'welcome_message',
    audience: { tags: [{ id: uuid(201), name: 'VIP' }] },
    scheduledAt: null,
    templateName: 'welcome_message',
    templateLanguage: 'en',
    parameters: ['Friend'],
    status: 'completed',
    statusReason: null,
    totalCount: 100,
    sentCount: 95,
    failedCount: 3,
    pendingCount: 0,
    unknownCount: 2,
    deliveredCount: 90,
    readCount: 60,
    createdAt: '2026-03-05T12:00:00.000Z',
    completedAt: '2026-03-05T10:02:00.000Z',
    createdBy: { name: 'Amira Haddad' },
    ...overrides,
  };
}

export function broadcastPage(data: Broadcast[], total = data.length, page = 1): BroadcastsResponse {
  return { data, pagination: { page, limit: 10, total, totalPages: Math.max(1, Math.ceil(total / 10)), hasNext: page * 10 < total } };
}

export const welcomeTemplate: Template = {
  id: uuid(101),
  name: 'welcome_message',
  status: 'APPROVED',
  category: 'MARKETING',
  language: 'en',
  components: [
    { type: 'HEADER', format: 'TEXT', text: 'Welcome to Desert Rose, {{1}}' },
    { type: 'BODY', text: 'Thanks for connecting, {{1}}! Your code is {{2}}.' },
    { type: 'FOOTER', text: 'Reply STOP to opt out' },
    {
      type: 'BUTTONS',
      buttons: [
        { id: '0', type: 'QUICK_REPLY', text: 'Browse products' },
        { id: '1', type: 'URL', text: 'Visit us', url: 'https://example.com' },
        { id: '2', type: 'QUICK_REPLY', text: 'Store hours' },
      ],
    },
  ],
};

export const plainTemplate: Template = {
  id: uuid(102),
  name: 'order_update',
  status: 'APPROVED',
  category: 'UTILITY',
  language: 'ar',
  components: [{ type: 'BODY', text: 'Your order has shipped.' }],
};

export const pendingTemplate: Template = { ...plainTemplate, id: uuid(103), name: 'draft_offer', status: 'PENDING' };

export function templatesAnswer(templates: Template[]): TemplatesResponse {
  return {
    data: templates,
    pagination: { page: 1, limit: 1000, total: templates.length, totalPages: 1, hasNext: false },
    lastTemplateSync: '2026-03-01T10:00:00.000Z',
  };
}

export function tag(n: number, name: string): Tag {
  return { id: uuid(200 + n), name, color: '#1976d2', type: 'manual', createdAt: '2026-01-01T00:00:00.000Z', deletedAt: null, contactCount: 10 };
}

export const vip = tag(1, 'VIP');
export const expo = tag(2, 'Dubai Expo');

export function tagPage(tags: Tag[] = [vip, expo]): TagPage {
  return { data: tags, pagination: { page: 1, limit: 1000, total: tags.length, totalPages: 1, hasNext: false } };
}

export function contact(n: number, name: string | null, overrides: Partial<Contact> = {}): Contact {
  return contactFixture({ id: uuid(300 + n), name, phoneNumber: `50123456${n}`, ...overrides });
}

export const aisha = contact(1, 'Aisha Khan');
export const ahmed = contact(2, 'Ahmed Ali');
export const ahmadDeleted = contact(3, 'Ahmad Former', { deletedAt: '2026-03-02T10:00:00.000Z' });

export const agents = [
  { id: uuid(401), name: 'Omar Farouk', email: 'omar@example.com' },
  { id: uuid(402), name: 'Lina Saeed', email: 'lina@example.com' },
];

export function analytics(overrides: Partial<BroadcastAnalytics> = {}): BroadcastAnalytics {
  return {
    templateName: 'welcome_message',
    status: 'completed',
    statusReason: null,
    totalCount: 100,
    totalMessagesSent: 95,
    messagesFailed: 3,
    messagesDelivered: 90,
    messagesRead: 60,
    replyCount: 12,
    totalButtonClicks: 30,
    uniqueContactsClicked: 25,
    clickThroughRate: 27.8,
    engagementRate: 33.3,
    avgResponseTimeMinutes: 150,
    pendingCount: 0,
    unknownCount: 2,
    unconfirmedCount: 0,
    funnel: [
      { stage: 'attempted', count: 100 },
      { stage: 'sent', count: 95 },
      { stage: 'delivered', count: 90 },
      { stage: 'read', count: 60 },
      { stage: 'replied', count: 12 },
    ],
    failureReasons: [
      { errorCode: 131026, reason: 'Message undeliverable', count: 2 },
      { errorCode: null, reason: 'Network error', count: 1 },
    ],
    buttonPerformance: [
      { buttonText: 'Browse products', clickCount: 20, uniqueClicks: 18, actionType: 'assign_agent', assignedAgent: { name: 'Omar Farouk', email: 'omar@example.com' }, tagName: null },
      { buttonText: 'Store hours', clickCount: 10, uniqueClicks: 9, actionType: 'do_nothing', assignedAgent: null, tagName: null },
    ],
    assignmentDistribution: [
      { agentName: 'Omar Farouk', agentEmail: 'omar@example.com', assignmentCount: 18, buttons: [{ buttonText: 'Browse products', clickCount: 20 }] },
    ],
    ...overrides,
  };
}

export function recipient(n: number, overrides: Partial<BroadcastRecipient> = {}): BroadcastRecipient {
  return {
    id: uuid(500 + n),
    contactId: uuid(300 + n),
    contactName: `Customer ${n}`,
    contactProfileName: null,
    phoneNumber: `+97150123456${n}`,
    state: 'sent',
    unconfirmed: false,
    messageStatus: 'delivered',
    errorCode: null,
    errorMessage: null,
    sentAt: '2026-03-05T10:00:10.000Z',
    deliveredAt: '2026-03-05T10:00:12.000Z',
    readAt: null,
    repliedAt: null,
    ...overrides,
  };
}

/** A broadcast of welcome_message with what its form needs (GET /broadcast/{id}): a draft by default. */
export function broadcastDetail(overrides: Partial<BroadcastDetail> & { id: string }): BroadcastDetail {
  return {
    ...broadcast({ status: 'draft', totalCount: 0, sentCount: 0, failedCount: 0, unknownCount: 0, deliveredCount: 0, readCount: 0, completedAt: null, ...overrides }),
    templateId: welcomeTemplate.id,
    header: null,
    contacts: [],
    buttons: [{ id: '0', text: 'Browse products' }, { id: '2', text: 'Store hours' }],
    rules: [],
    ...overrides,
  };
}

export function rule(broadcastId: string, overrides: Partial<AutomationRule> & Pick<AutomationRule, 'triggerId' | 'triggerText'>): AutomationRule {
  return {
    id: uuid(600 + Number(overrides.triggerId)),
    broadcastId,
    actionType: 'do_nothing',
    targetUserId: null,
    targetTagId: null,
    createdAt: '2026-03-05T10:00:00.000Z',
    ...overrides,
  };
}
