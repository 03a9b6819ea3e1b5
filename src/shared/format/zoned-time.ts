/**
 * Wall-clock times in a named time zone (the organization's), without a zone library: a schedule is
 * entered as 'YYYY-MM-DDTHH:mm' in that zone and stored as an instant.
 */

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

const partsFormats = new Map<string, Intl.DateTimeFormat>();

function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
    partsFormats.set(timeZone, format);
  }
  return format;
}

/** The zone's wall clock at an instant, as a UTC timestamp with the same fields (whole seconds). */
function wallClockAt(instant: number, timeZone: string): number {
  const parts = partsFormat(timeZone).formatToParts(new Date(instant));
  const field = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return Date.UTC(field('year'), field('month') - 1, field('day'), field('hour'), field('minute'), field('second'));
}

/** How far the zone's wall clock is ahead of UTC at an instant. */
function offsetAt(instant: number, timeZone: string): number {
  return wallClockAt(instant, timeZone) - Math.floor(instant / 1000) * 1000;
}

/** The instant a 'YYYY-MM-DDTHH:mm' wall time in the zone stands for; null when it is not one. */
export function instantOfWallTime(wallTime: string, timeZone: string): Date | null {
  const match = WALL_TIME.exec(wallTime);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number);
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  if (Number.isNaN(asUtc) || new Date(asUtc).getUTCDate() !== day) return null;
  // Twice: the offset at the first guess may differ from the one at the answer across a DST change.
  const first = asUtc - offsetAt(asUtc, timeZone);
  return new Date(asUtc - offsetAt(first, timeZone));
}

/** The zone's 'YYYY-MM-DDTHH:mm' wall time at an instant (what a datetime-local field shows). */
export function wallTimeAt(instant: Date | string, timeZone: string): string {
  return new Date(wallClockAt(new Date(instant).getTime(), timeZone)).toISOString().slice(0, 16);
}

/** An instant as the list shows it in the zone: 'Nov 28, 2026, 09:00'. */
export function zonedDateTimeLabel(instant: Date | string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone, month: 'short', day: 'numeric', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
  }).format(new Date(instant));
}
