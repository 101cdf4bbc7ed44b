import { specFor } from '../../../test/support/given-when-then';
import { ListingCommand, listingDecider } from './listing.decider';
import type { ListingEvent } from './listing.events';
import { storedListing } from './listing.views';

const given = specFor(listingDecider);
const now = new Date('2026-03-01T10:00:00.000Z');
const listingId = '11111111-1111-4111-8111-111111111111';
const marketplaceId = '22222222-2222-4222-8222-222222222222';
const authorId = '33333333-3333-4333-8333-333333333333';
const otherUser = '44444444-4444-4444-8444-444444444444';
const image1 = '55555555-5555-4555-8555-555555555551';
const image2 = '55555555-5555-4555-8555-555555555552';
const author = { kind: 'author', userId: authorId } as const;
const operator = { kind: 'operator' } as const;

const create = (state: 'draft' | 'published' | 'pendingApproval' = 'draft'): ListingCommand => ({
  type: 'create',
  listingId,
  marketplaceId,
  authorId,
  state,
  listing: { title: 'Bike', price: { amount: 1000, currency: 'EUR' }, publicData: { color: 'red', gone: null }, images: [image1, image1] },
  now,
});

const created = (state: 'draft' | 'published' | 'pendingApproval' | 'closed' = 'draft'): ListingEvent => ({
  type: 'listing/created',
  data: {
    listingId,
    marketplaceId,
    authorId,
    state,
    title: 'Bike',
    description: null,
    geolocation: null,
    price: { amount: 1000, currency: 'EUR' },
    availabilityPlan: null,
    publicData: { color: 'red' },
    privateData: {},
    metadata: {},
    images: [image1],
    createdAt: now.toISOString(),
  },
});

describe('listing decider', () => {
  it('given no history, when created, then listing/created without null extended-data keys or repeated images', () => {
    given([]).when(create()).then([created()]);
  });

  it('given a listing, when created again, then listing-exists', () => {
    given([created()]).when(create()).thenThrows('listing-exists');
  });

  it('given a draft, when published, then published, or pendingApproval when approval is required', () => {
    given([created()]).when({ type: 'publish-draft', actor: author, requireApproval: false }).then([{ type: 'listing/updated', data: { state: 'published' } }]);
    given([created()]).when({ type: 'publish-draft', actor: author, requireApproval: true }).then([{ type: 'listing/updated', data: { state: 'pendingApproval' } }]);
  });

  it('given a published listing, when published as a draft, then listing-invalid-state', () => {
    given([created('published')]).when({ type: 'publish-draft', actor: author, requireApproval: false }).thenThrows('listing-invalid-state');
  });

  it('moves published → closed → published, and pendingApproval → published by approval', () => {
    given([created('published')]).when({ type: 'close', actor: author }).then([{ type: 'listing/updated', data: { state: 'closed' } }]);
    given([created('closed')]).when({ type: 'open', actor: operator }).then([{ type: 'listing/updated', data: { state: 'published' } }]);
    given([created('pendingApproval')]).when({ type: 'approve', actor: operator }).then([{ type: 'listing/updated', data: { state: 'published' } }]);
  });

  it('refuses transitions from the wrong state', () => {
    given([created('draft')]).when({ type: 'close', actor: author }).thenThrows('listing-invalid-state');
    given([created('published')]).when({ type: 'open', actor: author }).thenThrows('listing-invalid-state');
    given([created('published')]).when({ type: 'approve', actor: operator }).thenThrows('listing-invalid-state');
    given([created('published')]).when({ type: 'discard-draft', actor: author, now }).thenThrows('listing-invalid-state');
  });

  it('given a draft, when discarded, then listing/deleted; later commands find no listing', () => {
    const deleted: ListingEvent = { type: 'listing/deleted', data: { deletedAt: now.toISOString() } };
    given([created()]).when({ type: 'discard-draft', actor: author, now }).then([deleted]);
    given([created(), deleted]).when({ type: 'update', actor: author, update: { title: 'X' } }).thenThrows('listing-not-found');
  });

  it("given a listing in any state, when its author's account goes, then listing/deleted, once", () => {
    const deleted: ListingEvent = { type: 'listing/deleted', data: { deletedAt: now.toISOString() } };
    for (const state of ['draft', 'published', 'pendingApproval', 'closed'] as const) given([created(state)]).when({ type: 'delete', now }).then([deleted]);
    given([created('published'), deleted]).when({ type: 'delete', now }).thenNothing();
    given([]).when({ type: 'delete', now }).thenNothing();
  });

  it('given no listing, when updated, then listing-not-found', () => {
    given([]).when({ type: 'close', actor: operator }).thenThrows('listing-not-found');
  });

  it("given another user's listing, when its author is not the actor, then forbidden", () => {
    given([created()]).when({ type: 'update', actor: { kind: 'author', userId: otherUser }, update: { title: 'X' } }).thenThrows('forbidden');
  });

  it('given a listing, when updated, then only the changes: extended data merged at the top level, null removes', () => {
    given([created()])
      .when({
        type: 'update',
        actor: author,
        update: { title: 'Bike', description: 'Fast', price: null, publicData: { color: null, size: { frame: 54 } }, images: [image2, image1] },
      })
      .then([{ type: 'listing/updated', data: { description: 'Fast', price: null, publicData: { size: { frame: 54 } }, images: [image2, image1] } }]);
  });

  it('given a listing, when an update changes nothing, then no event', () => {
    given([created()]).when({ type: 'update', actor: author, update: { title: 'Bike', publicData: { color: 'red' }, metadata: { missing: null } } }).thenNothing();
  });

  it('appends an added image once', () => {
    given([created()]).when({ type: 'add-image', actor: author, imageId: image2 }).then([{ type: 'listing/updated', data: { images: [image1, image2] } }]);
    given([created()]).when({ type: 'add-image', actor: author, imageId: image1 }).thenNothing();
  });

  it('shows the state as the Integration API listing with author, marketplace and images', () => {
    const view = storedListing(given([created('published')]).state);
    expect(view.attributes).toMatchObject({ title: 'Bike', state: 'published', deleted: false, publicData: { color: 'red' } });
    expect(view.relationships.author.data.id.uuid).toBe(authorId);
    expect(view.relationships.images.data.map((r) => r.id.uuid)).toEqual([image1]);
  });
  describe('protected file attachments', () => {
    const a1 = { attachmentId: '66666666-6666-4666-8666-666666666661', fileId: '77777777-7777-4777-8777-777777777771' };
    const a2 = { attachmentId: '66666666-6666-4666-8666-666666666662', fileId: '77777777-7777-4777-8777-777777777772' };

    it('given a new listing with files, then listing/created carries its attachments; without files the event is as before', () => {
      const [event] = given([]).when({ ...create(), protectedFileAttachments: [a1] } as ListingCommand).events();
      expect(event.data).toMatchObject({ protectedFileAttachments: [a1] });
      expect(given([]).when(create()).events()[0].data).not.toHaveProperty('protectedFileAttachments');
    });

    it('given a listing with files, when updated with a new whole list, then the list is replaced; the same list changes nothing', () => {
      const withFiles: ListingEvent = { type: 'listing/updated', data: { protectedFileAttachments: [a1] } };
      given([created(), withFiles]).when({ type: 'update', actor: author, update: {}, protectedFileAttachments: [a2] }).then([{ type: 'listing/updated', data: { protectedFileAttachments: [a2] } }]);
      given([created(), withFiles]).when({ type: 'update', actor: author, update: {}, protectedFileAttachments: [a1] }).thenNothing();
      given([created(), withFiles]).when({ type: 'update', actor: author, update: { title: 'Bike 2' } }).then([{ type: 'listing/updated', data: { title: 'Bike 2' } }]);
    });

    it('shows the attachments as a relationship of the Integration API listing, only when there are any', () => {
      const withFiles: ListingEvent = { type: 'listing/updated', data: { protectedFileAttachments: [a1, a2] } };
      expect(storedListing(given([created(), withFiles]).state).relationships.protectedFileAttachments?.data.map((r) => r.id.uuid)).toEqual([a1.attachmentId, a2.attachmentId]);
      expect(storedListing(given([created()]).state).relationships).not.toHaveProperty('protectedFileAttachments');
    });
  });
});
