import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../auth/auth-context';
import type { CommandContext } from '../shared/command-context';
import type { EventSource } from '../event-store/event-store.port';
import type { Clock } from '../shared/clock';
import type { CommonParams } from './common-params';
import type { ParamsClass } from './openapi/dto-schema';

/** The endpoint's own parameters, validated by the classes its decorator declares (src/http/endpoint-params.ts). */
export interface ValidParams {
  query: object;
  body: object | undefined;
  declared: { query: ParamsClass; body: ParamsClass | undefined };
}

/** What the guard established about a data-API request, handed to controllers with @Api(). */
export interface ApiRequest {
  auth: AuthContext;
  common: CommonParams;
  /** The endpoint's own query parameters (common ones removed). */
  query: Record<string, string>;
  body: unknown;
  /** The query and body validated by the endpoint's declared classes: read them with queryOf / bodyOf. */
  params?: ValidParams;
  /** Origin for links in the response (image variant URLs): PUBLIC_BASE_URL, else where the request was sent. */
  baseUrl?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    api?: ApiRequest;
  }
}

const apiOfContext = (_data: unknown, ctx: ExecutionContext): ApiRequest => ctx.switchToHttp().getRequest<FastifyRequest>().api!;

/** What the guard established, as a handler's parameter. */
export const Api = createParamDecorator(apiOfContext);

/** Whether a parameter decorator's factory (Nest's route-argument metadata) is @Api()'s. */
export const isApiParameter = (factory: unknown): boolean => factory === apiOfContext;

const SOURCES: Record<string, EventSource> = { 'integ': 'source/integration-api' };

/**
 * The command context of a data-API request: its marketplace, actor and API become the events' audit data. What
 * the console does names its operator as the admin, with the console as the source, as the platform's Console does.
 */
export const commandContextOf = (api: ApiRequest, clock: Clock): CommandContext =>
  api.auth.operatorId
    ? { marketplaceId: api.auth.marketplaceId, clientId: null, userId: null, adminId: api.auth.operatorId, requestId: api.auth.requestId, source: 'source/console', now: clock.now() }
    : {
        marketplaceId: api.auth.marketplaceId,
        clientId: api.auth.clientId,
        userId: api.auth.userId,
        adminId: null,
        requestId: api.auth.requestId,
        source: SOURCES[api.auth.scope] ?? 'source/marketplace-api',
        now: clock.now(),
      };
