import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { AccessTokens } from '../auth/access-tokens';
import { OPERATOR_SESSION_CHECK, OperatorSessionCheck } from '../auth/operator-session-check';
import { CONFIG, type Config } from '../config';
import { apiError } from '../shared/api-error';
import { isUuid } from '../shared/values';
import { ACCESS_POLICY, AccessPolicy, AccessRequirement } from './access';
import type { ApiRequest } from './api-request';
import { publicBaseUrlOf } from './base-url';
import { parseCommonParams, RawQuery } from './common-params';
import type { EndpointSpec } from './endpoint.decorators';
import { validateEndpointParams } from './endpoint-params';
import { tellReadModelsBehind } from './read-models-behind';
import { encodeRepliesOf } from './wire-format';

/**
 * What every data-API request goes through before its handler, as a plain method: authenticates by the endpoint's
 * declared scopes (401 only for a missing, bad or expired token: the SDKs refresh on 401 and nothing else; 403 for
 * a valid token without the scope), checks the access policy, parses the shared query conventions, validates the
 * endpoint's own parameters, and has the reply encode what the handler returns in the request's format (Transit
 * or JSON). Used by Nest's guard (ApiGuard) and by the routes Fastify answers directly (src/http/direct-routes.ts).
 */
@Injectable()
export class ApiAuthorization {
  constructor(
    private readonly tokens: AccessTokens,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(ACCESS_POLICY) private readonly access: AccessPolicy,
    @Inject(OPERATOR_SESSION_CHECK) private readonly operatorSessions: OperatorSessionCheck,
  ) {}

  async authorize(spec: EndpointSpec, requirements: readonly AccessRequirement[], request: FastifyRequest, reply: FastifyReply): Promise<ApiRequest> {
    const requestIdHeader = request.headers['x-request-id'];
    const requestId = isUuid(requestIdHeader) ? requestIdHeader : randomUUID();
    const auth = await this.tokens.verifyHeader(request.headers.authorization, requestId);
    if (auth.operatorId) await this.operatorSessions.assertLive(auth);
    if (!spec.scopes.includes(auth.scope))
      throw apiError(403, 'forbidden', `This endpoint needs a token with scope ${spec.scopes.join(' or ')}.`);
    await this.access.check(auth, requirements);
    const { common, own } = parseCommonParams((request.query ?? {}) as RawQuery, {
      paginated: spec.paginated,
      command: spec.kind === 'command',
    });
    encodeRepliesOf(reply, request);
    const params = validateEndpointParams(spec, own, request.body);
    if (spec.kind === 'command') tellReadModelsBehind(requestId, reply);
    request.api = { auth, common, query: own, body: request.body, params, baseUrl: publicBaseUrlOf(request, this.config.publicBaseUrl) };
    return request.api;
  }
}
