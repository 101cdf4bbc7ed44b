import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsDefined, IsIn, IsOptional, IsString, Length, ValidateIf } from 'class-validator';
import { IANAZone } from 'luxon';
import { constraint, IsExtendedData, IsLatLng, IsMoney, IsUuidString, toLatLng, toMoney } from '../../http/validation';
import { isUuid, type LatLng, type Money } from '../../shared/values';
import type { AvailabilityPlan } from '../domain/listing.events';

const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const TIME = /^([01]\d|2[0-3]):[0-5][05]$/;

/** Document 1's availability plan: a day plan, or a time plan with a time zone and hh:mm times in 5-minute steps. */
const isPlan = (v: unknown): boolean => {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const plan = v as Record<string, unknown>;
  const time = plan.type === 'availability-plan/time';
  if (!time && plan.type !== 'availability-plan/day') return false;
  if (time ? typeof plan.timezone !== 'string' || !IANAZone.isValidZone(plan.timezone) : plan.timezone !== undefined && plan.timezone !== null) return false;
  if (!Array.isArray(plan.entries) || plan.entries.length > 500) return false;
  return plan.entries.every((e: unknown) => {
    if (typeof e !== 'object' || e === null) return false;
    const entry = e as Record<string, unknown>;
    if (!DAYS.includes(entry.dayOfWeek as string) || !Number.isSafeInteger(entry.seats) || (entry.seats as number) < 0) return false;
    return time ? typeof entry.startTime === 'string' && TIME.test(entry.startTime) && typeof entry.endTime === 'string' && TIME.test(entry.endTime) : entry.startTime === undefined && entry.endTime === undefined;
  });
};

export const IsAvailabilityPlan = constraint('isAvailabilityPlan', isPlan, 'must be an availability plan (see document 1)');
const IsImageIdList = constraint('isImageIdList', (v) => Array.isArray(v) && v.every(isUuid), 'must be a list of image ids');
const IsNonNegativeMoney = constraint('isNonNegativeMoney', (v) => !(v !== null && typeof v === 'object' && 'amount' in v) || (v as Money).amount >= 0, 'must not be negative');

/** Absent is fine; null is validated (and rejected) like any other value. */
const Optional = () => ValidateIf((_o, v) => v !== undefined);

/** What an author may write on create: everything but metadata, which is for operators. null means "none". */
class OwnListingFields {
  @IsOptional() @IsString() @Length(1, 5000) description?: string | null;
  @IsOptional() @Transform(toLatLng) @IsLatLng() geolocation?: LatLng | null;
  @IsOptional() @Transform(toMoney) @IsMoney() @IsNonNegativeMoney() price?: Money | null;
  @IsOptional() @IsAvailabilityPlan() availabilityPlan?: AvailabilityPlan | null;
  @Optional() @IsExtendedData() publicData?: Record<string, unknown>;
  @Optional() @IsExtendedData() privateData?: Record<string, unknown>;
  @Optional() @IsArray() @ArrayMaxSize(100) @IsImageIdList() images?: string[];
}

export class CreateOwnListingBody extends OwnListingFields {
  @IsDefined() @IsString() @Length(1, 1000) title!: string;
}

/**
 * own_listings/update: null removes the description, the location and the price, and restores the default
 * availability plan; `images` is the whole ordered list.
 */
export class UpdateOwnListingBody extends OwnListingFields {
  @IsDefined() @IsUuidString() id!: string;
  @Optional() @IsString() @Length(1, 1000) title?: string;
}

export class CreateIntegrationListingBody extends CreateOwnListingBody {
  @IsDefined() @IsUuidString() authorId!: string;
  @IsDefined() @IsIn(['published', 'pendingApproval']) state!: 'published' | 'pendingApproval';
  @Optional() @IsExtendedData() metadata?: Record<string, unknown>;
}

export class UpdateIntegrationListingBody extends UpdateOwnListingBody {
  @Optional() @IsExtendedData() metadata?: Record<string, unknown>;
}

export class ListingIdBody {
  @IsDefined() @IsUuidString() id!: string;
}

export class AddImageBody {
  @IsDefined() @IsUuidString() id!: string;
  @IsDefined() @IsUuidString() imageId!: string;
}

export class ShowListingQuery {
  @IsDefined() @IsUuidString() id!: string;
}
