import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { AccessTokens } from '../auth/access-tokens';
import { CONFIG, type Config } from '../config';
import { apiError } from '../shared/api-error';
import { isUuid } from '../shared/values';
import { publicBaseUrlOf } from './base-url';
import { parseCommonParams, RawQuery } from './common-params';
import { ACCESS_POLICY, ACCESS_REQUIREMENTS, AccessPolicy, AccessRequirement } from './access';
import { ENDPOINT, EndpointSpec } from './endpoint.decorators';
import { validateEndpointParams } from './endpoint-params';
import { OPERATOR_SESSION_CHECK, OperatorSessionCheck } from '../auth/operator-session-check';
import { encodeRepliesOf } from './wire-format';

/**
 * Authenticates every data-API endpoint by its declared scopes: 401 only for a missing, bad or expired token
 * (the SDKs refresh on 401 and nothing else), 403 for a valid token without the scope. Then parses the
 * shared query conventions, so controllers receive them ready, and has the reply encode what they return in the
 * request's format (Transit or JSON).
 */
@Injectable()
export class ApiGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: AccessTokens,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(ACCESS_POLICY) private readonly access: AccessPolicy,
    @Inject(OPERATOR_SESSION_CHECK) private readonly operatorSessions: OperatorSessionCheck,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const spec = this.reflector.get<EndpointSpec | undefined>(ENDPOINT, context.getHandler());
    if (!spec) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const requestIdHeader = request.headers['x-request-id'];
    const requestId = isUuid(requestIdHeader) ? requestIdHeader : randomUUID();
    const auth = await this.tokens.verifyHeader(request.headers.authorization, requestId);
    if (auth.operatorId) await this.operatorSessions.assertLive(auth);
    if (!spec.scopes.includes(auth.scope))
      throw apiError(403, 'forbidden', `This endpoint needs a token with scope ${spec.scopes.join(' or ')}.`);
    await this.access.check(auth, this.reflector.get<AccessRequirement[] | undefined>(ACCESS_REQUIREMENTS, context.getHandler()) ?? []);
    const { common, own } = parseCommonParams((request.query ?? {}) as RawQuery, {
      paginated: spec.paginated,
      command: spec.kind === 'command',
    });
    encodeRepliesOf(context.switchToHttp().getResponse<FastifyReply>(), request);
    const params = validateEndpointParams(spec, own, request.body);
    request.api = { auth, common, query: own, body: request.body, params, baseUrl: publicBaseUrlOf(request, this.config.publicBaseUrl) };
    return true;
  }
}
