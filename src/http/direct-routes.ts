import { EXCEPTION_FILTERS_METADATA, GUARDS_METADATA, HTTP_CODE_METADATA, INTERCEPTORS_METADATA, PIPES_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import type { ModulesContainer } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { ACCESS_REQUIREMENTS, type AccessRequirement } from './access';
import type { ApiAuthorization } from './api-authorization';
import { type ApiRequest, isApiParameter } from './api-request';
import type { EndpointSpec } from './endpoint.decorators';
import { sendApiError } from './error.filter';
import { type DeclaredRoute, declaredRoutes } from './openapi/declared-routes';

type ApiHandler = (api: ApiRequest) => unknown;

/**
 * Data-API endpoints answered by Fastify directly, not through Nest's router. Nest's execution context (its guard
 * and param pipeline, the promise chain, the exception zone) costs per request about what bare Fastify's whole
 * request costs (docs/performance.md, "The request path of a small read"); an endpoint whose handler takes only
 * `@Api()` needs none of it: the route runs ApiAuthorization as a plain call, the same handler on the same
 * controller instance, and answers errors with the same sendApiError as Nest's filter. Everything else about the
 * route (its URL, Fastify's hooks: rate limits, CORS, security headers, metrics) is unchanged, because the route is
 * still the one Nest registers: only its handler is swapped as Fastify registers it.
 *
 * Handlers that take the request, the reply or a path parameter, or that declare their own guards, pipes,
 * interceptors, filters or a status other than 200, stay on Nest's router (ApiGuard).
 *
 * Install after the Nest application is created (its controllers exist) and before `init()` (which registers the
 * routes). Returns the `METHOD /path` keys of the routes answered directly.
 */
export const answerDirectly = (fastify: FastifyInstance, modules: ModulesContainer, authorization: ApiAuthorization): ReadonlySet<string> => {
  const handlers = new Map<string, RouteHandlerMethod>();
  for (const route of declaredRoutes(modules)) {
    if (!route.spec || !takesOnlyApi(route)) continue;
    const requirements = (Reflect.getMetadata(ACCESS_REQUIREMENTS, handlerOf(route)) as AccessRequirement[] | undefined) ?? [];
    const handler = handlerOf(route).bind(route.controller.instance) as ApiHandler;
    handlers.set(`${route.method} ${route.path}`, directHandler(route.spec, requirements, handler, authorization));
  }
  fastify.addHook('onRoute', (options) => {
    const direct = typeof options.method === 'string' ? handlers.get(`${options.method} ${options.url}`) : undefined;
    if (direct) options.handler = direct;
  });
  return new Set(handlers.keys());
};

const directHandler =
  (spec: EndpointSpec, requirements: readonly AccessRequirement[], handler: ApiHandler, authorization: ApiAuthorization): RouteHandlerMethod =>
  async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      const answer = await handler(await authorization.authorize(spec, requirements, request, reply));
      return reply.send(answer);
    } catch (exception) {
      sendApiError(exception, request, reply);
      return reply;
    }
  };

const handlerOf = (route: DeclaredRoute): ((...args: unknown[]) => unknown) =>
  (route.controller.type.prototype as Record<string, (...args: unknown[]) => unknown>)[route.controller.method];

/** Exactly one parameter, `@Api()`, and nothing else Nest would run around the handler. */
const takesOnlyApi = (route: DeclaredRoute): boolean => {
  const { type, method } = route.controller;
  const handler = handlerOf(route);
  const parameters = Object.values((Reflect.getMetadata(ROUTE_ARGS_METADATA, type, method) ?? {}) as Record<string, { index: number; factory?: unknown }>);
  if (handler.length !== 1 || parameters.length !== 1 || parameters[0].index !== 0 || !isApiParameter(parameters[0].factory)) return false;
  const status = Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined;
  if (status !== undefined && status !== 200) return false;
  const around = [GUARDS_METADATA, PIPES_METADATA, INTERCEPTORS_METADATA, EXCEPTION_FILTERS_METADATA];
  return !around.some((key) => Reflect.getMetadata(key, handler) !== undefined || Reflect.getMetadata(key, type) !== undefined);
};
