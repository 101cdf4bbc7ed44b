import { Module } from '@nestjs/common';
import { ACCESS_POLICY } from '../http/access';
import { ImagesModule } from '../images/images.module';
import { CONFIG, type Config } from '../config';
import { MarketplacesModule } from '../marketplaces/marketplaces.module';
import { UserAccessPolicy } from './http/user-access.policy';
import { AccountMails } from './account-mails';
import { AccountTokens } from './account-tokens';
import { AccountMailReactor } from './account-mail.reactor';
import { ChangeEmailHandler, SendVerificationEmailHandler, VerifyEmailHandler } from './commands/account.handlers';
import { CreateUserHandler } from './commands/create-user.handler';
import { ChangePasswordHandler, DeleteUserHandler, RequestPasswordResetHandler, ResetPasswordHandler } from './commands/password.handlers';
import { UserCommandHandler } from './commands/user-command.handler';
import { CurrentUserAccountController } from './http/current-user-account.controller';
import { CurrentUserController } from './http/current-user.controller';
import { PasswordResetController } from './http/password-reset.controller';
import { UsersIntegrationController } from './http/users.integration.controller';
import { UsersMarketplaceController } from './http/users.marketplace.controller';
import { UsersOperatorController } from './http/users.operator.controller';
import { IdentityLinks } from './identity-links';
import { Passwords } from './passwords';
import { SearchSchemasModule } from '../search-schemas/search-schemas.module';
import { FindUserHandler } from './queries/find-user.query';
import { QueryUsersHandler } from './queries/query-users.query';
import { UserCredentials } from './user-credentials';
import { UserResources } from './user-resources';
import { UsersRelationships } from './http/users.relationships';

@Module({
  imports: [MarketplacesModule, ImagesModule, SearchSchemasModule],
  controllers: [CurrentUserController, CurrentUserAccountController, PasswordResetController, UsersMarketplaceController, UsersIntegrationController, UsersOperatorController],
  providers: [
    {
      provide: Passwords,
      inject: [CONFIG],
      useFactory: (config: Config) => new Passwords({ memoryCost: config.passwordHashMemoryKib, timeCost: config.passwordHashIterations }),
    },
    { provide: ACCESS_POLICY, useClass: UserAccessPolicy },
    AccountMails,
    AccountTokens,
    AccountMailReactor,
    IdentityLinks,
    UserCredentials,
    UserResources,
    UsersRelationships,
    CreateUserHandler,
    UserCommandHandler,
    ChangeEmailHandler,
    SendVerificationEmailHandler,
    VerifyEmailHandler,
    ChangePasswordHandler,
    RequestPasswordResetHandler,
    ResetPasswordHandler,
    DeleteUserHandler,
    FindUserHandler,
    QueryUsersHandler,
  ],
  exports: [UserCredentials, Passwords, UserResources, IdentityLinks, ACCESS_POLICY],
})
export class UsersModule {}
