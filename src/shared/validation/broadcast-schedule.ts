import { boolean, object, string } from 'yup';
import { trimmedText } from './trimmed-text';

/** A broadcast's name and start time: the rules the New Broadcast form and the broadcasts API share. */

export const BROADCAST_NAME_MAX = 120;
/** How far ahead a broadcast can be scheduled. */
export const MAX_SCHEDULE_DAYS = 365;

export const NAME_TOO_LONG = `Name must be at most ${BROADCAST_NAME_MAX} characters`;
export const SCHEDULE_INVALID = 'Scheduled time must be a date and time';
export const SCHEDULE_IN_PAST = 'Pick a time in the future';
export const SCHEDULE_TOO_FAR = `Pick a time within ${MAX_SCHEDULE_DAYS} days`;
export const SCHEDULE_REQUIRED = 'Pick when to send it';

/** Why a start time cannot be used, or null. */
export function scheduleProblem(at: Date, now: Date = new Date()): string | null {
  if (Number.isNaN(at.getTime())) return SCHEDULE_INVALID;
  if (at.getTime() <= now.getTime()) return SCHEDULE_IN_PAST;
  if (at.getTime() > now.getTime() + MAX_SCHEDULE_DAYS * 86_400_000) return SCHEDULE_TOO_FAR;
  return null;
}

/** Empty means "the default name". */
export const broadcastNameField = trimmedText('Name must be text').max(BROADCAST_NAME_MAX, NAME_TOO_LONG);

/** An ISO time with its offset ('2026-11-28T08:00:00.000Z'), in the future. */
export const scheduledAtField = string()
  .strict()
  .typeError(SCHEDULE_INVALID)
  .matches(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/, SCHEDULE_INVALID)
  .test('schedule', (value, context) => {
    if (value === undefined) return true;
    const problem = scheduleProblem(new Date(value));
    return problem ? context.createError({ message: problem }) : true;
  });

export const draftField = boolean().strict().typeError('draft must be true or false');

/** POST /broadcast/{id}/send */
export const sendBroadcastSchema = object({ scheduledAt: scheduledAtField.optional() });
