import { Controller, Inject } from '@nestjs/common';
import { TIME_SLOT_SCHEMA } from './availability.schemas';
import { createHash } from 'node:crypto';
import { Transform } from 'class-transformer';
import { IsDefined, IsOptional, Matches } from 'class-validator';
import { Duration } from 'luxon';
import { Requires } from '../../http/access';
import { Api, ApiRequest } from '../../http/api-request';
import { queryOf } from '../../http/endpoint-params';
import { paginationMeta } from '../../http/common-params';
import { ANY_MARKETPLACE_TOKEN, ApiQuery } from '../../http/endpoint.decorators';
import { Responder } from '../../http/responder';
import { IsTimestamp, IsUuidString, toTimestamp } from '../../http/validation';
import { invalidValue } from '../../shared/api-error';
import { CLOCK, type Clock, withinClientNow } from '../../shared/clock';
import type { Resource } from '../../shared/resource';
import { seatSourcesOf } from '../domain/availability.decider';
import { IntervalOptions, MAX_INTERVAL_STEPS, timeSlots } from '../domain/time-slots';
import { AvailabilityReads } from '../queries/availability.reads';
import { assertWindow } from './availability.dto';

const POSITIVE = /^[1-9]\d{0,5}$/;

class TimeSlotQueryParams {
  @IsDefined() @IsUuidString() listingId!: string;
  @IsDefined() @Transform(toTimestamp) @IsTimestamp() start!: Date;
  @IsDefined() @Transform(toTimestamp) @IsTimestamp() end!: Date;
  @IsOptional() @Matches(POSITIVE, { message: 'page must be a positive integer' }) page?: string;
  @IsOptional() @Matches(POSITIVE, { message: 'perPage must be an integer from 1 to 500' }) perPage?: string;
  @IsOptional() @Matches(/^P/, { message: 'intervalDuration must be an ISO 8601 duration' }) intervalDuration?: string;
  @IsOptional() @Matches(POSITIVE, { message: 'maxPerInterval must be a positive integer' }) maxPerInterval?: string;
  @IsOptional() @Matches(/^\d{1,6}$/, { message: 'minDurationStartingInInterval must be a number of minutes' }) minDurationStartingInInterval?: string;
  @IsOptional() @Transform(toTimestamp) @IsTimestamp() intervalAlign?: Date;
}

/** Published and closed listings have public time slots; an author sees their own listing's in any state. */
const PUBLIC_STATES = new Set(['published', 'closed']);
const MAX_PER_PAGE = 500;

/** A time slot has no identity of its own: its id is derived from the listing and the slot, so it is stable. */
const slotId = (listingId: string, start: number, end: number, seats: number): string => {
  const h = createHash('sha1').update(`${listingId}|${start}|${end}|${seats}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

/** Marketplace API timeslots/query: a listing's free time, from its plan, exceptions and held seats. */
@Controller('v1/api/timeslots')
export class TimeSlotsController {
  constructor(
    private readonly reads: AvailabilityReads,
    private readonly respond: Responder,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @ApiQuery('query', ANY_MARKETPLACE_TOKEN, { query: TimeSlotQueryParams, list: true, returns: TIME_SLOT_SCHEMA })
  @Requires('read')
  async query(@Api() api: ApiRequest) {
    const p = queryOf(api, TimeSlotQueryParams);
    withinClientNow(this.clock, (now) => assertWindow(p, 'query', now, { startBackDays: 1, startAheadDays: 366, endAheadDays: 366, spanDays: 90 }));
    const page = Number(p.page ?? 1);
    const perPage = Number(p.perPage ?? 100);
    if (perPage > MAX_PER_PAGE) throw invalidValue(['perPage'], 'query', `perPage must be an integer from 1 to ${MAX_PER_PAGE}.`);
    const options = this.intervalOptions(p);
    const found = await this.reads.listing(api.auth.marketplaceId, p.listingId);
    const visible = found && (PUBLIC_STATES.has(found.listing.state ?? '') || found.listing.authorId === api.auth.userId);
    const slots = visible ? timeSlots(seatSourcesOf(found.availability, found.listing.availabilityPlan), { start: p.start.getTime(), end: p.end.getTime() }, options) : [];
    const resources: Resource[] = slots.slice((page - 1) * perPage, page * perPage).map((s) => ({
      id: slotId(p.listingId, s.start, s.end, s.seats),
      type: 'timeSlot',
      attributes: { type: s.type, start: new Date(s.start), end: new Date(s.end), seats: s.seats },
    }));
    return this.respond.many(api, resources, paginationMeta(slots.length, { ...api.common, page, perPage }));
  }

  private intervalOptions(p: TimeSlotQueryParams): IntervalOptions {
    const options: IntervalOptions = {};
    if (p.intervalDuration !== undefined) {
      const duration = Duration.fromISO(p.intervalDuration);
      const ms = duration.isValid ? duration.as('milliseconds') : 0;
      if (!(ms >= 60_000)) throw invalidValue(['intervalDuration'], 'query', 'intervalDuration must be an ISO 8601 duration of at least one minute (P1D, PT1H).');
      if ((p.end.getTime() - p.start.getTime()) / ms > MAX_INTERVAL_STEPS) throw invalidValue(['intervalDuration'], 'query', 'intervalDuration splits the range into too many intervals.');
      options.intervalDuration = duration;
    }
    if (p.intervalAlign !== undefined) {
      const span = Math.abs(p.intervalAlign.getTime() - p.start.getTime());
      if (options.intervalDuration && span / options.intervalDuration.as('milliseconds') > MAX_INTERVAL_STEPS) throw invalidValue(['intervalAlign'], 'query', 'intervalAlign is too far from start.');
      options.intervalAlign = p.intervalAlign.getTime();
    }
    if (p.maxPerInterval !== undefined) options.maxPerInterval = Number(p.maxPerInterval);
    if (p.minDurationStartingInInterval !== undefined) options.minDurationStartingInInterval = Number(p.minDurationStartingInInterval);
    return options;
  }
}
