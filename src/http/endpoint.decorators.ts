import { applyDecorators, Get, HttpCode, Post, SetMetadata } from '@nestjs/common';
import type { Scope } from '../auth/auth-context';

export const ENDPOINT = 'api-endpoint';

export interface EndpointSpec {
  kind: 'query' | 'command';
  scopes: readonly Scope[];
  /** Query endpoints that page their results. */
  paginated: boolean;
}

export const ANY_MARKETPLACE_TOKEN: readonly Scope[] = ['public-read', 'user', 'trusted:user'];
export const USER_TOKEN: readonly Scope[] = ['user', 'trusted:user'];
export const TRUSTED_USER_TOKEN: readonly Scope[] = ['trusted:user'];
export const INTEGRATION_TOKEN: readonly Scope[] = ['integ'];

/** A GET endpoint of a data API: authenticated by the guard, answered in Transit or JSON (the guard sets the reply's encoder). */
export const ApiQuery = (path: string | string[], scopes: readonly Scope[], options: { paginated?: boolean } = {}) =>
  applyDecorators(Get(path), SetMetadata(ENDPOINT, { kind: 'query', scopes, paginated: options.paginated ?? false }));

/** A POST command of a data API: answers 200 (never 201) with a reference unless `expand=true`. */
export const ApiCommand = (path: string | string[], scopes: readonly Scope[]) =>
  applyDecorators(Post(path), HttpCode(200), SetMetadata(ENDPOINT, { kind: 'command', scopes, paginated: false }));
