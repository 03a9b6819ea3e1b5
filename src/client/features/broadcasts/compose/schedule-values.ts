import type { CreateBroadcastRequest } from '@shared/api/broadcasts';
import { instantOfWallTime } from '@shared/format/zoned-time';
import { BROADCAST_NAME_MAX, NAME_TOO_LONG, SCHEDULE_REQUIRED, scheduleProblem } from '@shared/validation/broadcast-schedule';

/** How the member leaves the form: a draft, sent at once, or sent at the chosen time. */
export type ComposeIntent = 'draft' | 'now' | 'schedule';

/** The New Broadcast form's name and start time; the time is the zone's wall clock ('YYYY-MM-DDTHH:mm'). */
export interface ScheduleValues {
  name: string;
  sendAt: string;
}

export const initialScheduleValues = (): ScheduleValues => ({ name: '', sendAt: '' });

/** The name's and time's problems, for the intent the member chose (the rules are the API's, in src/shared). */
export function scheduleErrors(values: ScheduleValues, intent: ComposeIntent, timeZone: string): Partial<Record<keyof ScheduleValues, string>> {
  const errors: Partial<Record<keyof ScheduleValues, string>> = {};
  if (values.name.trim().length > BROADCAST_NAME_MAX) errors.name = NAME_TOO_LONG;
  if (intent === 'schedule') {
    const at = values.sendAt ? instantOfWallTime(values.sendAt, timeZone) : null;
    const problem = at ? scheduleProblem(at) : SCHEDULE_REQUIRED;
    if (problem) errors.sendAt = problem;
  }
  return errors;
}

/** The request's name, draft and schedule fields for the intent. */
export function scheduleRequest(values: ScheduleValues, intent: ComposeIntent, timeZone: string): Pick<CreateBroadcastRequest, 'name' | 'draft' | 'scheduledAt'> {
  const name = values.name.trim();
  const at = intent === 'schedule' ? instantOfWallTime(values.sendAt, timeZone) : null;
  return {
    ...(name ? { name } : {}),
    ...(intent === 'draft' ? { draft: true } : {}),
    ...(at ? { scheduledAt: at.toISOString() } : {}),
  };
}
