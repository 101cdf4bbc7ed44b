import { randomUUID } from 'node:crypto';
import type { NewEvent, StreamAppend } from '../../src/event-store/event-store.port';
import { imageStream } from '../../src/images/image-streams';
import { listingDecider, ListingCommand } from '../../src/listings/domain/listing.decider';
import type { ListingState } from '../../src/listings/domain/listing.state';
import { listingStream } from '../../src/listings/listing-streams';
import type { CommandContext } from '../../src/shared/command-context';
import { fold } from '../../src/shared/decider';
import { guardDecider } from '../../src/users/domain/email-guard';
import { userDecider, UserCommand } from '../../src/users/domain/user.decider';
import type { UserState } from '../../src/users/domain/user.state';
import { emailGuard, userStream } from '../../src/users/user-streams';
import { generateListing, random, vocabulary } from '../listings/marketplace-generator';

/**
 * A marketplace's log as its commands would write it, made by the real deciders and stream models (so every
 * event carries its resource view, previousValues, auditData and source): members sign up (the user and the email
 * guard), update their profiles, upload images, create draft listings with them, publish, update price and
 * extended data, close some, discard some drafts, and a few delete their accounts (their listings deleted too).
 *
 * Members act in rounds over a window of concurrent members, so one resource's events are spread over the log as
 * in a live marketplace, not contiguous. Deterministic per seed except for the generated ids.
 */
export interface MemberScript {
  /** Commands of one member, in order; each returns the stream appends of one command. */
  steps: Array<() => StreamAppend[]>;
}

const LISTINGS_PER_MEMBER = 2;

const contextOf = (marketplaceId: string, clientId: string, userId: string, now: Date): CommandContext => ({
  marketplaceId,
  clientId,
  userId,
  adminId: null,
  requestId: randomUUID(),
  source: 'source/marketplace-api',
  now,
});

type Clock = () => Date;

/** One member's commands: sign-up, profile updates, images, listings and what happens to them. */
const memberScript = (marketplaceId: string, clientId: string, index: number, next: () => number, now: Clock, vocab = VOCAB): MemberScript => {
  const userId = randomUUID();
  const email = `member-${index}@example.com`;
  let user: UserState = userDecider.initialState();
  const ctx = () => contextOf(marketplaceId, clientId, userId, now());
  const userAppend = (command: UserCommand, c = ctx()): StreamAppend => {
    const decided = userDecider.decide(command, user);
    const events = userStream(marketplaceId, userId).publish(c, user, decided);
    user = fold(userDecider.evolve, user, decided);
    return { streamId: userStream(marketplaceId, userId).streamId, expectedRevision: 'any', events };
  };
  const guardAppend = (type: 'user-email/claimed' | 'user-email/released', c: CommandContext): StreamAppend => {
    const guard = emailGuard(marketplaceId, email);
    return { streamId: guard.streamId, expectedRevision: 'any', events: guard.publish(c, guardDecider.initialState(), [{ type, data: { userId } }]) };
  };

  const listings = Array.from({ length: LISTINGS_PER_MEMBER }, () => ({ id: randomUUID(), imageId: randomUUID(), state: listingDecider.initialState() as ListingState }));
  const listingAppend = (l: (typeof listings)[number], command: ListingCommand, c = ctx()): StreamAppend[] => {
    const decided = listingDecider.decide(command, l.state);
    if (decided.length === 0) return [];
    const stream = listingStream(marketplaceId, l.id);
    const events: NewEvent[] = stream.publish(c, l.state, decided);
    l.state = fold(listingDecider.evolve, l.state, decided);
    return [{ streamId: stream.streamId, expectedRevision: 'any', events }];
  };
  const author = { kind: 'author' as const, userId };
  const deletes = next() < 0.02;

  const steps: MemberScript['steps'] = [
    () => {
      const c = ctx();
      const signUp = userAppend(
        {
          type: 'create',
          userId,
          marketplaceId,
          email,
          passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$placeholder$placeholder',
          firstName: 'Member',
          lastName: `Number ${index}`,
          bio: 'Seeded by npm run bench.',
          publicData: { city: 'Helsinki', languages: ['fi', 'en'] },
          protectedData: { phoneNumber: '+358 40 123 4567' },
          privateData: { newsletter: next() < 0.5 },
          initialState: 'active',
          now: c.now,
        },
        c,
      );
      return [signUp, guardAppend('user-email/claimed', c)];
    },
    () => [userAppend({ type: 'update-profile', update: { publicData: { rating: Math.round(next() * 50) / 10 } } })],
  ];
  for (const l of listings) {
    const g = generateListing(vocab, next);
    steps.push(
      () => {
        const c = ctx();
        const image = imageStream(marketplaceId, l.imageId);
        const uploaded = { imageId: l.imageId, ownerId: userId, blobKey: `images/${marketplaceId}/${l.imageId}/original`, width: 1200, height: 800, format: 'jpeg', size: 150_000 + Math.floor(next() * 100_000), uploadedAt: c.now.toISOString() };
        return [{ streamId: image.streamId, expectedRevision: 'any', events: image.publish(c, { image: null }, [{ type: 'image/uploaded', data: uploaded }]) }];
      },
      () =>
        listingAppend(l, {
          type: 'create',
          listingId: l.id,
          marketplaceId,
          authorId: userId,
          state: 'draft',
          listing: {
            title: g.title,
            description: g.description,
            price: { amount: g.price, currency: 'EUR' },
            geolocation: { lat: g.lat, lng: g.lng },
            publicData: { category: g.category, condition: g.condition, color: g.color, year: g.year },
            images: [l.imageId],
          },
          now: now(),
        }),
      () => (next() < 0.05 ? listingAppend(l, { type: 'discard-draft', actor: author, now: now() }) : listingAppend(l, { type: 'publish-draft', actor: author, requireApproval: false })),
      () => (l.state.deleted ? [] : listingAppend(l, { type: 'update', actor: author, update: { price: { amount: Math.round(g.price * (0.7 + next() * 0.6)), currency: 'EUR' } } })),
      () => (l.state.deleted ? [] : listingAppend(l, { type: 'update', actor: author, update: { publicData: { condition: g.condition === 'new' ? 'good' : 'used' }, metadata: { views: Math.floor(next() * 1000) } } })),
      () => (l.state.deleted || next() >= 0.1 ? [] : listingAppend(l, { type: 'close', actor: author })),
    );
  }
  steps.push(() => [userAppend({ type: 'update-profile', update: { bio: `Member since round ${index % 97}.`, publicData: { languages: ['fi', 'en', 'sv'] } } })]);
  if (deletes)
    steps.push(() => {
      const c = ctx();
      // The author-listings reactor's cascade, appended with the deletion here (reactors do not run while seeding).
      return [userAppend({ type: 'delete', now: c.now }, c), guardAppend('user-email/released', c), ...listings.flatMap((l) => listingAppend(l, { type: 'delete', now: c.now }, c))];
    });
  return { steps };
};

const VOCAB = vocabulary();

export interface MarketplaceLogOptions {
  /** Events per batch, about (default 5,000). */
  batchEvents?: number;
  /** Members acting at once (default 2,000): one resource's events are about this many commands apart. */
  window?: number;
  seed?: number;
}

/**
 * Batches of stream appends that together hold about `events` events (the last command may overshoot a little):
 * feed each to `EventStore.append`.
 */
export function* marketplaceLog(marketplaceId: string, clientId: string, events: number, options: MarketplaceLogOptions = {}): Generator<StreamAppend[]> {
  const { batchEvents = 5000, window = 2000, seed = 11 } = options;
  const next = random(seed);
  let time = Date.now() - 365 * 24 * 3600 * 1000;
  const now: Clock = () => new Date((time += 1000));
  let produced = 0;
  let members = 0;
  const active: Array<{ script: MemberScript; step: number }> = [];
  let batch: StreamAppend[] = [];
  let inBatch = 0;
  while (produced < events) {
    while (active.length < window) active.push({ script: memberScript(marketplaceId, clientId, members++, next, now), step: 0 });
    for (let i = 0; i < active.length && produced < events; i += 1) {
      const member = active[i];
      const appends = member.script.steps[member.step++]();
      const n = appends.reduce((sum, a) => sum + a.events.length, 0);
      produced += n;
      inBatch += n;
      batch.push(...appends);
      if (member.step === member.script.steps.length) active.splice(i--, 1);
      if (inBatch >= batchEvents) {
        yield batch;
        batch = [];
        inBatch = 0;
      }
    }
  }
  if (batch.length > 0) yield batch;
}
