import { wallTimeAt } from '../format/zoned-time';

/** The name a broadcast gets when none is given: its template's name and the day, in the organization's zone. */
export function defaultBroadcastName(templateName: string, at: Date, timeZone: string): string {
  return `${templateName} ${wallTimeAt(at, timeZone).slice(0, 10)}`;
}
