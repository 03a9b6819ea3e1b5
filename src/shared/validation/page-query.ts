import { number, object } from 'yup';
import { MAX_PAGE_SIZE } from '../constants';

/**
 * The furthest page any list may ask for. Beyond it the rows to skip (page × limit) would outgrow the
 * database's integers; no real list comes near it.
 */
export const MAX_PAGE = 1_000_000;

/** A 1-based page number. */
export const pageField = () =>
  number()
    .typeError('Page must be a number')
    .integer('Page must be a whole number')
    .min(1, 'Page must be 1 or more')
    .max(MAX_PAGE, `Page must be at most ${MAX_PAGE}`);

/** `?page=&limit=` of every paged list (1-based page); each list names its own default page size. */
export function pageQuerySchema(defaultLimit: number) {
  return object({
    page: pageField().default(1),
    limit: number()
      .typeError('Limit must be a number')
      .integer('Limit must be a whole number')
      .min(1, 'Limit must be 1 or more')
      .max(MAX_PAGE_SIZE, `Limit must be at most ${MAX_PAGE_SIZE}`)
      .default(defaultLimit),
  });
}
