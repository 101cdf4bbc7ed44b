import { Controller, Inject } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Api, ApiRequest, commandContextOf } from '../../http/api-request';
import { ApiCommand, ApiQuery, INTEGRATION_TOKEN } from '../../http/endpoint.decorators';
import { Responder } from '../../http/responder';
import { validateParams } from '../../http/validation';
import { ImageDirectory } from '../../images/image-directory';
import { CLOCK } from '../../infrastructure/tokens';
import type { Clock } from '../../shared/clock';
import { VerifyEmailCommand } from '../commands/account.handlers';
import { UserCommandMessage } from '../commands/user-command.handler';
import type { UserCommand } from '../domain/user.decider';
import { UserResources } from '../user-resources';
import { NoParams, ShowUserByIdOrEmailQuery, UpdatePermissionsBody, UpdateUserProfileBody, UserIdBody, VerifyUserEmailBody } from './user.dto';

/** Integration API: every attribute of every user of the marketplace, and the operator's commands on them. */
@Controller('v1/integration_api/users')
export class UsersIntegrationController {
  constructor(
    private readonly commands: CommandBus,
    private readonly users: UserResources,
    private readonly images: ImageDirectory,
    private readonly respond: Responder,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @ApiQuery('show', INTEGRATION_TOKEN)
  async show(@Api() api: ApiRequest) {
    const q = validateParams(ShowUserByIdOrEmailQuery, api.query, 'query');
    return this.respond.one(api, await this.users.integrationUser(api.auth.marketplaceId, q.id !== undefined ? { id: q.id } : { email: q.email! }), 'user');
  }

  @ApiCommand('update_profile', INTEGRATION_TOKEN)
  async updateProfile(@Api() api: ApiRequest) {
    const { id, ...update } = this.body(api, UpdateUserProfileBody);
    await this.users.integrationUser(api.auth.marketplaceId, { id });
    if (update.profileImageId) await this.images.assertUsable(api.auth.marketplaceId, null, [update.profileImageId], ['profileImageId']);
    return this.run(api, id, { type: 'update-profile', update: { ...update, firstName: update.firstName ?? undefined, lastName: update.lastName ?? undefined } });
  }

  /** pendingApproval → active; 409 user-not-pending-approval otherwise. */
  @ApiCommand('approve', INTEGRATION_TOKEN)
  async approve(@Api() api: ApiRequest) {
    const { id } = this.body(api, UserIdBody);
    return this.run(api, id, { type: 'approve' });
  }

  /** Omitted permissions stay as they are. */
  @ApiCommand('update_permissions', INTEGRATION_TOKEN)
  async updatePermissions(@Api() api: ApiRequest) {
    const { id, ...permissions } = this.body(api, UpdatePermissionsBody);
    return this.run(api, id, { type: 'update-permissions', permissions });
  }

  /** Marks the user's email, or pending email, verified; `email` must be one of them. */
  @ApiCommand('verify_email', INTEGRATION_TOKEN)
  async verifyEmail(@Api() api: ApiRequest) {
    const { id, email } = this.body(api, VerifyUserEmailBody);
    await this.users.integrationUser(api.auth.marketplaceId, { id });
    await this.commands.execute(new VerifyEmailCommand(commandContextOf(api, this.clock), id, { email }));
    return this.respond.command(api, await this.users.integrationUser(api.auth.marketplaceId, { id }));
  }

  private body<T extends object>(api: ApiRequest, dto: new () => T): T {
    validateParams(NoParams, api.query, 'query');
    return validateParams(dto, api.body, 'body');
  }

  private async run(api: ApiRequest, id: string, command: UserCommand) {
    await this.users.integrationUser(api.auth.marketplaceId, { id });
    await this.commands.execute(new UserCommandMessage(commandContextOf(api, this.clock), id, command));
    return this.respond.command(api, await this.users.integrationUser(api.auth.marketplaceId, { id }));
  }
}
