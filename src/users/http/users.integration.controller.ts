import { Controller, Inject } from '@nestjs/common';
import { INTEGRATION_USER_SCHEMA } from './user.schemas';
import { CommandBus } from '@nestjs/cqrs';
import { Api, ApiRequest, commandContextOf } from '../../http/api-request';
import { bodyOf, queryOf } from '../../http/endpoint-params';
import { ApiCommand, ApiQuery, INTEGRATION_TOKEN } from '../../http/endpoint.decorators';
import { Responder } from '../../http/responder';
import { CLOCK, type Clock } from '../../shared/clock';
import { VerifyEmailCommand } from '../commands/account.handlers';
import { UserCommandMessage } from '../commands/user-command.handler';
import type { UserCommand } from '../domain/user.decider';
import { UserResources } from '../user-resources';
import { QueryBus } from '@nestjs/cqrs';
import { paginationMeta } from '../../http/common-params';
import type { QueryResult } from '../../read-models/document-store.port';
import type { SchemaScope } from '../../search-schemas/domain/search-schema';
import { extendedDataConditions, isExtendedDataParam, sortKeys, EXTENDED_DATA_PREFIXES } from '../../search-schemas/extended-data-filters';
import { SearchSchemas } from '../../search-schemas/search-schemas';
import { invalidValue } from '../../shared/api-error';
import { integrationUser, StoredUser } from '../domain/user.views';
import { QueryUsersQuery } from '../queries/query-users.query';
import { QueryUsersParams, ShowUserByIdOrEmailQuery, UpdatePermissionsBody, UpdateUserProfileBody, UserIdBody, VerifyUserEmailBody } from './user.dto';

const USER_SCOPES: readonly SchemaScope[] = ['public', 'metadata', 'private', 'protected'];
/** Past this many matches a filtered or sorted query's pages are capped, as on the platform. */
const MAX_MATCHES = 10_000;
const toIso = (t: string | undefined) => (t === undefined ? undefined : new Date(t).toISOString());

/** Integration API: every attribute of every user of the marketplace, and the operator's commands on them. */
@Controller('v1/integration_api/users')
export class UsersIntegrationController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly schemas: SearchSchemas,
    private readonly users: UserResources,
    private readonly respond: Responder,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @ApiQuery('show', INTEGRATION_TOKEN, { query: ShowUserByIdOrEmailQuery, returns: INTEGRATION_USER_SCHEMA })
  async show(@Api() api: ApiRequest) {
    const q = queryOf(api, ShowUserByIdOrEmailQuery);
    return this.respond.one(api, await this.users.integrationUser(api.auth.marketplaceId, q.id !== undefined ? { id: q.id } : { email: q.email! }), 'user');
  }

  /**
   * Newest first by default. Extended-data filters and sort keys need a userProfile search schema. Past 10,000
   * matches of a filtered or sorted query, pages are capped (meta.paginationLimit).
   */
  @ApiQuery('query', INTEGRATION_TOKEN, { paginated: true, query: QueryUsersParams, filterPrefixes: EXTENDED_DATA_PREFIXES, returns: INTEGRATION_USER_SCHEMA })
  async query(@Api() api: ApiRequest) {
    const params = queryOf(api, QueryUsersParams);
    const schemas = await this.schemas.list(api.auth.marketplaceId, 'userProfile');
    const where = extendedDataConditions(api.query, schemas, USER_SCOPES);
    const sort = sortKeys(params.sort, schemas, USER_SCOPES);
    const { page, perPage } = api.common;
    const limited = where.length > 0 || (sort !== undefined && params.sort !== 'createdAt');
    // The last readable page is the last whole page within the first 10,000 matches (perPage need not divide it).
    if (limited && page > Math.floor(MAX_MATCHES / perPage))
      throw invalidValue(['page'], 'query', `Pages past ${Math.floor(MAX_MATCHES / perPage)} cannot be read with this query: narrow it with createdAtStart and createdAtEnd.`);
    const result = await this.queries.execute<QueryUsersQuery, QueryResult<StoredUser>>(
      new QueryUsersQuery(
        api.auth.marketplaceId,
        { createdAtStart: toIso(params.createdAtStart), createdAtEnd: toIso(params.createdAtEnd), where, sort },
        { offset: (page - 1) * perPage, limit: perPage },
      ),
    );
    const paginationLimit = limited && result.total > MAX_MATCHES ? Math.floor(MAX_MATCHES / perPage) : undefined;
    return this.respond.many(api, result.items.map(integrationUser), paginationMeta(result.total, api.common, paginationLimit));
  }

  @ApiCommand('update_profile', INTEGRATION_TOKEN, { body: UpdateUserProfileBody, returns: INTEGRATION_USER_SCHEMA })
  async updateProfile(@Api() api: ApiRequest) {
    const { id, ...update } = bodyOf(api, UpdateUserProfileBody);
    await this.users.integrationUser(api.auth.marketplaceId, { id });
    return this.run(api, id, { type: 'update-profile', update });
  }

  /** pendingApproval → active; 409 user-not-pending-approval otherwise. */
  @ApiCommand('approve', INTEGRATION_TOKEN, { body: UserIdBody, returns: INTEGRATION_USER_SCHEMA })
  async approve(@Api() api: ApiRequest) {
    const { id } = bodyOf(api, UserIdBody);
    return this.run(api, id, { type: 'approve' });
  }

  /** Omitted permissions stay as they are. */
  @ApiCommand('update_permissions', INTEGRATION_TOKEN, { body: UpdatePermissionsBody, returns: INTEGRATION_USER_SCHEMA })
  async updatePermissions(@Api() api: ApiRequest) {
    const { id, ...permissions } = bodyOf(api, UpdatePermissionsBody);
    return this.run(api, id, { type: 'update-permissions', permissions });
  }

  /** Marks the user's email, or pending email, verified; `email` must be one of them. */
  @ApiCommand('verify_email', INTEGRATION_TOKEN, { body: VerifyUserEmailBody, returns: INTEGRATION_USER_SCHEMA })
  async verifyEmail(@Api() api: ApiRequest) {
    const { id, email } = bodyOf(api, VerifyUserEmailBody);
    await this.users.integrationUser(api.auth.marketplaceId, { id });
    await this.commands.execute(new VerifyEmailCommand(commandContextOf(api, this.clock), id, { email }));
    return this.respond.command(api, await this.users.integrationUser(api.auth.marketplaceId, { id }));
  }


  private async run(api: ApiRequest, id: string, command: UserCommand) {
    await this.users.integrationUser(api.auth.marketplaceId, { id });
    await this.commands.execute(new UserCommandMessage(commandContextOf(api, this.clock), id, command));
    return this.respond.command(api, await this.users.integrationUser(api.auth.marketplaceId, { id }));
  }
}
