import type { Page } from 'playwright-core';
import type { BroadcastDetail } from '../../shared/api/broadcast-detail';
import type {
  AutomationRulesResponse, Broadcast, BroadcastAnalytics, BroadcastRecipientsResponse, BroadcastsResponse,
} from '../../shared/api/broadcasts';

/**
 * The broadcast screens are shown with answers the page gives itself (typed as the API's): a broadcast
 * sent in the demo organization would move its inbox under the inbox spec, which runs at the same time.
 * The list has one broadcast of each kind (sending with its bar, paused with its reason, completed,
 * failed); the analytics have every section filled.
 */
export const FIXTURE_BROADCAST_ID = '0193c0de-0000-7000-8000-00000000b001';

function fixtureBroadcast(overrides: Partial<Broadcast>): Broadcast {
  return {
    id: FIXTURE_BROADCAST_ID, name: overrides.templateName ?? 'welcome_message', audience: { contactIds: ['0193c0de-0000-7000-8000-00000000c001'] },
    scheduledAt: null, templateName: 'welcome_message', templateLanguage: 'en', parameters: ['Friend'], status: 'completed',
    statusReason: null, totalCount: 120, sentCount: 112, failedCount: 6, pendingCount: 0, unknownCount: 2, deliveredCount: 104,
    readCount: 71, createdAt: '2026-03-05T12:00:00.000Z', completedAt: '2026-03-05T12:02:00.000Z', createdBy: { name: 'Amira Haddad' },
    ...overrides,
  };
}

const BROADCAST_LIST: BroadcastsResponse = {
  data: [
    fixtureBroadcast({ id: '0193c0de-0000-7000-8000-00000000b002', status: 'processing', sentCount: 40, failedCount: 1, unknownCount: 0, pendingCount: 79, completedAt: null }),
    fixtureBroadcast({ id: '0193c0de-0000-7000-8000-00000000b003', templateName: 'payment_reminder', status: 'paused', statusReason: 'The template was paused by WhatsApp for low quality', sentCount: 10, failedCount: 0, unknownCount: 0, pendingCount: 110, completedAt: null }),
    fixtureBroadcast({}),
    fixtureBroadcast({ id: '0193c0de-0000-7000-8000-00000000b004', templateName: 'seasonal_offer', status: 'failed', statusReason: 'No recipient could be sent', sentCount: 0, failedCount: 120, unknownCount: 0 }),
    // Not started: a draft (Send now) and a scheduled one (Cancel), with no recipients yet.
    fixtureBroadcast({ id: '0193c0de-0000-7000-8000-00000000b005', name: 'Eid offer, for approval', status: 'draft', totalCount: 0, sentCount: 0, failedCount: 0, unknownCount: 0, deliveredCount: 0, readCount: 0, completedAt: null }),
    fixtureBroadcast({ id: '0193c0de-0000-7000-8000-00000000b006', name: 'Weekend sale', audience: { tags: [{ id: '0193c0de-0000-7000-8000-00000000d001', name: 'VIP' }] }, status: 'scheduled', scheduledAt: '2026-12-05T05:00:00.000Z', totalCount: 0, sentCount: 0, failedCount: 0, unknownCount: 0, deliveredCount: 0, readCount: 0, completedAt: null }),
  ],
  pagination: { page: 1, limit: 10, total: 6, totalPages: 1, hasNext: false },
};

const BROADCAST_ANALYTICS: BroadcastAnalytics = {
  templateName: 'welcome_message', status: 'completed', statusReason: null, totalCount: 120, totalMessagesSent: 112, messagesFailed: 6,
  messagesDelivered: 104, messagesRead: 71, replyCount: 18, totalButtonClicks: 39, uniqueContactsClicked: 33, clickThroughRate: 31.7,
  engagementRate: 41.3, avgResponseTimeMinutes: 95, pendingCount: 0, unknownCount: 2, unconfirmedCount: 1,
  funnel: [
    { stage: 'attempted', count: 120 }, { stage: 'sent', count: 112 }, { stage: 'delivered', count: 104 }, { stage: 'read', count: 71 }, { stage: 'replied', count: 18 },
  ],
  failureReasons: [
    { errorCode: 131026, reason: 'Message undeliverable', count: 4 },
    { errorCode: null, reason: 'The WhatsApp API could not be reached', count: 2 },
  ],
  buttonPerformance: [
    { buttonText: 'Browse products', clickCount: 27, uniqueClicks: 24, actionType: 'assign_agent', assignedAgent: { name: 'Priya Nair', email: 'priya@demo.parley.dev' }, tagName: null },
    { buttonText: 'Store hours', clickCount: 12, uniqueClicks: 11, actionType: 'do_nothing', assignedAgent: null, tagName: null },
  ],
  assignmentDistribution: [
    { agentName: 'Priya Nair', agentEmail: 'priya@demo.parley.dev', assignmentCount: 24, buttons: [{ buttonText: 'Browse products', clickCount: 27 }] },
  ],
};

const BROADCAST_RECIPIENTS: BroadcastRecipientsResponse = {
  data: [
    { id: 'r-1', contactId: 'c-1', contactName: 'Sameer Joshi', contactProfileName: null, phoneNumber: '+919990000155', state: 'sent', unconfirmed: false, messageStatus: 'read', errorCode: null, errorMessage: null, sentAt: '2026-03-05T12:00:05.000Z', deliveredAt: '2026-03-05T12:00:07.000Z', readAt: '2026-03-05T12:03:00.000Z', repliedAt: '2026-03-05T12:10:00.000Z' },
    { id: 'r-2', contactId: 'c-2', contactName: null, contactProfileName: null, phoneNumber: '+971503000103', state: 'failed', unconfirmed: false, messageStatus: null, errorCode: 131026, errorMessage: 'Message undeliverable', sentAt: null, deliveredAt: null, readAt: null, repliedAt: null },
    { id: 'r-3', contactId: 'c-3', contactName: 'Arjun Reddy', contactProfileName: null, phoneNumber: '+919830000135', state: 'ambiguous', unconfirmed: true, messageStatus: null, errorCode: null, errorMessage: null, sentAt: null, deliveredAt: null, readAt: null, repliedAt: null },
  ],
  pagination: { page: 1, limit: 25, total: 3, totalPages: 1, hasNext: false },
};

/** The draft of the list, as its Edit form reads it, and the analytics broadcast's button rules (one button left without). */
export const FIXTURE_DRAFT_ID = '0193c0de-0000-7000-8000-00000000b005';

const BROADCAST_DRAFT: BroadcastDetail = {
  ...fixtureBroadcast({ id: FIXTURE_DRAFT_ID, name: 'Eid offer, for approval', status: 'draft', totalCount: 0, sentCount: 0, failedCount: 0, unknownCount: 0, deliveredCount: 0, readCount: 0, completedAt: null }),
  templateId: '0193c0de-0000-7000-8000-00000000e001',
  header: null,
  contacts: [{ id: '0193c0de-0000-7000-8000-00000000c001', name: 'Sameer Joshi', profileName: null, countryCode: '+91', phoneNumber: '9990000155' }],
  buttons: [{ id: '0', text: 'Browse products' }, { id: '1', text: 'Store hours' }],
  rules: [],
};

const BROADCAST_DETAIL: BroadcastDetail = { ...BROADCAST_DRAFT, ...fixtureBroadcast({}), contacts: [] };

const BROADCAST_RULES: AutomationRulesResponse = {
  rules: [{
    id: '0193c0de-0000-7000-8000-00000000f001', broadcastId: FIXTURE_BROADCAST_ID, triggerId: '0', triggerText: 'Browse products',
    actionType: 'assign_agent', targetUserId: null, targetTagId: null, createdAt: '2026-03-05T12:00:00.000Z',
  }],
};

const withFixtures = new WeakSet<Page>();

/** Makes the page answer the broadcast screens' reads itself, then goes to `path`. */
export const broadcastScreen = (path: string) => async (page: Page): Promise<string> => {
  if (!withFixtures.has(page)) {
    withFixtures.add(page);
    await page.route(/\/api\/broadcast(\?.*)?$/, (route) => (route.request().method() === 'GET' ? route.fulfill({ json: BROADCAST_LIST }) : route.fallback()));
    await page.route(/\/api\/broadcast\/[^/]+\/analytics$/, (route) => route.fulfill({ json: BROADCAST_ANALYTICS }));
    await page.route(/\/api\/broadcast\/[^/]+\/recipients\?/, (route) => route.fulfill({ json: BROADCAST_RECIPIENTS }));
    await page.route(new RegExp(`/api/broadcast/${FIXTURE_BROADCAST_ID}$`), (route) => route.fulfill({ json: BROADCAST_DETAIL }));
    await page.route(new RegExp(`/api/broadcast/${FIXTURE_DRAFT_ID}$`), (route) => route.fulfill({ json: BROADCAST_DRAFT }));
    await page.route(/\/api\/automation\/rules\?/, (route) => (route.request().method() === 'GET' ? route.fulfill({ json: BROADCAST_RULES }) : route.fallback()));
  }
  return path;
};
