import { Module } from '@nestjs/common';
import { MarketplacesModule } from '../marketplaces/marketplaces.module';
import { AssetTrees } from './asset-trees';
import { PublishAccessControlHandler } from './commands/publish-access-control.handler';
import { PublishAssetsHandler } from './commands/publish-assets.handler';
import { AssetDelivery } from './http/asset-delivery';
import { AssetDeliveryController } from './http/asset-delivery.controller';
import { SitemapAssetsController } from './http/sitemap-assets.controller';

/** The assets context: asset trees per marketplace (publishing, read model), the Asset Delivery API, sitemap data. */
@Module({
  imports: [MarketplacesModule],
  controllers: [AssetDeliveryController, SitemapAssetsController],
  providers: [AssetTrees, AssetDelivery, PublishAssetsHandler, PublishAccessControlHandler],
})
export class AssetsModule {}
