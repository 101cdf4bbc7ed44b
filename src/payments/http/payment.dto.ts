import { IsArray, IsDefined, IsObject, IsOptional, IsString, Matches } from 'class-validator';
import { IsHttpUrl } from '../../http/validation';

export class CreateAccountBody {
  @IsDefined()
  @IsString()
  @Matches(/^[A-Z]{2}$/, { message: 'country must be an ISO 3166-1 alpha-2 code (two capital letters)' })
  country!: string;
  @IsOptional() @IsString() accountToken?: string;
  @IsOptional() @IsString() bankAccountToken?: string;
  @IsOptional() @IsString() businessProfileMCC?: string;
  @IsOptional() @IsString() businessProfileURL?: string;
  @IsOptional() @IsString() businessProfileProductDescription?: string;
  @IsOptional() @IsArray() @IsString({ each: true }) requestedCapabilities?: string[];
}

export class UpdateAccountBody {
  @IsOptional() @IsString() accountToken?: string;
  @IsOptional() @IsString() bankAccountToken?: string;
  @IsOptional() @IsString() businessProfileMCC?: string;
  @IsOptional() @IsString() businessProfileURL?: string;
  @IsOptional() @IsString() businessProfileProductDescription?: string;
  @IsOptional() @IsArray() @IsString({ each: true }) requestedCapabilities?: string[];
}

export class UpdateUserAccountBody {
  @IsOptional() @IsString() accountToken?: string;
  @IsOptional() @IsString() bankAccountToken?: string;
}

/** The SDK's `current_user/create_stripe_account`: the same account as `stripe_account/create`, answered as currentUser. */
export class CreateUserAccountBody extends CreateAccountBody {}

export class AccountLinkBody {
  /** Where the provider's onboarding sends the browser: absolute http(s) URLs only (no `javascript:`, no `//host`). */
  @IsDefined() @IsString() @IsHttpUrl() failureURL!: string;
  @IsDefined() @IsString() @IsHttpUrl() successURL!: string;
  @IsDefined() @IsString() type!: string;
  @IsOptional() @IsObject() collectionOptions?: Record<string, string>;
}

export class PersonBody {
  @IsDefined() @IsString() personToken!: string;
}

export class CreateCustomerBody {
  @IsOptional() @IsString() stripePaymentMethodId?: string;
  @IsOptional() @IsString() stripeCustomerEmail?: string;
}

export class PaymentMethodBody {
  @IsDefined() @IsString() stripePaymentMethodId!: string;
}
