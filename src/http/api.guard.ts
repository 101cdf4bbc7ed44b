import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ACCESS_REQUIREMENTS, AccessRequirement } from './access';
import { ApiAuthorization } from './api-authorization';
import { ENDPOINT, EndpointSpec } from './endpoint.decorators';

/**
 * Nest's door to the data-API endpoints it still routes (those whose handlers take more than @Api(): the request,
 * the reply, a path parameter): the same ApiAuthorization the directly answered routes use.
 */
@Injectable()
export class ApiGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly authorization: ApiAuthorization,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const spec = this.reflector.get<EndpointSpec | undefined>(ENDPOINT, context.getHandler());
    if (!spec) return true;
    const http = context.switchToHttp();
    const requirements = this.reflector.get<AccessRequirement[] | undefined>(ACCESS_REQUIREMENTS, context.getHandler()) ?? [];
    await this.authorization.authorize(spec, requirements, http.getRequest<FastifyRequest>(), http.getResponse<FastifyReply>());
    return true;
  }
}
