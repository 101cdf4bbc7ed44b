import type { FastifyInstance } from 'fastify';
import type { Operation } from './describe.decorator';

export interface RegisteredRoute {
  method: string;
  /** Fastify's pattern: `/v1/assets/pub/:clientId/a/:alias/*`. */
  url: string;
  /** A raw route's own description (`describedRoute`); Nest's routes are described by their decorators. */
  operation?: Operation;
}

/**
 * Every route Fastify registers from now on, as it registers it: the one list of what the server answers, which
 * the API description must match (test/openapi.e2e.spec.ts) and which gives the raw routes' descriptions.
 */
export const recordRoutes = (fastify: FastifyInstance): RegisteredRoute[] => {
  const routes: RegisteredRoute[] = [];
  fastify.addHook('onRoute', (route) => {
    const config = route.config as { openapi?: Operation } | undefined;
    // HEAD is Fastify's automatic twin of each GET; OPTIONS the CORS preflight of every path.
    for (const method of [route.method].flat()) if (method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method, url: route.url, operation: config?.openapi });
  });
  return routes;
};

/** `/a/:alias/*` → `/a/{alias}/{path}`: Fastify's pattern as an OpenAPI path template. */
export const openApiPath = (url: string): string =>
  url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}').replace(/\*$/, '{path}').replace(/(.)\/$/, '$1');

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A raw route's description in the API document (describedRoute). */
    openapi?: Operation;
  }
}
