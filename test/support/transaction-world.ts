import { listingDecider } from '../../src/listings/domain/listing.decider';
import type { ListingEvent } from '../../src/listings/domain/listing.events';
import { userDecider } from '../../src/users/domain/user.decider';
import type { UserEvent } from '../../src/users/domain/user.events';
import { processDecider, type ProcessEvent } from '../../src/transactions/domain/process.decider';
import { DEFAULT_ALIAS, defaultProcesses } from '../../src/transactions/process-files';

/** A small marketplace for transaction decisions and commands: a process, a listing with one seat an hour, users. */
export const now = new Date('2026-03-02T10:00:00.000Z');
export const mp = '22222222-2222-4222-8222-222222222222';
export const listingId = '11111111-1111-4111-8111-111111111111';
export const sellerId = '33333333-3333-4333-8333-333333333333';
export const buyerId = '44444444-4444-4444-8444-444444444444';
export const strangerId = '55555555-5555-4555-8555-555555555555';
export const HOUR = 3600_000;

export const processHistory = (name: string): ProcessEvent[] => {
  const content = defaultProcesses().find((p) => p.name === name)!;
  const created = processDecider.decide({ ...content, type: 'create', now }, processDecider.initialState());
  return [...created, ...processDecider.decide({ type: 'create-alias', alias: DEFAULT_ALIAS, version: 1 }, created.reduce(processDecider.evolve, processDecider.initialState()))];
};
export const user = (userId: string, ...then: Array<'banned'>): UserEvent[] => {
  const created = userDecider.decide({ type: 'create', userId, marketplaceId: mp, email: `${userId}@example.com`, passwordHash: 'h', firstName: 'A', lastName: 'B', initialState: 'active', now } as never, userDecider.initialState());
  return then.includes('banned') ? [...created, ...userDecider.decide({ type: 'set-banned', banned: true }, created.reduce(userDecider.evolve, userDecider.initialState()))] : created;
};
export const PLAN = { type: 'availability-plan/time', timezone: 'Etc/UTC', entries: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((dayOfWeek) => ({ dayOfWeek, startTime: '00:00', endTime: '00:00', seats: 1 })) };
export const listing = (state: 'published' | 'closed' = 'published'): ListingEvent[] => {
  const created = listingDecider.decide(
    { type: 'create', listingId, marketplaceId: mp, authorId: sellerId, state: 'published', listing: { title: 'Boat', price: { amount: 5000, currency: 'USD' }, availabilityPlan: PLAN as never }, now },
    listingDecider.initialState(),
  );
  if (state === 'published') return created;
  return [...created, ...listingDecider.decide({ type: 'close', actor: { kind: 'author', userId: sellerId } } as never, created.reduce(listingDecider.evolve, listingDecider.initialState()))];
};

export const bookingParams = (hour = 24) => ({
  listingId,
  bookingStart: new Date(now.getTime() + hour * HOUR),
  bookingEnd: new Date(now.getTime() + (hour + 1) * HOUR),
  lineItems: [{ code: 'line-item/hour', unitPrice: { amount: 5000, currency: 'USD' }, quantity: 1 }],
});
