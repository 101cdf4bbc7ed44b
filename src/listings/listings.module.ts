import { SitemapListingsController } from './http/sitemap-listings.controller';
import { Module } from '@nestjs/common';
import { FilesModule } from '../files/files.module';
import { ImagesModule } from '../images/images.module';
import { MarketplacesModule } from '../marketplaces/marketplaces.module';
import { SearchSchemasModule } from '../search-schemas/search-schemas.module';
import { ChangeListingHandler, CreateListingHandler } from './commands/listing.handlers';
import { ListingsIntegrationController } from './http/listings.integration.controller';
import { ListingsMarketplaceController } from './http/listings.marketplace.controller';
import { OwnListingsController } from './http/own-listings.controller';
import { DeleteAuthorListingsHandler } from './commands/delete-author-listings.handler';
import { AuthorListingsReactor } from './author-listings.reactor';
import { ListingReads } from './http/listing-reads';
import { ListingLookup } from './listing-lookup';
import { ListingsRelationships } from './http/listings.relationships';
import { FindListingHandler, SearchListingsHandler, SitemapListingIdsHandler } from './queries/listing.queries';

/** Listings: own listings (Marketplace API), public listings, Integration API listings, all queries through listing search. */
@Module({
  imports: [FilesModule, MarketplacesModule, ImagesModule, SearchSchemasModule],
  controllers: [OwnListingsController, ListingsMarketplaceController, ListingsIntegrationController, SitemapListingsController],
  providers: [ListingReads, ListingLookup, ListingsRelationships, AuthorListingsReactor, CreateListingHandler, ChangeListingHandler, DeleteAuthorListingsHandler, FindListingHandler, SearchListingsHandler, SitemapListingIdsHandler],
  exports: [ListingReads, ListingLookup],
})
export class ListingsModule {}
