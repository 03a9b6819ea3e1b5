/**
 * GET/PUT /api/me/availability: the member's Available / Away switch (the app header). Auto-assignment
 * gives new and reopened conversations only to members who are Available and whose live stream was
 * seen within the last 5 minutes.
 */

export const AVAILABILITIES = ['available', 'away'] as const;
export type Availability = (typeof AVAILABILITIES)[number];

export interface AvailabilityResponse {
  availability: Availability;
}

/** A member whose live stream (an open inbox) was last seen longer ago than this counts as Away. */
export const STREAM_SEEN_WITHIN_MS = 5 * 60_000;
