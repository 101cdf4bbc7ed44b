import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { IsUuidString, isRealTimestamp, MatchesTimestamp, validateParams } from '../../http/validation';
import { isUuid } from '../../shared/values';

const SEQUENCE_ID = /^\d{1,15}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const EVENT_TYPES = /^[a-zA-Z]+(\/[a-zA-Z-]+)?(,[a-zA-Z]+(\/[a-zA-Z-]+)?)*,?$/;
const EVENT_TYPES_MAX = 2000;
const PER_PAGE = /^([1-9]\d?|100)$/;

export class EventsQueryParams {
  @IsOptional() @Matches(SEQUENCE_ID, { message: 'startAfterSequenceId must be a non-negative integer' }) startAfterSequenceId?: string;
  @IsOptional() @MatchesTimestamp(TIMESTAMP, { message: 'createdAtStart must be an ISO 8601 timestamp' }) createdAtStart?: string;
  @IsOptional() @IsUuidString() resourceId?: string;
  @IsOptional() @IsUuidString() relatedResourceId?: string;
  @IsOptional() @IsString() @MaxLength(EVENT_TYPES_MAX) @Matches(EVENT_TYPES, { message: 'eventTypes must be a comma-separated list of event types' })
  eventTypes?: string;
  @IsOptional() @Matches(PER_PAGE, { message: 'perPage must be an integer from 1 to 100' }) perPage?: string;
}

/** The rules above as plain checks, for the parameters a poller sends on every request. */
const VALID: Record<keyof EventsQueryParams, (value: string) => boolean> = {
  startAfterSequenceId: (v) => SEQUENCE_ID.test(v),
  createdAtStart: (v) => TIMESTAMP.test(v) && isRealTimestamp(v),
  resourceId: isUuid,
  relatedResourceId: isUuid,
  eventTypes: (v) => v.length <= EVENT_TYPES_MAX && EVENT_TYPES.test(v),
  perPage: (v) => PER_PAGE.test(v),
};

/**
 * The validated parameters. Valid ones (every key known, every value passing its rule) are taken as they are:
 * class-transformer and class-validator cost a poller more than reading its page. Anything else goes through
 * validateParams, which gives the errors (or, should a check here be stricter than a decorator, the same result).
 */
export const eventsQueryParams = (query: Record<string, string>): EventsQueryParams => {
  const params = new EventsQueryParams();
  for (const key of Object.keys(query)) {
    const value = query[key];
    if (!Object.hasOwn(VALID, key) || typeof value !== 'string' || !VALID[key as keyof EventsQueryParams](value))
      return validateParams(EventsQueryParams, query, 'query');
    params[key as keyof EventsQueryParams] = value;
  }
  return params;
};
