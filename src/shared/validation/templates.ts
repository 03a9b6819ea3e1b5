import { string } from 'yup';
import { MAX_PAGE_SIZE } from '../constants';
import { pageQuerySchema } from './page-query';

/**
 * GET /templates/local: optional status (any of Meta's upper-case statuses; the screen offers
 * APPROVED, PENDING and REJECTED) and paging. Without a limit the whole list comes in one page, as the
 * broadcast template picker wants it.
 */
export const templatesQuerySchema = pageQuerySchema(MAX_PAGE_SIZE).shape({
  status: string()
    .trim()
    .uppercase()
    .optional()
    .matches(/^[A-Z_]{1,40}$/, { message: 'Invalid template status', excludeEmptyString: true }),
});
