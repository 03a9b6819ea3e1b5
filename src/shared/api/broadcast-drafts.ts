import type { CreateBroadcastRequest } from './broadcasts';

/** Names, drafts and schedules of broadcasts: the wire types of PUT /broadcast/{id}, its send and cancel. */

/** Who a broadcast goes to, as saved: tags (with their current names) or chosen contacts. */
export type BroadcastAudience = { tags: Array<{ id: string; name: string }> } | { contactIds: string[] };

/** PUT /broadcast/{id} (broadcasts:edit): a draft or scheduled broadcast composed anew; `scheduledAt` moves a scheduled one. */
export type UpdateBroadcastRequest = Omit<CreateBroadcastRequest, 'draft'>;

/** POST /broadcast/{id}/send (broadcasts:send): a draft starts now, or at `scheduledAt`; a scheduled one starts now. */
export interface SendBroadcastRequest {
  scheduledAt?: string;
}

/** GET /broadcast/schedule-zone: the organization's time zone, in which schedules are entered and shown. */
export interface BroadcastScheduleZone {
  timeZone: string;
}

/** The statuses a broadcast can still be changed, sent or scheduled in. */
export const UNSENT_STATUSES = ['draft', 'scheduled'] as const;

export const BROADCAST_DRAFT_TEXTS = {
  notUnsent: 'Only a draft or a scheduled broadcast can be changed or sent',
  notScheduled: 'Only a scheduled broadcast can be cancelled',
  scheduleDraftThroughSend: 'A draft is scheduled with Send (POST /broadcast/{id}/send)',
  draftAndSchedule: 'A broadcast is either saved as a draft or scheduled, not both',
  audienceResolvedAtStart: 'The audience is counted again when sending starts: contacts tagged later are included.',
} as const;
