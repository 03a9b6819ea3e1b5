/** Paginated list response of SPEC.md section 3, plus the totals every paged grid needs. */
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
