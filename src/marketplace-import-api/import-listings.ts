import { availabilityDecider } from '../availability/domain/availability.decider';
import type { ExceptionData } from '../availability/domain/availability.events';
import { availabilityStream } from '../availability/availability-streams';
import { listingDecider, ListingCommand } from '../listings/domain/listing.decider';
import type { ListingEvent } from '../listings/domain/listing.events';
import type { ListingState } from '../listings/domain/listing.state';
import { listingStream } from '../listings/listing-streams';
import { stockDecision } from '../stock/stock-decision';
import { stockStream } from '../stock/stock-streams';
import { derivedUuid } from '../shared/ids';
import { countOf, type ApiImportReport } from './import-report';
import { imageQuery, importImage } from './import-images';
import { ImportTarget, runImport } from './import-target';
import { includedOf, relatedId, relatedIds } from './included';
import type { ApiResource, SourceApi } from './source-api';

const operator = { kind: 'operator' } as const;
const DAY = 86_400_000;

/** The listing commands that end in the source listing's state: created in the state create allows, then moved on. */
const listingCommands = (target: ImportTarget, listing: ApiResource, images: string[]): ListingCommand[] => {
  const a = listing.attributes;
  const created = a.state === 'closed' ? 'published' : (a.state as 'draft' | 'pendingApproval' | 'published');
  const listingContent = {
    title: a.title,
    description: a.description,
    geolocation: a.geolocation,
    price: a.price,
    availabilityPlan: a.availabilityPlan,
    publicData: a.publicData,
    privateData: a.privateData,
    metadata: a.metadata,
    images,
  };
  return [
    { type: 'create', listingId: listing.id, marketplaceId: target.marketplaceId, authorId: relatedId(listing, 'author')!, state: created, listing: listingContent, now: new Date(a.createdAt) },
    ...(a.state === 'closed' ? [{ type: 'close' as const, actor: operator }] : []),
  ];
};

/** The listing and its stock total in one decision (the listing's currentStock follows its stock stream, as in the API). */
const importListing = async (target: ImportTarget, listing: ApiResource, images: string[], stock: number | null): Promise<boolean> => {
  const at = new Date(listing.attributes.createdAt);
  const streams = { listing: listingStream(target.marketplaceId, listing.id), stock: stockStream(target.marketplaceId, listing.id) };
  return runImport(target, `listing/${listing.id}`, at, streams, (s) => {
    if (s.listing.exists) return {};
    let state: ListingState = s.listing;
    const events: ListingEvent[] = [];
    for (const command of listingCommands(target, listing, images)) {
      const decided = listingDecider.decide(command, state);
      state = decided.reduce(listingDecider.evolve, state);
      events.push(...decided);
    }
    if (stock === null) return { listing: events };
    const adjustmentId = derivedUuid(`${target.sourceMarketplaceId}/stock/${listing.id}`);
    const set = stockDecision({ listing: state, stock: s.stock }, { type: 'compare-and-set', listingId: listing.id, adjustmentId, at, oldTotal: null, newTotal: stock }, operator);
    return { listing: [...events, ...set.listing], stock: set.stock };
  });
};

/**
 * A listing's availability exceptions, read in the windows the API allows (90 days each, within 366 days of the
 * source's clock). A window the source refuses as out of its range has nothing it would show.
 */
const importExceptions = async (target: ImportTarget, source: SourceApi, listing: ApiResource, report: ApiImportReport): Promise<void> => {
  const count = countOf(report, 'availability exceptions');
  const exceptions: ExceptionData[] = [];
  const now = Date.now();
  for (let start = now - 365 * DAY; start < now + 365 * DAY; start += 90 * DAY) {
    const end = Math.min(start + 90 * DAY, now + 365 * DAY);
    const window = { listingId: listing.id, start: new Date(start).toISOString(), end: new Date(end).toISOString(), perPage: 100 };
    for (let number = 1, pages = 1; number <= pages; number += 1) {
      const page = await source.getUnlessRefused('availability_exceptions/query', { ...window, page: number });
      pages = page?.meta.totalPages ?? 0;
      for (const e of page?.data ?? []) {
        if (exceptions.some((x) => x.id === e.id)) continue;
        exceptions.push({ id: e.id, listingId: listing.id, start: new Date(e.attributes.start).toISOString(), end: new Date(e.attributes.end).toISOString(), seats: e.attributes.seats });
      }
    }
  }
  const ref = availabilityStream(target.marketplaceId, listing.id);
  const known = (await target.runner.state(ref)).exceptions;
  const fresh = exceptions.filter((e) => !known[e.id]);
  count.existing += exceptions.length - fresh.length;
  if (fresh.length === 0) return;
  await runImport(target, `availability/${listing.id}`, new Date(listing.attributes.createdAt), { availability: ref }, (s) => {
    let state = s.availability;
    const events = fresh.flatMap((exception) => {
      if (state.exceptions[exception.id]) return [];
      const decided = availabilityDecider.decide({ type: 'create-exception', exception }, state);
      state = decided.reduce(availabilityDecider.evolve, state);
      return decided;
    });
    return { availability: events };
  });
  count.imported += fresh.length;
};

/** Every listing of the source (drafts, pending, published, closed), with images, stock and availability exceptions. */
export const importListings = async (target: ImportTarget, source: SourceApi, report: ApiImportReport): Promise<void> => {
  const listings = countOf(report, 'listings');
  const images = countOf(report, 'listing images');
  for await (const page of source.all('listings/query', { include: 'author,images,currentStock', ...imageQuery })) {
    const included = includedOf(page);
    for (const listing of page.data) {
      if ((await target.runner.state(listingStream(target.marketplaceId, listing.id))).exists) {
        listings.existing += 1;
        await importExceptions(target, source, listing, report);
        continue;
      }
      const authorId = relatedId(listing, 'author');
      if (!authorId) {
        listings.skipped.push({ id: listing.id, reason: 'the source names no author' });
        continue;
      }
      const at = new Date(listing.attributes.createdAt);
      const imageIds: string[] = [];
      for (const id of relatedIds(listing, 'images')) {
        const image = included.get(`image/${id}`);
        if (!image) images.skipped.push({ id, reason: 'not included by the source' });
        else if (await importImage(target, source, image, authorId, at, images)) imageIds.push(id);
      }
      const stockId = relatedId(listing, 'currentStock');
      const stock = stockId ? (included.get(`stock/${stockId}`)?.attributes.quantity ?? null) : null;
      if (await importListing(target, listing, imageIds, stock)) listings.imported += 1;
      else listings.existing += 1;
      await importExceptions(target, source, listing, report);
    }
  }
};
