import { createHmac, randomBytes } from 'node:crypto';
import type { CommandRunner } from '../../event-sourcing/command-runner';
import type { StreamRef } from '../../event-sourcing/stream-model';
import type { Clock } from '../../shared/clock';
import type { CommandContext } from '../../shared/command-context';
import { EmulatedState, EmulatorEvent, outcomeOf } from '../domain/emulated-object';
import { emulatorObject, generationStream, models } from './emulator-streams';

export const hex = (uuid: string) => uuid.replace(/-/g, '');
export const uuidOf = (h: string) => `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;

/** A client secret names its marketplace (the browser only has the secret): `<id>_secret_<marketplace><random>`. */
export const parseClientSecret = (secret: string): { id: string; marketplaceId: string } | null => {
  const match = /^((?:pi|seti)_[A-Za-z0-9]+)_secret_([0-9a-f]{32})[A-Za-z0-9]+$/.exec(secret);
  return match ? { id: match[1], marketplaceId: uuidOf(match[2]) } : null;
};

/**
 * How the emulator reaches its objects: ids (derived from the caller's idempotency key, so a retried call finds what
 * the first made), client secrets, the marketplace's current generation, and one decision over one object.
 */
export class EmulatorObjects {
  private readonly idKey: Buffer;

  constructor(
    private readonly runner: CommandRunner,
    private readonly clock: Clock,
    serverSecret: string,
  ) {
    // Idempotency keys derive from public values (a transaction id and a transition): an id that were a plain hash
    // of them could be computed by any user, who could then name another user's saved card. Keyed by the server's
    // secret, ids stay stable for retries and unguessable, as Stripe's random ids are.
    this.idKey = createHmac('sha256', serverSecret).update('payment-emulator-object-ids').digest();
  }

  idFor(prefix: string, call: { marketplaceId: string; idempotencyKey?: string }, purpose: string): string {
    const seed = call.idempotencyKey ? `${call.marketplaceId}|${purpose}|${call.idempotencyKey}` : randomBytes(16).toString('hex');
    return `${prefix}_${createHmac('sha256', this.idKey).update(seed).digest('base64url').replace(/[-_]/g, '').slice(0, 24)}`;
  }

  secretFor(id: string, marketplaceId: string): string {
    return `${id}_secret_${hex(marketplaceId)}${randomBytes(12).toString('hex')}`;
  }

  ctx(marketplaceId: string): CommandContext {
    return { marketplaceId, clientId: null, userId: null, adminId: null, requestId: null, source: 'source/console', now: this.clock.now() };
  }

  async generation(marketplaceId: string): Promise<number> {
    return this.runner.state(generationStream(marketplaceId));
  }

  async ref<S>(kind: keyof typeof models, marketplaceId: string, id: string): Promise<StreamRef<S, EmulatorEvent>> {
    return emulatorObject(models[kind] as never, marketplaceId, await this.generation(marketplaceId), id);
  }

  /** One decision over one object; throws the refusal it recorded, answers the object after it. */
  async one<S extends EmulatedState<any, any>>(
    kind: keyof typeof models,
    marketplaceId: string,
    id: string,
    key: string,
    decide: (s: S) => EmulatorEvent[],
  ): Promise<S> {
    const ref = await this.ref<S>(kind, marketplaceId, id);
    const outcome = await this.runner.run({ ctx: this.ctx(marketplaceId), streams: { object: ref }, decide: (s) => ({ events: { object: decide(s.object as S) } }) });
    const after = outcome.after.object as S;
    outcomeOf(after, key);
    return after;
  }

  async read<S>(kind: keyof typeof models, marketplaceId: string, id: string): Promise<S> {
    return this.runner.state(await this.ref<S>(kind, marketplaceId, id));
  }
}
