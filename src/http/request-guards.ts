import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Socket } from 'node:net';
import { parse as parseForm } from 'node:querystring';
import { errorEnvelope } from './error-envelope';
import { apiError, ApiError } from '../shared/api-error';
import { decodeTransit } from './transit';
import { sendBody } from './wire-format';

/**
 * Request bodies nest at most this deep (objects and arrays). Extended data and every command body stay far
 * below it; a deeper body is refused in one linear pass before any recursive work (parsing, the Transit reader,
 * class-transformer), so a hostile client cannot spend the server's CPU on stack overflows.
 */
export const MAX_BODY_DEPTH = 64;

/** True when the JSON text (also Transit JSON) opens more than `max` nested arrays or objects. No recursion. */
export const exceedsJsonDepth = (text: string, max: number = MAX_BODY_DEPTH): boolean => {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > max) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return false;
};

const tooDeep = (): ApiError => apiError(400, 'bad-request', `The body nests deeper than ${MAX_BODY_DEPTH} levels.`);

/** The envelope with the error's own status: in the request's format on the data APIs, JSON elsewhere. */
const sendEnvelope = (reply: FastifyReply, error: ApiError, request?: FastifyRequest): void => {
  const url = request?.url ?? '';
  if (request && (url.startsWith('/v1/api/') || url.startsWith('/v1/integration_api/'))) return sendBody(reply, request, error.status, errorEnvelope(error));
  void reply.status(error.status).header('content-type', 'application/json;charset=UTF-8').send(JSON.stringify(errorEnvelope(error)));
};

/**
 * Query keys naming Object.prototype's members (`__proto__`, `constructor`, `toString`, …) are refused on every
 * route before any handler reads them: parsers and class-based whitelists cannot tell them from declared keys.
 */
const refusePrototypeKeys = (request: FastifyRequest): ApiError | null => {
  const query = request.query as Record<string, unknown> | undefined;
  if (!query || typeof query !== 'object') return null;
  for (const key of Object.keys(query)) {
    if (key in Object.prototype)
      return apiError(400, 'validation-disallowed-key', `property ${key} should not exist`, { source: { path: [key], type: 'query' } });
  }
  return null;
};

/** Fastify's own errors (FST_…, raised before a route handler runs) → the spec's codes. */
export const apiErrorOfFramework = (error: FastifyError): ApiError => {
  if (error instanceof ApiError) return error;
  const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return apiError(413, 'request-upload-over-limit', 'The request body is larger than the server accepts.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return apiError(415, 'unsupported-content-type', error.message);
    case 'FST_ERR_BAD_URL':
      return apiError(400, 'bad-request', 'The URL is not valid (bad percent-encoding).');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return apiError(414, 'uri-too-long', 'A path segment is longer than 100 characters.');
    default:
      if (status === 500) return apiError(500, 'internal-server-error');
      return apiError(status, status === 413 ? 'request-upload-over-limit' : 'bad-request', error.message);
  }
};

/**
 * The body parsers (Nest's own are off: `bodyParser: false`). JSON and Transit: depth first, then the parser
 * (Fastify's for JSON, prototype poisoning refused).
 */
export const installBodyParsers = (fastify: FastifyInstance, bodyLimit: number): void => {
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeContentTypeParser(['application/json', 'text/plain']);
  fastify.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (request, body, done) => {
    if (exceedsJsonDepth(body as string)) return done(tooDeep(), undefined);
    parseJson(request, body as string, (error, value) => {
      if (error) return done(apiError(400, 'bad-request', 'The body is not valid JSON.'), undefined);
      done(null, value);
    });
  });
  // The Authentication API's forms (flat: no depth to check).
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit }, (_req, body, done) => {
    done(null, parseForm(body as string));
  });
  fastify.addContentTypeParser('application/transit+json', { parseAs: 'string', bodyLimit }, (_req, body, done) => {
    if (exceedsJsonDepth(body as string)) return done(tooDeep(), undefined);
    try {
      done(null, body === '' ? {} : decodeTransit(body as string));
    } catch {
      done(apiError(400, 'bad-request', 'The body is not valid Transit JSON.'), undefined);
    }
  });
  fastify.addHook('onRequest', (request, reply, done) => {
    const refused = refusePrototypeKeys(request);
    if (refused) return sendEnvelope(reply, refused, request);
    done();
  });
  // A body over the limit read in part (chunked): its 413 waits until the rest has arrived (bounded), so the client,
  // still writing, reads the answer instead of a connection reset. Node drains the unread ones itself.
  // A callback hook, not an async one: every answer passes here, and only a 413 has anything to wait for.
  fastify.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode !== 413 || request.raw.complete) return done(null, payload);
    void reply.header('connection', 'close');
    void drain(request.raw, DRAIN_MAX_BYTES, DRAIN_MAX_MS).then(() => done(null, payload));
  });
  // Errors of the parsers (body too large, bad JSON) reach ApiErrorFilter through Nest's own Fastify error handler.
};

const DRAIN_MAX_BYTES = 64 * 1024 * 1024;
const DRAIN_MAX_MS = 10_000;

/** Reads and discards the rest of a request body, up to a size and a time: past either the socket is closed. */
const drain = (raw: NodeJS.ReadableStream, maxBytes: number, maxMs: number): Promise<void> =>
  new Promise((resolve) => {
    let seen = 0;
    const done = () => {
      clearTimeout(timer);
      raw.removeListener('data', onData);
      raw.removeListener('end', done);
      raw.removeListener('error', done);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > maxBytes) done();
    };
    const timer = setTimeout(done, maxMs);
    raw.on('data', onData);
    raw.once('end', done);
    raw.once('error', done);
    raw.resume();
  });

/** For Fastify's `frameworkErrors` option: bad percent-encoding and over-long path segments. */
export const frameworkErrors = (error: FastifyError, _request: unknown, reply: FastifyReply): void => sendEnvelope(reply, apiErrorOfFramework(error));

const REASONS: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 413: 'Payload Too Large', 414: 'URI Too Long', 431: 'Request Header Fields Too Large' };

/**
 * Node's HTTP parser rejects some requests before Fastify sees them (headers or URL over 16 KB: 431; malformed
 * requests: 400). Answer those in the envelope as well, then close the connection (its stream is unusable).
 */
export const clientErrorHandler = (error: Error & { code?: string }, socket: Socket): void => {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const code = status === 431 ? 'request-header-fields-too-large' : status === 408 ? 'request-timeout' : 'bad-request';
  const body = JSON.stringify(errorEnvelope(apiError(status, code, status === 431 ? 'The request headers or URL are larger than 16 KB.' : undefined)));
  socket.end(
    `HTTP/1.1 ${status} ${REASONS[status]}\r\nContent-Type: application/json;charset=UTF-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
};
