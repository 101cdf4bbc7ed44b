import { IsDefined, IsString, MaxLength } from 'class-validator';
import { IsUuidString } from '../../http/validation';

export class SignInBody {
  @IsDefined() @IsString() @MaxLength(320) email!: string;
  @IsDefined() @IsString() @MaxLength(1000) password!: string;
}

export class MintTokenBody {
  @IsDefined() @IsUuidString() marketplaceId!: string;
}
