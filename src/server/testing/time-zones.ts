import { wallTimeAt } from '@shared/format/zoned-time';

const HOUR = 3_600_000;

/**
 * A time zone where `now` is at least `margin` away from either midnight, for a test whose records
 * of the last minutes or hours must all fall on "today": UTC, or Tokyo (UTC+9, no summer time) when
 * UTC is near midnight.
 */
export function zoneAwayFromMidnight(now = new Date(), margin = HOUR): string {
  for (const zone of ['UTC', 'Asia/Tokyo']) {
    const [hour, minute] = wallTimeAt(now, zone).slice('YYYY-MM-DDT'.length).split(':').map(Number);
    const sinceMidnight = (hour * 60 + minute) * 60_000;
    if (sinceMidnight >= margin && 24 * HOUR - sinceMidnight >= margin) return zone;
  }
  throw new Error(`zoneAwayFromMidnight: no zone is ${margin} ms away from midnight`);
}
