import { Module } from '@nestjs/common';
import { MarketplacesModule } from '../marketplaces/marketplaces.module';
import { AssetTrees } from './asset-trees';
import { PublishAccessControlHandler } from './commands/publish-access-control.handler';
import { PublishAssetsHandler } from './commands/publish-assets.handler';
import { AssetDelivery } from './http/asset-delivery';
import { AssetDeliveryRoutes } from './http/asset-delivery.routes';
import { SitemapAssetsController } from './http/sitemap-assets.controller';
import { AssetsOperatorController } from './http/assets.operator.controller';
import { OperatorsModule } from '../operators/operators.module';

/**
 * The assets context: asset trees per marketplace (publishing, read model), the Asset Delivery API (Fastify routes
 * registered at start by AssetDeliveryRoutes, outside Nest's router), sitemap data.
 */
@Module({
  imports: [MarketplacesModule, OperatorsModule],
  controllers: [SitemapAssetsController, AssetsOperatorController],
  providers: [AssetTrees, AssetDelivery, AssetDeliveryRoutes, PublishAssetsHandler, PublishAccessControlHandler],
})
export class AssetsModule {}
