import { setTimeout as sleep } from 'node:timers/promises';
import { backoffDelay } from '../shared/backoff';

/** A resource as the Integration API answers it in JSON (ids and times as strings, money as {amount, currency}). */
export interface ApiResource {
  id: string;
  type: string;
  attributes: Record<string, any>;
  relationships?: Record<string, { data: { id: string; type: string } | Array<{ id: string; type: string }> | null }>;
}

export interface ApiPage {
  data: ApiResource[];
  included?: ApiResource[];
  meta: { totalItems?: number; totalPages?: number; page?: number; perPage?: number; paginationUnsupported?: boolean };
}

export interface SourceApiOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /**
   * The client-side limiter: a token bucket. The default is the platform's documented dev/test limit for query
   * endpoints (a burst of 100, then 1 request/s on average); live marketplaces allow more (`--requests-per-second`).
   */
  burst?: number;
  perSecond?: number;
  /** Called before every request (tests: to interrupt a run after N requests). */
  beforeRequest?: (count: number) => void;
}

/** Attempts of one request answered 429 or 5xx (or not at all) before the import stops (it resumes when run again). */
const ATTEMPTS = 8;

/** The platform counts at most this many results of one query; past it, a query is cut into createdAt windows. */
export const RESULT_WALL = 10_000;
const PER_PAGE = 100;

/**
 * A reader of a marketplace through its Integration API, with the official SDKs' conventions (client credentials
 * at /v1/auth/token with scope `integ`, a bearer token renewed when it expires) but in JSON, the format the APIs
 * answer besides Transit: values then arrive as plain data for this server's deciders, and this reader controls
 * every request, which the SDK does not let a caller do (the limiter, Retry-After, counting).
 */
export class SourceApi {
  private token: string | null = null;
  private tokens: number;
  private refilledAt = Date.now();
  requests = 0;
  /** 429 answers waited out, and the seconds spent waiting for them. */
  throttled = 0;
  waitedSeconds = 0;
  /** Queries the API could not page through whole (more results at one instant than it pages): for the report. */
  readonly cutShort: string[] = [];

  constructor(private readonly options: SourceApiOptions) {
    this.tokens = options.burst ?? 100;
  }

  get baseUrl(): string {
    return this.options.baseUrl.replace(/\/+$/, '');
  }

  async get(path: string, query: Record<string, string | number | undefined> = {}): Promise<any> {
    const params = new URLSearchParams(Object.entries(query).filter((e): e is [string, string | number] => e[1] !== undefined).map(([k, v]): [string, string] => [k, String(v)]));
    const url = `${this.baseUrl}/v1/integration_api/${path}${params.size > 0 ? `?${params}` : ''}`;
    for (let attempt = 1; ; attempt += 1) {
      await this.takeToken();
      this.requests += 1;
      this.options.beforeRequest?.(this.requests);
      const answer = await fetch(url, { headers: { accept: 'application/json', authorization: `Bearer ${await this.accessToken()}` } }).catch((error: Error) => error);
      if (!(answer instanceof Error) && answer.ok) return JSON.parse(await answer.text());
      if (!(answer instanceof Error) && answer.status === 401 && attempt === 1) {
        this.token = null;
        continue;
      }
      const retryable = answer instanceof Error || answer.status === 429 || answer.status >= 500;
      if (!retryable || attempt >= ATTEMPTS) throw new SourceError(answer instanceof Error ? null : answer.status, `The source answered ${answer instanceof Error ? answer.message : `${answer.status} to GET ${path}: ${await answer.text()}`}`);
      const wait = answer instanceof Error ? null : retryAfterMs(answer.headers.get('retry-after'));
      if (!(answer instanceof Error) && answer.status === 429) this.throttled += 1;
      const ms = wait ?? backoffDelay(attempt, 500, 30_000);
      this.waitedSeconds += ms / 1000;
      await sleep(ms);
    }
  }

  /** A query the source may refuse as out of its range (400): null then. */
  async getUnlessRefused(path: string, query: Record<string, string | number | undefined>): Promise<ApiPage | null> {
    try {
      return await this.get(path, query);
    } catch (error) {
      if (error instanceof SourceError && error.status === 400) return null;
      throw error;
    }
  }

  /** Every resource of a query, page by page; a query with more than the platform counts is cut into createdAt windows. */
  async *all(path: string, query: Record<string, string | number | undefined> = {}, window?: { start: Date; end: Date }): AsyncGenerator<ApiPage> {
    const bounds = window ? { createdAtStart: window.start.toISOString(), createdAtEnd: window.end.toISOString() } : {};
    const first: ApiPage = await this.get(path, { ...query, ...bounds, page: 1, perPage: PER_PAGE });
    if ((first.meta.totalItems ?? 0) > RESULT_WALL) {
      const start = window?.start ?? new Date('2010-01-01T00:00:00Z');
      const end = window?.end ?? new Date(Date.now() + 86_400_000);
      const middle = new Date((start.getTime() + end.getTime()) / 2);
      // Two halves, oldest first: each holds fewer, and a window of one instant cannot be cut further.
      if (middle.getTime() > start.getTime()) {
        yield* this.all(path, query, { start, end: middle });
        yield* this.all(path, query, { start: middle, end });
        return;
      }
    }
    if ((first.meta.totalItems ?? 0) > RESULT_WALL) this.cutShort.push(`${(first.meta.totalItems ?? 0) - RESULT_WALL} result(s) of ${path} created at ${window?.start.toISOString()}: past the ${RESULT_WALL} one query pages through`);
    yield first;
    for (let page = 2; page <= Math.min(first.meta.totalPages ?? 1, RESULT_WALL / PER_PAGE); page += 1) yield await this.get(path, { ...query, ...bounds, page, perPage: PER_PAGE });
  }

  /** A file behind one of the source's URLs (an image variant, an asset): bytes and type. */
  async download(url: string): Promise<{ data: Buffer; contentType: string } | null> {
    for (let attempt = 1; ; attempt += 1) {
      const answer = await fetch(url).catch((error: Error) => error);
      if (!(answer instanceof Error) && answer.ok) return { data: Buffer.from(await answer.arrayBuffer()), contentType: answer.headers.get('content-type') ?? 'application/octet-stream' };
      if (!(answer instanceof Error) && answer.status === 404) return null;
      if (attempt >= ATTEMPTS) throw new Error(`Could not download ${url}: ${answer instanceof Error ? answer.message : answer.status}`);
      await sleep(retryAfterMs(answer instanceof Error ? null : answer.headers.get('retry-after')) ?? backoffDelay(attempt, 500, 30_000));
    }
  }

  private async accessToken(): Promise<string> {
    if (this.token) return this.token;
    const body = new URLSearchParams({ client_id: this.options.clientId, client_secret: this.options.clientSecret, grant_type: 'client_credentials', scope: 'integ' });
    const answer = await fetch(`${this.baseUrl}/v1/auth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, body });
    if (!answer.ok) throw new Error(`The source refused the client credentials (${answer.status}): check --client-id and --client-secret (an Integration API application).`);
    this.token = (JSON.parse(await answer.text()) as { access_token: string }).access_token;
    return this.token;
  }

  private async takeToken(): Promise<void> {
    const perSecond = this.options.perSecond ?? 1;
    const burst = this.options.burst ?? 100;
    for (;;) {
      const now = Date.now();
      this.tokens = Math.min(burst, this.tokens + ((now - this.refilledAt) / 1000) * perSecond);
      this.refilledAt = now;
      if (this.tokens >= 1) {
        this.tokens -= 1;
        return;
      }
      await sleep(Math.ceil(((1 - this.tokens) / perSecond) * 1000));
    }
  }
}

export class SourceError extends Error {
  constructor(
    readonly status: number | null,
    message: string,
  ) {
    super(message);
  }
}

/** Retry-After in seconds or as an HTTP date; null when absent or unreadable. */
const retryAfterMs = (value: string | null): number | null => {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
};
