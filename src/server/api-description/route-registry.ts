import type { FastifySchema, RouteOptions } from 'fastify';
import type { RouteAccess } from '../types';

/** One API operation as its route declares it: the API description is generated from these. */
export interface DeclaredRoute {
  method: string;
  url: string;
  access: RouteAccess | undefined;
  schema: FastifySchema;
  bodyLimit: number | undefined;
  /** The body is multipart/form-data, checked by the handler (no body schema). */
  multipart: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route with its schemas, access and body limit, in the order they were declared. */
    declaredRoutes: readonly DeclaredRoute[];
  }
}

/** The operations one route declaration makes (one per method). */
export function declaredRoutesOf(route: RouteOptions): DeclaredRoute[] {
  return [route.method].flat().filter((method) => method !== 'HEAD').map((method) => ({
    method: String(method),
    url: route.url,
    access: route.config?.access,
    schema: route.schema ?? {},
    bodyLimit: route.bodyLimit,
    multipart: route.config?.multipart === true,
  }));
}
