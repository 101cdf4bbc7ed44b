import { applyDecorators, Get, HttpCode, Post, SetMetadata } from '@nestjs/common';
import type { Scope } from '../auth/auth-context';
import type { ParamsClass } from './openapi/dto-schema';
import type { ResourceSchema } from './openapi/resource-schema';
import { NoParams } from './validation';

export const ENDPOINT = 'api-endpoint';

/**
 * An endpoint's declaration: the guard authenticates and validates by it, and the API description
 * (GET /v1/openapi.json) is made from it, so what is described is what is checked.
 */
export interface EndpointSpec {
  kind: 'query' | 'command';
  scopes: readonly Scope[];
  /** Query endpoints that page their results. */
  paginated: boolean;
  /** The class that validates the endpoint's own query parameters (NoParams when it takes none). */
  query: ParamsClass;
  /** The class that validates a command's body; `multipart` for a file part the handler reads as a stream. */
  body?: ParamsClass | 'multipart';
  /**
   * Query parameters with these prefixes are extended-data filters (`pub_size`), checked by the handler against
   * the marketplace's search schemas rather than by `query`.
   */
  filterPrefixes?: readonly string[];
  /**
   * A faster reader of `query`'s parameters that falls back to `validateParams` with `query` for anything it does
   * not take as valid (events/query: what a poller sends on every request).
   */
  readQuery?: (query: Record<string, string>) => object;
  /** Parameters `query` does not name are ignored rather than refused (the public listing query: see there). */
  ignoresUnknownQuery?: boolean;
  /** Answers server-sent events (text/event-stream) instead of an envelope: each event's `data` is `returns`, as JSON. */
  eventStream?: boolean;
  /** A query whose `data` is a list, without pagination (events/query pages by sequence id). */
  list?: boolean;
  /** What `data` holds: one resource of this schema, or a list of them (`[schema]`). */
  returns?: ResourceSchema | readonly [ResourceSchema];
  /** `returns` by path, for an endpoint with two names whose resource is named after the path (`pay_*`, `stripe_*`). */
  returnsByPath?: Readonly<Record<string, ResourceSchema>>;
  /** One line for the API reference. */
  summary?: string;
}

export type QueryOptions = Partial<Omit<EndpointSpec, 'kind' | 'scopes' | 'body'>>;
/** A command always declares its body (`NoParams` when it takes none): what it accepts is never left undescribed. */
export type CommandOptions = Partial<Pick<EndpointSpec, 'query' | 'returns' | 'returnsByPath' | 'summary'>> & Pick<Required<EndpointSpec>, 'body'>;

export const ANY_MARKETPLACE_TOKEN: readonly Scope[] = ['public-read', 'user', 'trusted:user'];
export const USER_TOKEN: readonly Scope[] = ['user', 'trusted:user'];
export const TRUSTED_USER_TOKEN: readonly Scope[] = ['trusted:user'];
export const INTEGRATION_TOKEN: readonly Scope[] = ['integ'];

/** A GET endpoint of a data API: authenticated by the guard, answered in Transit or JSON (the guard sets the reply's encoder). */
export const ApiQuery = (path: string | string[], scopes: readonly Scope[], options: QueryOptions = {}) =>
  applyDecorators(
    Get(path),
    SetMetadata(ENDPOINT, { ...options, kind: 'query', scopes, paginated: options.paginated ?? false, query: options.query ?? NoParams } satisfies EndpointSpec),
  );

/** A POST command of a data API: answers 200 (never 201) with a reference unless `expand=true`. */
export const ApiCommand = (path: string | string[], scopes: readonly Scope[], options: CommandOptions) =>
  applyDecorators(
    Post(path),
    HttpCode(200),
    SetMetadata(ENDPOINT, { ...options, kind: 'command', scopes, paginated: false, query: options.query ?? NoParams } satisfies EndpointSpec),
  );
