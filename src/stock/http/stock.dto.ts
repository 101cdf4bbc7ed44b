import { Transform } from 'class-transformer';
import { IsDefined, IsInt, Min, NotEquals, ValidateIf } from 'class-validator';
import { IsTimestamp, IsUuidString, toIntegerFromString, toTimestamp } from '../../http/validation';

export class CompareAndSetBody {
  @IsDefined() @IsUuidString() listingId!: string;
  /** null when the listing has no stock yet; the key itself must be there. */
  /** Either total may come as a whole-number string, as the Web Template's stock input sends it. */
  @ValidateIf((_o, v) => v !== null) @IsDefined() @Transform(toIntegerFromString) @IsInt() @Min(0) oldTotal!: number | null;
  @IsDefined() @Transform(toIntegerFromString) @IsInt() @Min(0) newTotal!: number;
}

export class CreateAdjustmentBody {
  @IsDefined() @IsUuidString() listingId!: string;
  @IsDefined() @IsInt() @NotEquals(0) quantity!: number;
}

export class AdjustmentQueryParams {
  @IsDefined() @IsUuidString() listingId!: string;
  @IsDefined() @Transform(toTimestamp) @IsTimestamp() start!: Date;
  @IsDefined() @Transform(toTimestamp) @IsTimestamp() end!: Date;
}

export class ShowReservationQuery {
  @IsDefined() @IsUuidString() id!: string;
}
