import { assetShapes } from '../assets/domain/asset-tree.shapes';
import { sessionShapes } from '../auth/domain/session.shapes';
import { availabilityShapes } from '../availability/domain/availability.shapes';
import type { ScheduledJobEvent } from '../event-sourcing/scheduled-job';
import { fileShapes } from '../files/domain/file.shapes';
import { imageShapes } from '../images/domain/image.shapes';
import { listingShapes } from '../listings/domain/listing.shapes';
import { marketplaceShapes } from '../marketplaces/domain/marketplace.shapes';
import { paymentShapes } from '../payments/domain/payment.shapes';
import { searchSchemaShapes } from '../search-schemas/domain/search-schema.shapes';
import { ContextShapes, EventShapes, firstShape } from '../shared/event-shapes';
import { stockShapes } from '../stock/domain/stock.shapes';
import { transactionShapes } from '../transactions/domain/transaction.shapes';
import { userShapes } from '../users/domain/user.shapes';
import { webhookShapes } from '../webhooks/domain/webhook.shapes';

/** The scheduler's job streams (src/event-sourcing/scheduled-job.ts), which belong to no context. */
const jobShapes: ContextShapes<ScheduledJobEvent['type']> = { 'job/scheduled': firstShape, 'job/cancelled': firstShape, 'job/ran': firstShape, 'job/failed': firstShape };

/**
 * Every event type this release writes, with its shape version and the upcasters from older ones: each context
 * declares its own (`src/<ctx>/domain/<ctx>.shapes.ts`), typed by its event union so that a new event type cannot be
 * left out. A new context adds its shapes here, as it adds its projection to projections/registry.ts.
 */
export const ALL_EVENT_SHAPES = new EventShapes([
  marketplaceShapes,
  userShapes,
  sessionShapes,
  listingShapes,
  imageShapes,
  assetShapes,
  fileShapes,
  availabilityShapes,
  stockShapes,
  transactionShapes,
  paymentShapes,
  searchSchemaShapes,
  webhookShapes,
  jobShapes,
]);
