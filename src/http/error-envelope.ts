import { randomUUID } from 'node:crypto';
import { ApiError, ErrorItem, apiError } from '../shared/api-error';
import { Uuid } from '../shared/values';
import { keyword } from './transit';

/** The spec's error envelope: `{errors: [{id, status, code, title, details?, source?}]}`. */
export const errorEnvelope = (error: ApiError) => ({
  errors: error.items.map((item: ErrorItem) => ({
    id: new Uuid(randomUUID()),
    status: item.status,
    code: keyword(item.code),
    title: item.title,
    ...(item.details ? { details: item.details } : {}),
    ...(item.source ? { source: { path: item.source.path, type: item.source.type } } : {}),
    ...(item.meta ? { meta: item.meta } : {}),
  })),
});

interface FrameworkError {
  statusCode?: number;
  status?: number;
  code?: string;
  message?: string;
  getStatus?: () => number;
}

/** Turns any thrown value into an ApiError; unknown failures become 500, a store that did not answer 503, neither leaking internals. */
export const toApiError = (error: unknown): ApiError => {
  if (error instanceof ApiError) return error;
  const e = (error ?? {}) as FrameworkError;
  const status = typeof e.getStatus === 'function' ? e.getStatus() : (e.statusCode ?? e.status);
  if (status === 404) return apiError(404, 'not-found', 'No such endpoint or resource.');
  if (status === 413) return apiError(413, 'request-upload-over-limit', 'The request body is too large.');
  if (status === 415) return apiError(415, 'unsupported-content-type', e.message);
  if (e.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || e.code === 'FST_ERR_CTP_INVALID_JSON_BODY')
    return apiError(400, 'bad-request', 'The request body is not valid.');
  if (typeof status === 'number' && status >= 400 && status < 500) return apiError(status, status === 400 ? 'bad-request' : 'forbidden', e.message);
  // A store that did not answer (down, restarting, a statement past its timeout): the client may try again.
  if (status === 503) return apiError(503, 'service-unavailable', 'A store the service needs did not answer; try again shortly.');
  return apiError(500, 'internal-server-error');
};
