import { number } from 'yup';
import { audienceSchema } from './broadcasts';

/** The largest position the preview steps to: far beyond what anyone pages through one by one. */
const MAX_SAMPLE_POSITION = 1_000_000;

/** POST /broadcast/audience/sample: an audience (tags or contacts) and the 0-based position of the contact to show. */
export const audienceSampleSchema = audienceSchema.shape({
  position: number()
    .typeError('position must be a number')
    .integer('position must be a whole number')
    .min(0, 'position must be 0 or more')
    .max(MAX_SAMPLE_POSITION, `position must be at most ${MAX_SAMPLE_POSITION}`)
    .default(0),
});
