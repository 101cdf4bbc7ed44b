import type { FileAttachmentRef } from '../../files/domain/file-attachments';
import { apiError, conflict } from '../../shared/api-error';
import type { Decider } from '../../shared/decider';
import { deepEqual, mergeExtendedData } from '../../shared/resource-diff';
import type { ExtendedData, ListingChanges, ListingContent, ListingEvent, ListingStatus } from './listing.events';
import { evolveListing, initialListingState, ListingState } from './listing.state';

/** Who acts: the listing's author (Marketplace API) or an operator (Integration API, console). */
export type Actor = { kind: 'author'; userId: string } | { kind: 'operator' };

/** Fields of create: everything but the title may be left out; a null extended-data key is not stored. */
export type NewListing = Pick<ListingContent, 'title'> & Partial<Omit<ListingContent, 'title'>>;

/** Fields of update: null removes geolocation and price, and restores the default availability plan. */
export type ListingUpdate = Partial<ListingContent>;

export type ListingCommand =
  | {
      type: 'create';
      listingId: string;
      marketplaceId: string;
      authorId: string;
      state: Extract<ListingStatus, 'draft' | 'pendingApproval' | 'published'>;
      listing: NewListing;
      now: Date;
      /** Already checked and given ids by the command (attachFiles). */
      protectedFileAttachments?: FileAttachmentRef[];
    }
  /** `protectedFileAttachments`: the whole new list, checked by the command (attachFiles); absent: unchanged. */
  | { type: 'update'; actor: Actor; update: ListingUpdate; protectedFileAttachments?: FileAttachmentRef[] }
  | { type: 'publish-draft'; actor: Actor; requireApproval: boolean }
  | { type: 'discard-draft'; actor: Actor; now: Date }
  | { type: 'open'; actor: Actor }
  | { type: 'close'; actor: Actor }
  | { type: 'approve'; actor: Actor }
  | { type: 'add-image'; actor: Actor; imageId: string }
  /** The author's account is deleted or banned: the platform deletes their listings. */
  | { type: 'delete'; now: Date }
  /** The stock context's decision changed the total. */
  | { type: 'set-current-stock'; quantity: number };

const notFound = () => conflict('listing-not-found', 'The listing does not exist.');
const invalidState = (state: ListingStatus | null, action: string) =>
  conflict('listing-invalid-state', `A listing in state ${String(state)} cannot be ${action}.`);

const mustBeLive = (state: ListingState, actor: Actor): void => {
  if (!state.exists || state.deleted) throw notFound();
  if (actor.kind === 'author' && actor.userId !== state.authorId) throw apiError(403, 'forbidden', 'The listing belongs to another user.');
};

const transition = (state: ListingState, from: ListingStatus, to: ListingStatus, action: string): ListingEvent[] => {
  if (state.state !== from) throw invalidState(state.state, action);
  return [{ type: 'listing/updated', data: { state: to } }];
};

const EXTENDED = ['publicData', 'privateData', 'metadata'] as const;
const REPLACED = ['title', 'description', 'geolocation', 'price', 'availabilityPlan'] as const;

/** The same image twice is kept once, at its first place. */
const distinct = (ids: string[]): string[] => [...new Set(ids)];

/** Only what actually changes, so a no-op update appends nothing and previousValues stay exact. */
export const listingChanges = (state: ListingState, update: ListingUpdate, files?: FileAttachmentRef[]): ListingChanges => {
  const changes: Record<string, unknown> = {};
  for (const key of REPLACED) {
    const value = update[key];
    if (value !== undefined && !deepEqual(value, state[key])) changes[key] = value;
  }
  for (const key of EXTENDED) {
    const given = update[key];
    if (given === undefined) continue;
    const merged = mergeExtendedData(state[key], given);
    if (!deepEqual(merged, state[key])) changes[key] = merged;
  }
  if (update.images !== undefined) {
    const images = distinct(update.images);
    if (!deepEqual(images, state.images)) changes.images = images;
  }
  if (files !== undefined && !deepEqual(files, state.protectedFileAttachments)) changes.protectedFileAttachments = files;
  return changes as ListingChanges;
};

const stripNulls = (data: ExtendedData | undefined): ExtendedData => mergeExtendedData({}, data ?? {});

export const listingDecider: Decider<ListingCommand, ListingState, ListingEvent> = {
  initialState: initialListingState,
  evolve: evolveListing,

  decide: (command, state) => {
    if (command.type === 'create') {
      if (state.exists) throw conflict('listing-exists', 'The listing already exists.');
      const l = command.listing;
      return [
        {
          type: 'listing/created',
          data: {
            listingId: command.listingId,
            marketplaceId: command.marketplaceId,
            authorId: command.authorId,
            state: command.state,
            title: l.title,
            description: l.description ?? null,
            geolocation: l.geolocation ?? null,
            price: l.price ?? null,
            availabilityPlan: l.availabilityPlan ?? null,
            publicData: stripNulls(l.publicData),
            privateData: stripNulls(l.privateData),
            metadata: stripNulls(l.metadata),
            images: distinct(l.images ?? []),
            createdAt: command.now.toISOString(),
            ...(command.protectedFileAttachments?.length ? { protectedFileAttachments: command.protectedFileAttachments } : {}),
          },
        },
      ];
    }
    if (command.type === 'set-current-stock') {
      if (!state.exists || state.deleted) throw notFound();
      return state.currentStock === command.quantity ? [] : [{ type: 'listing/current-stock-changed', data: { quantity: command.quantity } }];
    }
    if (command.type === 'delete') {
      if (!state.exists || state.deleted) return [];
      return [{ type: 'listing/deleted', data: { deletedAt: command.now.toISOString() } }];
    }
    mustBeLive(state, command.actor);
    switch (command.type) {
      case 'update': {
        const changes = listingChanges(state, command.update, command.protectedFileAttachments);
        return Object.keys(changes).length === 0 ? [] : [{ type: 'listing/updated', data: changes }];
      }
      case 'add-image':
        return state.images.includes(command.imageId) ? [] : [{ type: 'listing/updated', data: { images: [...state.images, command.imageId] } }];
      case 'publish-draft':
        return transition(state, 'draft', command.requireApproval ? 'pendingApproval' : 'published', 'published');
      case 'discard-draft':
        if (state.state !== 'draft') throw invalidState(state.state, 'discarded');
        return [{ type: 'listing/deleted', data: { deletedAt: command.now.toISOString() } }];
      case 'open':
        return transition(state, 'closed', 'published', 'opened');
      case 'close':
        return transition(state, 'published', 'closed', 'closed');
      case 'approve':
        return transition(state, 'pendingApproval', 'published', 'approved');
    }
  },
};
