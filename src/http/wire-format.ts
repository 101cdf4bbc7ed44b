import type { FastifyReply, FastifyRequest } from 'fastify';
import { encodeTransit } from './transit';

/**
 * Content negotiation for the data APIs. The SDKs send `Accept: application/transit+json` and decode a body only
 * when the response content type starts with exactly `application/transit+json` (lower case), errors included.
 */
export type WireFormat = 'transit' | 'transit-verbose' | 'json';

export const TRANSIT_CONTENT_TYPE = 'application/transit+json;charset=UTF-8';
export const JSON_CONTENT_TYPE = 'application/json;charset=UTF-8';

export const responseFormatOf = (request: FastifyRequest): WireFormat => {
  const accept = String(request.headers.accept ?? '');
  const contentType = String(request.headers['content-type'] ?? '');
  const wantsTransit =
    accept.includes('application/transit+json') ||
    (!accept.includes('application/json') && contentType.startsWith('application/transit+json'));
  if (!wantsTransit) return 'json';
  return String(request.headers['x-transit-verbose'] ?? '').toLowerCase() === 'true' ? 'transit-verbose' : 'transit';
};

export const encodeBody = (body: unknown, format: WireFormat): string =>
  format === 'json' ? JSON.stringify(body) : encodeTransit(body, format === 'transit-verbose');

/**
 * Makes `reply` encode the object a controller returns in the request's format. Set by the guard rather than
 * done by a Nest interceptor: an interceptor wraps every call in an rxjs pipeline and an async resource, which
 * cost three quarters of a small read's throughput (docs/performance.md).
 */
export const encodeRepliesOf = (reply: FastifyReply, request: FastifyRequest): void => {
  const format = responseFormatOf(request);
  void reply.header('content-type', format === 'json' ? JSON_CONTENT_TYPE : TRANSIT_CONTENT_TYPE);
  // Fastify hands strings to a reply's serializer too: those are bodies already encoded (the error filter's).
  reply.serializer((body: unknown) => (typeof body === 'string' ? body : encodeBody(body, format)));
};

export const sendBody = (reply: FastifyReply, request: FastifyRequest, status: number, body: unknown): void => {
  const format = responseFormatOf(request);
  void reply
    .status(status)
    .header('content-type', format === 'json' ? JSON_CONTENT_TYPE : TRANSIT_CONTENT_TYPE)
    .send(encodeBody(body, format));
};
