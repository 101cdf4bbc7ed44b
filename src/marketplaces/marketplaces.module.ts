import { Module } from '@nestjs/common';
import { ApiClientDirectory } from './api-client-directory';
import { CreateMarketplaceHandler } from './commands/create-marketplace.handler';
import { IssueClientSecretHandler } from './commands/issue-client-secret.handler';
import { UpdateMarketplaceHandler } from './commands/update-marketplace.handler';
import { IdentityProviders } from './identity-providers';
import { MarketplaceController } from './http/marketplace.controller';
import { MarketplaceDirectory } from './marketplace-directory';

@Module({
  controllers: [MarketplaceController],
  providers: [ApiClientDirectory, MarketplaceDirectory, IdentityProviders, CreateMarketplaceHandler, UpdateMarketplaceHandler, IssueClientSecretHandler],
  exports: [ApiClientDirectory, MarketplaceDirectory, IdentityProviders],
})
export class MarketplacesModule {}
