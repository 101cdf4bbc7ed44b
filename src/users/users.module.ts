import { Module } from '@nestjs/common';
import type { Config } from '../config';
import { CONFIG } from '../infrastructure/tokens';
import { MarketplacesModule } from '../marketplaces/marketplaces.module';
import { CreateUserHandler } from './commands/create-user.handler';
import { UpdateProfileHandler } from './commands/update-profile.handler';
import { CurrentUserController } from './http/current-user.controller';
import { UsersIntegrationController } from './http/users.integration.controller';
import { UsersMarketplaceController } from './http/users.marketplace.controller';
import { Passwords } from './passwords';
import { FindUserHandler } from './queries/find-user.query';
import { UserCredentials } from './user-credentials';
import { UsersRelationships } from './users.relationships';

@Module({
  imports: [MarketplacesModule],
  controllers: [CurrentUserController, UsersMarketplaceController, UsersIntegrationController],
  providers: [
    {
      provide: Passwords,
      inject: [CONFIG],
      useFactory: (config: Config) => new Passwords({ memoryCost: config.passwordHashMemoryKib, timeCost: config.passwordHashIterations }),
    },
    UserCredentials,
    UsersRelationships,
    CreateUserHandler,
    UpdateProfileHandler,
    FindUserHandler,
  ],
  exports: [UserCredentials, Passwords],
})
export class UsersModule {}

