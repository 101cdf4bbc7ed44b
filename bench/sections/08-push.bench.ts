import { BenchContext, BenchResult, perStore } from '../bench-kit';
import { measureWebhookDelivery } from '../push/webhook-delivery';

/** Push delivery: signed webhooks to one fast receiver, latency and the rate of a backlog, on each store. */
export const run = (ctx: BenchContext): Promise<BenchResult[]> => perStore(ctx, async (store) => [await measureWebhookDelivery(ctx, store)]);
