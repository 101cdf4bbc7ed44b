import type { FastifyRequest } from 'fastify';

/**
 * The origin links in a response should point at: the configured public base URL (behind a proxy or CDN), else
 * the scheme and Host the request was sent to (Fastify honours X-Forwarded-* only when trustProxy is set).
 */
export const publicBaseUrlOf = (request: FastifyRequest, configured: string | null): string =>
  configured ?? `${request.protocol}://${request.host ?? request.headers.host ?? 'localhost'}`;
