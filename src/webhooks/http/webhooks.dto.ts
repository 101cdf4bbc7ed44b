import { IsBoolean, IsDefined, IsIn, IsInt, IsOptional, IsString, Matches, MaxLength, Min } from 'class-validator';
import { IsUuidString, MatchesTimestamp, Optional } from '../../http/validation';

const EVENT_TYPES = /^[a-zA-Z]+(\/[a-zA-Z-]+)?(,[a-zA-Z]+(\/[a-zA-Z-]+)?)*,?$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** events/query's `eventTypes`: a comma-separated list of event types or bare resource types. */
const EventTypes = () => Matches(EVENT_TYPES, { message: 'eventTypes must be a comma-separated list of event types or resource types' });

export class CreateSubscriptionBody {
  @IsDefined() @IsString() @MaxLength(2000) targetUrl!: string;
  @Optional() @IsString() @MaxLength(2000) @EventTypes() eventTypes?: string;
  @Optional() @IsIn(['json', 'transit']) format?: 'json' | 'transit';
  @Optional() @IsBoolean() enabled?: boolean;
  /** Where delivery starts: after this sequenceId (0: the log's start); default: the log's head. */
  @Optional() @IsInt() @Min(0) startAfterSequenceId?: number;
}

export class UpdateSubscriptionBody {
  @IsDefined() @IsUuidString() id!: string;
  @Optional() @IsString() @MaxLength(2000) targetUrl?: string;
  /** An empty string: every event type. */
  @Optional() @IsString() @MaxLength(2000) @Matches(/^$|^[a-zA-Z]+(\/[a-zA-Z-]+)?(,[a-zA-Z]+(\/[a-zA-Z-]+)?)*,?$/, { message: 'eventTypes must be a comma-separated list of event types or resource types' }) eventTypes?: string;
  @Optional() @IsIn(['json', 'transit']) format?: 'json' | 'transit';
  @Optional() @IsBoolean() enabled?: boolean;
}

export class SubscriptionIdBody {
  @IsDefined() @IsUuidString() id!: string;
}

export class ReplayBody {
  @IsDefined() @IsUuidString() id!: string;
  @Optional() @IsInt() @Min(0) startAfterSequenceId?: number;
  @Optional() @IsString() @MatchesTimestamp(TIMESTAMP, { message: 'createdAtStart must be an ISO 8601 timestamp' }) createdAtStart?: string;
}

export class SubscriptionIdQuery {
  @IsDefined() @IsUuidString() id!: string;
}

export class DeliveriesQuery {
  @IsDefined() @IsUuidString() subscriptionId!: string;
  @IsOptional() @Matches(/^([1-9]\d?|100)$/, { message: 'perPage must be an integer from 1 to 100' }) perPage?: string;
}

/** The events the live stream sends: events/query's filters and its cursor. */
export class EventStreamQuery {
  @IsOptional() @Matches(/^\d{1,15}$/, { message: 'startAfterSequenceId must be a non-negative integer' }) startAfterSequenceId?: string;
  @IsOptional() @IsString() @MaxLength(2000) @EventTypes() eventTypes?: string;
  @IsOptional() @IsUuidString() resourceId?: string;
  @IsOptional() @IsUuidString() relatedResourceId?: string;
}
