import type { CommandRunner } from '../../event-sourcing/command-runner';
import { operatorContext } from '../../shared/command-context';
import { generationStream } from './emulator-streams';

/**
 * `emulator reset`: the marketplace's emulated provider starts empty (no accounts, customers, intents, balances).
 * The old objects stay in the log under the previous generation, unreachable; the users' references to them stay,
 * so their accounts answer `pay-account-not-found` from the provider until they set up again.
 */
export const resetEmulator = async (runner: CommandRunner, marketplaceId: string, now: Date): Promise<number> => {
  const out = await runner.run({
    ctx: operatorContext(marketplaceId, now),
    streams: { generation: generationStream(marketplaceId) },
    decide: (s) => ({ events: { generation: [{ type: 'payEmulator/reset' as const, data: { generation: (s.generation as number) + 1, at: now.toISOString() } }] } }),
  });
  return out.after.generation as number;
};
