import type { BenchContext, BenchResult } from '../bench-kit';
import { measureLongStreams } from '../streams/long-streams';

/**
 * Cost flat in stream length: update_profile by users with 10,000 events each against users with a handful, in
 * the same run (the ratio is long / short; the target is within 10%).
 */
export const run = async (ctx: BenchContext): Promise<BenchResult[]> => [await measureLongStreams(ctx)];
