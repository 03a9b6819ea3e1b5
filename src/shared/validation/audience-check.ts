import { string } from 'yup';
import { audienceSchema } from './broadcasts';

/** POST /broadcast/audience/check: an audience (tags or contacts) and, optionally, the template it would get. */
export const audienceCheckSchema = audienceSchema.shape({
  templateId: string().typeError('templateId must be text').optional(),
});
