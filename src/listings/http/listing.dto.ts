import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsDefined, IsIn, IsOptional, IsString, Length } from 'class-validator';
import { constraint, IsExtendedData, Optional, IsLatLng, IsMoney, IsUuidString, toLatLng, toMoney, UUID_SCHEMA } from '../../http/validation';
import { isUuid, type LatLng, type Money } from '../../shared/values';
import type { AvailabilityPlan } from '../domain/listing.events';

/** Only the shape here: listing-input.ts checks the plan itself and names the path of each problem. */
export const IsAvailabilityPlan = constraint('isAvailabilityPlan', (v) => typeof v === 'object' && v !== null && !Array.isArray(v), 'must be an availability plan (see document 1)', { type: 'object', additionalProperties: true, description: 'An availability plan: type day or time, a time zone and entries.' });
const IsImageIdList = constraint('isImageIdList', (v) => Array.isArray(v) && v.every(isUuid), 'must be a list of image ids', { type: 'array', items: UUID_SCHEMA });
const IsNonNegativeMoney = constraint('isNonNegativeMoney', (v) => !(v !== null && typeof v === 'object' && 'amount' in v) || (v as Money).amount >= 0, 'must not be negative', { properties: { amount: { minimum: 0 } } });

/** What an author may write on create: everything but metadata, which is for operators. null means "none". */
class OwnListingFields {
  @IsOptional() @IsString() @Length(1, 5000) description?: string | null;
  @IsOptional() @Transform(toLatLng) @IsLatLng() geolocation?: LatLng | null;
  @IsOptional() @Transform(toMoney) @IsMoney() @IsNonNegativeMoney() price?: Money | null;
  @IsOptional() @IsAvailabilityPlan() availabilityPlan?: AvailabilityPlan | null;
  @Optional() @IsExtendedData() publicData?: Record<string, unknown>;
  @Optional() @IsExtendedData() privateData?: Record<string, unknown>;
  @Optional() @IsArray() @ArrayMaxSize(100) @IsImageIdList() images?: string[];
  /** `[{fileId}]`, the whole list; entries are checked by fileIdsOf (their paths) and the listing command (the files). */
  @Optional() @IsArray() @ArrayMaxSize(1000) protectedFileAttachments?: unknown[];
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
