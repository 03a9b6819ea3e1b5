import type { Paginated } from '@shared/api/pagination';

export interface PageRequest {
  page: number;
  limit: number;
}

/** Rows to skip for a 1-based page. */
export function offsetOf({ page, limit }: PageRequest): number {
  return (page - 1) * limit;
}

/** A paged list response, from one page of rows and the total the database counted. */
export function toPage<T>(data: T[], { page, limit }: PageRequest, total: number): Paginated<T> {
  const totalPages = Math.max(1, Math.ceil(total / limit));
  return { data, pagination: { page, limit, total, totalPages, hasNext: page < totalPages } };
}
