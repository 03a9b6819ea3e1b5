import type { TemplateHeaderInput } from '../templates/header-media';
import type { BroadcastAudience } from './broadcast-drafts';
import type { Paginated } from './pagination';
import type { ContactFieldParameter, ParameterContact, TemplateParameterInput } from './template-parameters';

/** Broadcasts and their button automation: the wire types of /broadcast and /automation/rules. */

/**
 * A broadcast's life: `pending` until the dispatcher takes it, `processing` while recipients are being
 * sent, `completed` once every recipient is settled (sent, failed or unknown), `failed` when not one
 * recipient could be sent, `paused` when Meta paused or disabled its template (`statusReason` says so;
 * Resume continues it). Before it is sent: `draft` (saved, not sent), `scheduled` (starts at
 * `scheduledAt`), `cancelled` (a scheduled one called off; it stays in the list). A draft's or scheduled
 * one's audience is resolved into recipients when sending starts.
 */
export const BROADCAST_STATUSES = ['draft', 'scheduled', 'cancelled', 'pending', 'processing', 'paused', 'completed', 'failed'] as const;
export type BroadcastStatus = (typeof BROADCAST_STATUSES)[number];

/**
 * One recipient's send: `pending` (queued, or waiting to retry), `sending` (handed to Meta, answer not
 * stored yet), `sent` (Meta accepted it; delivery and reading are the message's status), `failed` (with
 * Meta's code and reason), `ambiguous` (interrupted mid-call and never reported by Meta: shown as
 * unknown, never re-sent by itself; past the grace period a member may Send again), `cancelled` (the broadcast was cancelled before it was sent).
 */
export const RECIPIENT_STATES = ['pending', 'sending', 'sent', 'failed', 'ambiguous', 'cancelled'] as const;
export type RecipientState = (typeof RECIPIENT_STATES)[number];

/** What pressing a quick-reply button of a broadcast does. */
export const AUTOMATION_ACTIONS = ['assign_agent', 'do_nothing', 'add_tag'] as const;
export type AutomationAction = (typeof AUTOMATION_ACTIONS)[number];

export const AUTOMATION_ACTION_LABELS: Record<AutomationAction, string> = {
  assign_agent: 'Assign to agent',
  do_nothing: 'Do nothing',
  add_tag: 'Add tag',
};

/** Default pace of one phone number (Meta's standard tier), and the highest tier Parley will pace to. */
export const DEFAULT_MESSAGES_PER_SECOND = 80;
export const MAX_MESSAGES_PER_SECOND = 1000;

/** GET /broadcast (page, limit, status) and GET /broadcast/{id}. Counts are derived from the recipients. */
export interface Broadcast {
  id: string;
  name: string;
  /** Tags (with their names) or chosen contacts; null for a broadcast made before audiences were kept. */
  audience: BroadcastAudience | null;
  /** When a scheduled (or cancelled) broadcast starts or would have started. */
  scheduledAt: string | null;
  templateName: string;
  templateLanguage: string;
  /** Parameter N fills {{N}}: fixed text as a string, or a contact field with its fallback. */
  parameters: Array<string | ContactFieldParameter>;
  status: BroadcastStatus;
  /** Why the broadcast is paused or failed (e.g. Meta paused the template); null otherwise. */
  statusReason: string | null;
  totalCount: number;
  /** Recipients Meta accepted (delivered and read ones included). */
  sentCount: number;
  failedCount: number;
  /** Recipients not yet settled: queued, waiting to retry, or being sent. */
  pendingCount: number;
  /** Interrupted mid-send with no report from Meta: "unknown", never re-sent unless a member sends it again (see `unconfirmedCount`). */
  unknownCount: number;
  deliveredCount: number;
  readCount: number;
  createdAt: string;
  completedAt: string | null;
  createdBy: { name: string } | null;
}

export type BroadcastsResponse = Paginated<Broadcast>;

/** A button automation rule as created with a broadcast (triggerId is the button's position, TemplateButton.id). */
export interface AutomationRuleInput {
  triggerId: string;
  triggerText: string;
  actionType: AutomationAction;
  /** The agent a press assigns the conversation to (assign_agent). */
  targetUserId?: string | null;
  /** The tag a press adds to the contact (add_tag). */
  targetTagId?: string | null;
}

/** POST /broadcast, with an Idempotency-Key header: the same key answers the same broadcast. */
export interface CreateBroadcastRequest {
  templateId: string;
  /** Parameter N fills {{N}} in the template's header and body: fixed text (a bare string too) or a contact field with a fallback. */
  parameters: TemplateParameterInput[];
  tagIds?: string[];
  contactIds?: string[];
  rules?: AutomationRuleInput[];
  /** Required exactly when the template's header is an image, video or document: an uploaded header file or an https link. */
  header?: TemplateHeaderInput;
  /** Defaults to the template's name and the date (in the organization's time zone). */
  name?: string;
  /** Save as a draft (broadcasts:create); otherwise sending needs broadcasts:send. */
  draft?: boolean;
  /** An ISO time: the broadcast starts then (status `scheduled`) instead of now. */
  scheduledAt?: string;
}

export interface CreateBroadcastResponse {
  id: string;
  sentCount: number;
  totalCount: number;
}

/** POST /broadcast/audience: how many distinct live contacts a broadcast to these tags or contacts reaches. */
export interface AudienceRequest {
  tagIds?: string[];
  contactIds?: string[];
}

export interface AudienceResponse {
  count: number;
}

/** POST /broadcast/audience/sample: the audience's contact at `position` (0-based, oldest first), for the preview. */
export interface AudienceSampleRequest extends AudienceRequest {
  position: number;
}

export interface AudienceSampleResponse {
  /** How many contacts the audience reaches (the positions run from 0 to count − 1). */
  count: number;
  position: number;
  /** Null when the audience has no contact at that position. */
  contact: ParameterContact | null;
}

/** The stages of the analytics funnel; each drills down to its recipients. */
export const FUNNEL_STAGES = ['attempted', 'sent', 'delivered', 'read', 'replied'] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];

/**
 * The recipient lists a drill-down can show: a funnel stage, or the unsettled, failed and unknown ones,
 * and the unknown ones past the grace period (`unconfirmed`: "Not confirmed by WhatsApp").
 */
export const RECIPIENT_FILTERS = [...FUNNEL_STAGES, 'pending', 'failed', 'unknown', 'unconfirmed', 'clicked'] as const;
export type RecipientFilter = (typeof RECIPIENT_FILTERS)[number];

export interface ButtonPerformance {
  buttonText: string;
  clickCount: number;
  uniqueClicks: number;
  actionType: AutomationAction | null;
  assignedAgent: { name: string; email: string } | null;
  /** The tag an `add_tag` rule adds (null for other actions, or once the tag was deleted). */
  tagName: string | null;
}

export interface AssignmentShare {
  agentName: string;
  agentEmail: string;
  assignmentCount: number;
  buttons: Array<{ buttonText: string; clickCount: number }>;
}

export interface FailureReason {
  /** Meta's error code; null when the send failed without one (e.g. the network). */
  errorCode: number | null;
  reason: string;
  count: number;
}

/**
 * GET /broadcast/{id}/analytics. Rates are percentages with one decimal: clickThroughRate = contacts who
 * pressed a button / delivered; engagementRate = contacts who replied or pressed a button / delivered.
 * A reply is an inbound message from the recipient after the broadcast's message and before the next
 * broadcast message to them; response time runs from the send to that first reply.
 */
export interface BroadcastAnalytics {
  templateName: string;
  status: BroadcastStatus;
  statusReason: string | null;
  totalCount: number;
  totalMessagesSent: number;
  messagesFailed: number;
  messagesDelivered: number;
  messagesRead: number;
  replyCount: number;
  totalButtonClicks: number;
  uniqueContactsClicked: number;
  clickThroughRate: number;
  engagementRate: number;
  avgResponseTimeMinutes: number;
  pendingCount: number;
  unknownCount: number;
  /** Unknown recipients still without any report from WhatsApp after the grace period: Send again may queue them. */
  unconfirmedCount: number;
  funnel: Array<{ stage: FunnelStage; count: number }>;
  failureReasons: FailureReason[];
  /** Only for members with analytics:view_advanced. */
  buttonPerformance?: ButtonPerformance[];
  /** Only for members with analytics:view_advanced. */
  assignmentDistribution?: AssignmentShare[];
}

/** GET /broadcast/{id}/recipients?filter=&errorCode=&page=&limit=: one row of a drill-down. */
export interface BroadcastRecipient {
  id: string;
  contactId: string;
  contactName: string | null;
  /** The contact's WhatsApp profile name, shown (marked as WhatsApp's) where `contactName` is null. */
  contactProfileName: string | null;
  /** E.164, e.g. +971501234567. */
  phoneNumber: string;
  state: RecipientState;
  /** Unknown, and still without any report from WhatsApp after the grace period ("Not confirmed by WhatsApp"). */
  unconfirmed: boolean;
  /** The broadcast message's delivery status once sent (sent, delivered, read, failed). */
  messageStatus: string | null;
  errorCode: number | null;
  errorMessage: string | null;
  sentAt: string | null;
  deliveredAt: string | null;
  readAt: string | null;
  repliedAt: string | null;
}

export type BroadcastRecipientsResponse = Paginated<BroadcastRecipient>;

/** POST /broadcast/{id}/retry-failed: recipients put back in the queue (never delivered, retried at most once each). */
export interface RetryFailedResponse {
  requeued: number;
}

/**
 * POST /broadcast/{id}/resend-unconfirmed: the recipients "Not confirmed by WhatsApp" put back in the
 * queue (a customer whose first send WhatsApp did accept gets the message twice).
 */
export interface ResendUnconfirmedResponse {
  requeued: number;
}

/** GET /automation/rules (optional broadcastId). */
export interface AutomationRule {
  id: string;
  broadcastId: string;
  triggerId: string;
  triggerText: string;
  actionType: AutomationAction;
  targetUserId: string | null;
  targetTagId: string | null;
  createdAt: string;
}

export interface AutomationRulesResponse {
  rules: AutomationRule[];
}


export const BROADCAST_TEXTS = {
  sendFailed: 'Failed to send broadcast',
  contactNotFound: 'The selected contact could not be found. Please select a contact manually.',
  analyticsFailed: 'Failed to load analytics',
  notFound: 'Broadcast not found',
  templateNotApproved: 'Only approved templates can be broadcast',
  templateNotFound: 'Template not found',
  noRecipients: 'None of the selected contacts can receive this broadcast',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different broadcast',
  notPaused: 'Only a paused broadcast can be resumed',
} as const;
