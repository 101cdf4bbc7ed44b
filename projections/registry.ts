import { availabilityProjection } from '../src/availability/availability.projection';
import { stockProjection } from '../src/stock/stock.projection';
import { fileAttachmentsProjection } from '../src/files/file-attachments.projection';
import { assetsProjection } from '../src/assets/assets.projection';
import { filesProjection } from '../src/files/files.projection';
import { imagesProjection } from '../src/images/images.projection';
import { listingsProjection } from '../src/listings/listings.projection';
import { marketplacesProjection } from '../src/marketplaces/marketplaces.projection';
import { listingSearchProjection } from '../src/search/listing-search.projection';
import { searchSchemasProjection } from '../src/search-schemas/search-schemas.projection';
import { scheduledJobsProjection } from '../src/event-sourcing/scheduled-jobs.projection';
import type { Projection } from '../src/event-sourcing/projection';
import { usersProjection } from '../src/users/users.projection';
import { webhooksProjection } from '../src/webhooks/webhooks.projection';
import { transactionsProjection } from '../src/transactions/transactions.projection';

/** Every read-model projection of the service. A new read model is added here and rebuilt from the log. */
export const ALL_PROJECTIONS: readonly Projection[] = [marketplacesProjection, usersProjection, imagesProjection, filesProjection, searchSchemasProjection, assetsProjection, listingsProjection, listingSearchProjection, scheduledJobsProjection, availabilityProjection, stockProjection, transactionsProjection, fileAttachmentsProjection, webhooksProjection];
