import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorEnvelope, toApiError } from './error-envelope';
import { sendBody } from './wire-format';

/**
 * The one place errors become responses, for every API: data APIs answer in the request's format (Transit or
 * JSON); the Authentication API adds the OAuth2 `error` fields; asset routes answer JSON.
 */
@Catch()
export class ApiErrorFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    sendApiError(exception, http.getRequest<FastifyRequest>(), http.getResponse<FastifyReply>());
  }
}

const logger = new Logger('ApiErrorFilter');

/** The error response of `exception` (src/http/direct-routes.ts answers its routes' errors with it too). */
export const sendApiError = (exception: unknown, request: FastifyRequest, reply: FastifyReply): void => {
  const error = toApiError(exception);
  // A store away (503) is one line per request, not a stack each: an outage would bury everything else.
  if (error.status === 503) logger.warn(exception instanceof Error ? `${exception.name}: ${exception.message}` : String(exception));
  else if (error.status >= 500) logger.error(exception instanceof Error ? exception.stack : String(exception));
  const body = errorEnvelope(error);
  const retryAfter = error.items[0].meta?.retryAfterSeconds;
  if (typeof retryAfter === 'number') void reply.header('retry-after', String(retryAfter));
  const url = request.url ?? '';
  if (url.startsWith('/v1/auth/')) {
    void reply.status(error.status).header('content-type', 'application/json;charset=UTF-8').send(
      JSON.stringify({ error: oauthErrorCode(error.status, error.code), error_description: error.items[0].details ?? error.items[0].title, ...body }),
    );
    return;
  }
  if (url.includes('/v1/assets/')) {
    void reply.status(error.status).header('content-type', 'application/json;charset=UTF-8').send(JSON.stringify(body));
    return;
  }
  sendBody(reply, request, error.status, body);
};

/** RFC 6749 §5.2 names, so OAuth-aware clients understand the Authentication API's errors too. */
const oauthErrorCode = (status: number, code: string): string => {
  if (code === 'unsupported-grant-type') return 'unsupported_grant_type';
  if (code === 'invalid-scope') return 'invalid_scope';
  if (code === 'invalid-client') return 'invalid_client';
  if (status === 401) return 'invalid_grant';
  return 'invalid_request';
};
