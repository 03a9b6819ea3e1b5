/** A paginated list response, with the totals every paged grid needs. */
export interface Paginated<T> {
  data: T[];
  pagination: {
    page: number;
    limit: number;
    total: number;
    totalPages: number;
    hasNext: boolean;
  };
}

export interface PageQuery {
  page?: number;
  limit?: number;
}
