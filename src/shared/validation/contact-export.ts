import type { InferType } from 'yup';
import { contactSearchSchema } from './contacts';
import { contactsByTagsQuerySchema } from './tags';

/**
 * GET /contacts/export.csv: the Contacts list's own filters, both optional: the search text (as the
 * screen searches, from three characters) and the tags (contacts carrying any of them, as an audience).
 */
export const contactExportQuerySchema = contactSearchSchema.pick(['q']).concat(contactsByTagsQuerySchema.pick(['tags'])).partial();

export type ContactExportQuery = InferType<typeof contactExportQuerySchema>;
