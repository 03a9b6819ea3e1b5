/** The inbox reports (GET /api/reports/inbox): what the screen and the CSV export read. */

/** What the reports record of a conversation's life: a resolve, an assignment. */
export const CONVERSATION_EVENT_KINDS = ['resolved', 'assigned'] as const;
export type ConversationEventKind = (typeof CONVERSATION_EVENT_KINDS)[number];

export interface ReportDay {
  /** The day in the organization's time zone, YYYY-MM-DD. */
  date: string;
  /** Conversations opened or reopened by a customer message that day. */
  opened: number;
  resolved: number;
}

/** Minutes, or null where there is nothing to measure. */
export interface DurationFigures {
  medianMinutes: number | null;
  p90Minutes: number | null;
  /** How many durations the figures are taken from. */
  count: number;
}

export interface AgentReport {
  userId: string;
  name: string;
  email: string;
  /** Conversations assigned to the member in the range. */
  assigned: number;
  /** Conversations resolved while assigned to the member. */
  resolved: number;
  medianFirstResponseMinutes: number | null;
  medianResolutionMinutes: number | null;
}

export interface InboxReport {
  from: string;
  to: string;
  timeZone: string;
  days: ReportDay[];
  firstResponse: DurationFigures;
  resolution: DurationFigures;
  messages: { inbound: number; outbound: number };
  /** Customer messages by weekday (0 Monday … 6 Sunday) and hour (0–23) in the organization's time zone. */
  busiestHours: number[][];
  /** Only for members with analytics:view_advanced. */
  agents?: AgentReport[];
}
