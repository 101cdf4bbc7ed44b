import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { IsUuidString } from '../../http/validation';

export class EventsQueryParams {
  @IsOptional() @Matches(/^\d{1,15}$/, { message: 'startAfterSequenceId must be a non-negative integer' }) startAfterSequenceId?: string;
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/, { message: 'createdAtStart must be an ISO 8601 timestamp' })
  createdAtStart?: string;
  @IsOptional() @IsUuidString() resourceId?: string;
  @IsOptional() @IsUuidString() relatedResourceId?: string;
  @IsOptional() @IsString() @MaxLength(2000) @Matches(/^[a-zA-Z]+(\/[a-zA-Z-]+)?(,[a-zA-Z]+(\/[a-zA-Z-]+)?)*,?$/, { message: 'eventTypes must be a comma-separated list of event types' })
  eventTypes?: string;
  @IsOptional() @Matches(/^([1-9]\d?|100)$/, { message: 'perPage must be an integer from 1 to 100' }) perPage?: string;
}
