import { ArrayMaxSize, IsArray, IsDefined, IsIn, IsOptional, IsString, Length, ValidateIf } from 'class-validator';
import { constraint, IsExtendedData, IsUuidString } from '../../http/validation';

const IsParams = constraint('isParams', (v) => typeof v === 'object' && v !== null && !Array.isArray(v), 'must be a map of the transition\'s params', { type: 'object', additionalProperties: true });

export class InitiateBody {
  @IsDefined() @IsString() @Length(1, 200) processAlias!: string;
  @IsDefined() @IsString() @Length(1, 200) transition!: string;
  @IsOptional() @IsParams() params?: Record<string, unknown>;
}

export class TransitionBody {
  @IsDefined() @IsUuidString() id!: string;
  @IsDefined() @IsString() @Length(1, 200) transition!: string;
  @IsOptional() @IsParams() params?: Record<string, unknown>;
}

export class IdQuery {
  @IsDefined() @IsUuidString() id!: string;
}

export class UpdateMetadataBody {
  @IsDefined() @IsUuidString() id!: string;
  @ValidateIf((_o, v) => v !== undefined) @IsExtendedData() metadata?: Record<string, unknown>;
}

export class SendMessageBody {
  @IsDefined() @IsUuidString() transactionId!: string;
  @IsDefined() @IsString() @Length(1, 100_000) content!: string;
  /** `[{fileId}]`, at most 10; each entry is checked by fileIdsOf (its path) and the send command (the file). */
  @ValidateIf((_o, v) => v !== undefined) @IsArray() @ArrayMaxSize(1000)
  publicFileAttachments?: unknown[];
}

/*
 * Query parameters of the transaction reads. Values are checked further by the parsers (transaction-query.params.ts,
 * the controllers), which name each problem's path; these classes say which keys exist and their basic form.
 * Several keys also have the snake-case spelling the Web Template sends.
 */
const FLAG = ['true', 'false'];

class TransactionQueryFilters {
  @IsOptional() @IsString() lastTransitions?: string;
  @IsOptional() @IsString() states?: string;
  @IsOptional() @IsString() processNames?: string;
  @IsOptional() @IsIn(FLAG) hasMessage?: string;
  @IsOptional() @IsIn(FLAG) hasPayin?: string;
  @IsOptional() @IsIn(FLAG) hasBooking?: string;
  @IsOptional() @IsIn(FLAG) hasStockReservation?: string;
  @IsOptional() @IsString() bookingStates?: string;
  @IsOptional() @IsString() bookingStart?: string;
  @IsOptional() @IsString() bookingEnd?: string;
  @IsOptional() @IsString() stockReservationStates?: string;
  @IsOptional() @IsString() createdAtStart?: string;
  @IsOptional() @IsString() createdAtEnd?: string;
  @IsOptional() @IsString() sort?: string;
}

export class OwnTransactionQueryParams extends TransactionQueryFilters {
  @IsOptional() @IsIn(['sale', 'order']) only?: string;
}

export class IntegrationTransactionQueryParams extends TransactionQueryFilters {
  @IsOptional() @IsUuidString() userId?: string;
  @IsOptional() @IsUuidString() customerId?: string;
  @IsOptional() @IsUuidString() providerId?: string;
  @IsOptional() @IsUuidString() listingId?: string;
}

export class TransactionIdQuery {
  @IsOptional() @IsUuidString() transactionId?: string;
  @IsOptional() @IsUuidString() transaction_id?: string;
}

export class MessagesQueryParams extends TransactionIdQuery {
  @IsOptional() @IsString() ids?: string;
}

export class ReviewsQueryParams extends TransactionIdQuery {
  @IsOptional() @IsUuidString() listingId?: string;
  @IsOptional() @IsUuidString() listing_id?: string;
  @IsOptional() @IsUuidString() subjectId?: string;
  @IsOptional() @IsUuidString() subject_id?: string;
  @IsOptional() @IsString() type?: string;
  @IsOptional() @IsString() state?: string;
}

export class BookingsQueryParams {
  @IsOptional() @IsUuidString() listingId?: string;
  @IsOptional() @IsUuidString() listing_id?: string;
  @IsOptional() @IsString() start?: string;
  @IsOptional() @IsString() end?: string;
  @IsOptional() @IsString() state?: string;
  @IsOptional() @IsString() states?: string;
}
