import { IsBoolean, IsDefined, IsEmail, IsIn, IsOptional, IsString, Length, Matches, MaxLength, ValidateIf } from 'class-validator';
import { IsExtendedData, IsUuidString, MatchesTimestamp, Optional } from '../../http/validation';

/** The optional profile attributes a user may write about themselves. */
class ProfileExtras {
  /** null restores the default (first name + initial of last name). */
  @IsOptional() @IsString() @Length(1, 255) displayName?: string | null;
  @IsOptional() @IsString() @MaxLength(5000) bio?: string | null;
  @Optional() @IsExtendedData() publicData?: Record<string, unknown>;
  @Optional() @IsExtendedData() protectedData?: Record<string, unknown>;
  @Optional() @IsExtendedData() privateData?: Record<string, unknown>;
}

export class SignUpBody extends ProfileExtras {
  @IsDefined() @IsString() @IsEmail({}, { message: 'email must be a valid email address' }) @MaxLength(254) email!: string;
  @IsDefined() @IsString() @Length(8, 256) password!: string;
  @IsDefined() @IsString() @Length(1, 255) firstName!: string;
  @IsDefined() @IsString() @Length(1, 255) lastName!: string;
}

/** Decorators do not survive redeclaring a field in a subclass, so optional names live here, not in the base. */
export class UpdateOwnProfileBody extends ProfileExtras {
  @IsOptional() @IsString() @Length(1, 255) firstName?: string;
  @IsOptional() @IsString() @Length(1, 255) lastName?: string;
  /** null removes the profile image. */
  @IsOptional() @IsUuidString() profileImageId?: string | null;
}

const EMAIL = { message: 'email must be a valid email address' };

export class ChangeEmailBody {
  @IsDefined() @IsString() currentPassword!: string;
  @IsDefined() @IsString() @IsEmail({}, EMAIL) @MaxLength(254) email!: string;
}

export class ChangePasswordBody {
  @IsDefined() @IsString() currentPassword!: string;
  @IsDefined() @IsString() @Length(8, 256) newPassword!: string;
}

export class VerifyEmailBody {
  @IsDefined() @IsString() @MaxLength(200) verificationToken!: string;
}

export class DeleteAccountBody {
  @IsOptional() @IsString() currentPassword?: string;
  /** Payment accounts are not held by this server, so there is nothing to delete there. */
  @IsOptional() @IsBoolean() deleteFromStripe?: boolean;
}

/** A malformed address is bad input (400), not an unknown one (409 email-not-found): no user can hold it. */
export class PasswordResetRequestBody {
  @IsDefined() @IsString() @IsEmail({}, EMAIL) @MaxLength(254) email!: string;
}

export class PasswordResetBody {
  @IsDefined() @IsString() @IsEmail({}, EMAIL) @MaxLength(254) email!: string;
  @IsDefined() @IsString() @MaxLength(200) passwordResetToken!: string;
  @IsDefined() @IsString() @Length(8, 256) newPassword!: string;
}

export class UserIdBody {
  @IsDefined() @IsUuidString() id!: string;
}

const PERMISSION = ['permission/allow', 'permission/deny'];
const PERMISSION_MESSAGE = { message: '$property must be permission/allow or permission/deny' };

export class UpdatePermissionsBody extends UserIdBody {
  @IsOptional() @IsIn(PERMISSION, PERMISSION_MESSAGE) postListings?: 'permission/allow' | 'permission/deny';
  @IsOptional() @IsIn(PERMISSION, PERMISSION_MESSAGE) initiateTransactions?: 'permission/allow' | 'permission/deny';
  @IsOptional() @IsIn(PERMISSION, PERMISSION_MESSAGE) read?: 'permission/allow' | 'permission/deny';
}

export class VerifyUserEmailBody extends UserIdBody {
  @IsDefined() @IsString() @MaxLength(254) email!: string;
}

/** Integration API users/update_profile: operators may also write metadata. */
export class UpdateUserProfileBody extends UpdateOwnProfileBody {
  @IsDefined() @IsUuidString() id!: string;
  @Optional() @IsExtendedData() metadata?: Record<string, unknown>;
}

export class ShowUserQuery {
  @IsDefined() @IsUuidString() id!: string;
}

/** Integration API users/show: by id or by email. */
export class ShowUserByIdOrEmailQuery {
  @ValidateIf((q: ShowUserByIdOrEmailQuery) => q.email === undefined) @IsDefined({ message: 'id or email is required' }) @IsUuidString() id?: string;
  @IsOptional() @IsString() @MaxLength(254) email?: string;
}

/** Moved to the convention layer (src/http/validation.ts); re-exported until src/marketplaces/http imports it from there. */

/** current_user/create_with_idp: the names and email may come from the ID token instead. */
export class SignUpWithIdpBody extends ProfileExtras {
  @IsDefined() @IsString() @MaxLength(200) idpId!: string;
  @IsDefined() @IsString() @MaxLength(500) idpClientId!: string;
  @IsDefined() @IsString() @MaxLength(20000) idpToken!: string;
  @IsOptional() @IsString() @IsEmail({}, EMAIL) @MaxLength(254) email?: string;
  @IsOptional() @IsString() @Length(1, 255) firstName?: string;
  @IsOptional() @IsString() @Length(1, 255) lastName?: string;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** Integration API users/query, besides the extended-data filters (pub_, meta_, priv_, prot_). */
export class QueryUsersParams {
  @IsOptional() @MatchesTimestamp(TIMESTAMP, { message: 'createdAtStart must be an ISO 8601 timestamp' }) createdAtStart?: string;
  @IsOptional() @MatchesTimestamp(TIMESTAMP, { message: 'createdAtEnd must be an ISO 8601 timestamp' }) createdAtEnd?: string;
  @IsOptional() @IsString() @MaxLength(300) sort?: string;
}
