import { mixed, object, type InferType } from 'yup';
import { AVAILABILITIES, type Availability } from '../api/availability';

export const AVAILABILITY_INVALID = `availability must be one of: ${AVAILABILITIES.join(', ')}`;

/** PUT /me/availability: the header's switch. */
export const availabilityChangeSchema = object({
  availability: mixed<Availability>().oneOf(AVAILABILITIES, AVAILABILITY_INVALID).required('availability is required'),
});

export type AvailabilityChange = InferType<typeof availabilityChangeSchema>;
