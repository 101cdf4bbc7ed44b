import { ArrayMaxSize, IsArray, IsDefined, IsOptional, IsString, Length, ValidateIf } from 'class-validator';
import { constraint, IsExtendedData, IsUuidString } from '../../http/validation';

const IsParams = constraint('isParams', (v) => typeof v === 'object' && v !== null && !Array.isArray(v), 'must be a map of the transition\'s params', { type: 'object' });

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
