import { normalizedPlan, planProblems } from '../../availability/domain/availability-plan';
import { ApiError, invalidValueItem } from '../../shared/api-error';
import type { LatLng, Money } from '../../shared/values';
import type { ListingUpdate, NewListing } from '../domain/listing.decider';
import type { AvailabilityPlan, GeoValue, PriceValue } from '../domain/listing.events';

/** Request values → the plain values listing events keep (no classes, only the plan keys the API defines). */
const geo = (v: LatLng | null | undefined): GeoValue | null | undefined => (v ? { lat: v.lat, lng: v.lng } : v);
const price = (v: Money | null | undefined): PriceValue | null | undefined => (v ? { amount: v.amount, currency: v.currency } : v);
/** A valid plan, normalized; each problem of an invalid one is a 400 at its path under `availabilityPlan`. */
const plan = (v: AvailabilityPlan | null | undefined): AvailabilityPlan | null | undefined => {
  if (!v) return v;
  const problems = planProblems(v);
  if (problems.length > 0) throw new ApiError(problems.map((p) => invalidValueItem(['availabilityPlan', ...p.path], 'body', `availabilityPlan${p.path.map((k) => `.${k}`).join('')} ${p.details}`)));
  return normalizedPlan(v);
};

interface ListingInput {
  title?: string;
  description?: string | null;
  geolocation?: LatLng | null;
  price?: Money | null;
  availabilityPlan?: AvailabilityPlan | null;
  publicData?: Record<string, unknown>;
  privateData?: Record<string, unknown>;
  metadata?: Record<string, unknown>;
  images?: string[];
}

const defined = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

export const newListingOf = (b: ListingInput & { title: string }): NewListing =>
  defined({
    title: b.title,
    description: b.description ?? undefined,
    geolocation: geo(b.geolocation) ?? undefined,
    price: price(b.price) ?? undefined,
    availabilityPlan: plan(b.availabilityPlan) ?? undefined,
    publicData: b.publicData,
    privateData: b.privateData,
    metadata: b.metadata,
    images: b.images,
  });

export const listingUpdateOf = (b: ListingInput): ListingUpdate =>
  defined({
    title: b.title,
    description: b.description,
    geolocation: geo(b.geolocation),
    price: price(b.price),
    availabilityPlan: plan(b.availabilityPlan),
    publicData: b.publicData,
    privateData: b.privateData,
    metadata: b.metadata,
    images: b.images,
  });
