/**
 * The one error type of the service. Domain code throws it with a stable code from the spec;
 * the HTTP exception filter (src/http/error.filter.ts) turns it into the error envelope.
 */
export interface ErrorSource {
  path: string[];
  /** `header`: a request header (the live stream's Last-Event-ID). */
  type: 'body' | 'query' | 'header';
}

export interface ErrorItem {
  status: number;
  code: string;
  title: string;
  details?: string;
  source?: ErrorSource;
  meta?: Record<string, unknown>;
}

export class ApiError extends Error {
  readonly items: ErrorItem[];

  constructor(items: ErrorItem | ErrorItem[]) {
    const list = Array.isArray(items) ? items : [items];
    super(list.map((i) => `${i.status} ${i.code}: ${i.details ?? i.title}`).join('; '));
    this.items = list;
  }

  get status(): number {
    return this.items[0].status;
  }

  get code(): string {
    return this.items[0].code;
  }
}

/** Titles are fixed per code, as the spec requires ("always the same for a given code"). */
const TITLES: Record<string, string> = {
  'validation-missing-key': 'Missing key',
  'validation-invalid-value': 'Invalid value',
  'validation-disallowed-key': 'Disallowed key',
  'validation-invalid-params': 'Invalid parameters',
  'bad-request': 'Bad request',
  'unsupported-content-type': 'Unsupported content type',
  'auth-missing-access-token': 'Access token missing',
  'auth-invalid-access-token': 'Invalid access token',
  forbidden: 'Forbidden',
  'not-found': 'Not found',
  'email-taken': 'Email is already taken',
  'email-not-found': 'Email not found',
  'user-not-found': 'User not found',
  conflict: 'Conflict',
  'file-not-available': 'File not available',
  'file-not-pending-upload': 'File already uploaded',
  'file-size-mismatch': 'File size mismatch',
  'too-many-requests': 'Too many requests',
  'request-upload-over-limit': 'Request body too large',
  'internal-server-error': 'Internal server error',
  'service-unavailable': 'Service unavailable',
};

export const titleFor = (code: string): string =>
  TITLES[code] ?? code.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());

export const apiError = (status: number, code: string, details?: string, extra: Partial<ErrorItem> = {}): ApiError =>
  new ApiError({ status, code, title: titleFor(code), ...(details ? { details } : {}), ...extra });

export const badRequest = (details: string): ApiError => apiError(400, 'bad-request', details);
export const forbidden = (details?: string, code = 'forbidden'): ApiError => apiError(403, code, details);
export const notFound = (details?: string): ApiError => apiError(404, 'not-found', details);
export const conflict = (code: string, details?: string): ApiError => apiError(409, code, details);

/** One validation item of `code`, for validators that collect several before throwing. */
const validationItem =
  (code: string) =>
  (path: string[], type: 'body' | 'query', details: string): ErrorItem => ({ status: 400, code, title: titleFor(code), details, source: { path, type } });
export const invalidValueItem = validationItem('validation-invalid-value');
export const disallowedKeyItem = validationItem('validation-disallowed-key');

export const invalidValue = (path: string[], type: 'body' | 'query', details?: string): ApiError =>
  apiError(400, 'validation-invalid-value', details, { source: { path, type } });
export const missingKey = (path: string[], type: 'body' | 'query', details?: string): ApiError =>
  apiError(400, 'validation-missing-key', details, { source: { path, type } });
export const disallowedKey = (path: string[], type: 'body' | 'query', details?: string): ApiError =>
  apiError(400, 'validation-disallowed-key', details, { source: { path, type } });
