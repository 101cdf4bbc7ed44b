import { Controller, Inject } from '@nestjs/common';
import { CURRENT_USER_SCHEMA } from './user.schemas';
import { CommandBus } from '@nestjs/cqrs';
import { Api, ApiRequest, commandContextOf } from '../../http/api-request';
import { bodyOf } from '../../http/endpoint-params';
import { ANY_MARKETPLACE_TOKEN, ApiCommand, ApiQuery, USER_TOKEN } from '../../http/endpoint.decorators';
import { Responder } from '../../http/responder';
import { CLOCK, type Clock } from '../../shared/clock';
import { CreateUserCommand } from '../commands/create-user.handler';
import { UserCommandMessage } from '../commands/user-command.handler';
import { UserResources } from '../user-resources';
import { IdentityProviders } from '../../marketplaces/identity-providers';
import { missingKey } from '../../shared/api-error';
import { normalizeEmail } from '../domain/user.state';
import { SignUpBody, SignUpWithIdpBody, UpdateOwnProfileBody } from './user.dto';

/** Marketplace API: signing up and the authenticated user's own profile. */
@Controller('v1/api/current_user')
export class CurrentUserController {
  constructor(
    private readonly commands: CommandBus,
    private readonly users: UserResources,
    private readonly identityProviders: IdentityProviders,
    private readonly respond: Responder,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @ApiQuery('show', USER_TOKEN, { returns: CURRENT_USER_SCHEMA })
  async show(@Api() api: ApiRequest) {
    return this.respond.one(api, await this.users.currentUser(api.auth.marketplaceId, api.auth.userId!), 'user');
  }

  /** Sign-up needs no user, only the marketplace's anonymous token. */
  @ApiCommand('create', ANY_MARKETPLACE_TOKEN, { body: SignUpBody, returns: CURRENT_USER_SCHEMA })
  async create(@Api() api: ApiRequest) {
    const body = bodyOf(api, SignUpBody);
    const userId = await this.commands.execute(
      new CreateUserCommand(commandContextOf(api, this.clock), body),
    );
    return this.respond.command(api, await this.users.currentUser(api.auth.marketplaceId, userId));
  }

  /**
   * Sign-up with an identity provider's token: the account is linked to the provider account; the email counts as
   * verified when the provider vouches for that same address. Names and email default to the token's claims.
   */
  @ApiCommand('create_with_idp', ANY_MARKETPLACE_TOKEN, { body: SignUpWithIdpBody, returns: CURRENT_USER_SCHEMA })
  async createWithIdp(@Api() api: ApiRequest) {
    const { idpId, idpClientId, idpToken, ...body } = bodyOf(api, SignUpWithIdpBody);
    const identity = await this.identityProviders.verify(api.auth.marketplaceId, idpId, idpClientId, idpToken, (key) => [key]);
    const email = body.email ?? identity.email;
    const firstName = body.firstName ?? identity.givenName;
    const lastName = body.lastName ?? identity.familyName;
    if (!email) throw missingKey(['email'], 'body', 'The identity provider gave no email: email is required.');
    if (!firstName) throw missingKey(['firstName'], 'body', 'The identity provider gave no first name: firstName is required.');
    if (!lastName) throw missingKey(['lastName'], 'body', 'The identity provider gave no last name: lastName is required.');
    const userId = await this.commands.execute(
      new CreateUserCommand(commandContextOf(api, this.clock), {
        ...body,
        email,
        firstName,
        lastName,
        identityProvider: { idpId, userId: identity.subject },
        emailVerified: identity.emailVerified && identity.email !== null && normalizeEmail(identity.email) === normalizeEmail(email),
      }),
    );
    return this.respond.command(api, await this.users.currentUser(api.auth.marketplaceId, userId));
  }

  @ApiCommand('update_profile', USER_TOKEN, { body: UpdateOwnProfileBody, returns: CURRENT_USER_SCHEMA })
  async updateProfile(@Api() api: ApiRequest) {
    const body = bodyOf(api, UpdateOwnProfileBody);
    const userId = api.auth.userId!;
    await this.commands.execute(
      new UserCommandMessage(commandContextOf(api, this.clock), userId, {
        type: 'update-profile',
        update: body,
      }),
    );
    return this.respond.command(api, await this.users.currentUser(api.auth.marketplaceId, userId));
  }
}
