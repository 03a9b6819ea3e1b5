/**
 * IANA time zones as this runtime's Intl knows them. Node's ICU leaves 'UTC' out of
 * `Intl.supportedValuesOf('timeZone')`, so it is added: it is the default.
 */
export const DEFAULT_TIME_ZONE = 'UTC';

let zones: readonly string[] | undefined;

/** Every zone the time-zone picker offers, UTC first. */
export function timeZoneNames(): readonly string[] {
  zones ??= [DEFAULT_TIME_ZONE, ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== DEFAULT_TIME_ZONE)];
  return zones;
}

/**
 * The zone's name as the list spells it ('europe/berlin' → 'Europe/Berlin'), an alias Intl accepts but
 * does not list as is ('Asia/Kolkata' where ICU lists 'Asia/Calcutta'), or null for anything else.
 */
export function canonicalTimeZone(name: string): string | null {
  const listed = timeZoneNames().find((zone) => zone.toLowerCase() === name.toLowerCase());
  if (listed) return listed;
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)+$/.test(name)) return null;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return name;
  } catch {
    return null;
  }
}
