import { Module } from '@nestjs/common';
import { ApiClientDirectory } from './api-client-directory';
import { CreateMarketplaceHandler } from './commands/create-marketplace.handler';
import { MarketplaceController } from './http/marketplace.controller';
import { MarketplaceDirectory } from './marketplace-directory';

@Module({
  controllers: [MarketplaceController],
  providers: [ApiClientDirectory, MarketplaceDirectory, CreateMarketplaceHandler],
  exports: [ApiClientDirectory, MarketplaceDirectory],
})
export class MarketplacesModule {}
