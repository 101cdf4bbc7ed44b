import { IsDefined, IsInt, IsOptional, IsString } from 'class-validator';
import { constraint, IsUuidString } from '../../http/validation';
import type { FileState } from '../domain/file.views';

/** own_files/create: what `sdk.file.metadata(file)` gives. Lengths, types and the size range are domain rules. */
export class CreateOwnFileBody {
  @IsDefined() @IsString() name!: string;
  @IsDefined() @IsString() mimeType!: string;
  @IsDefined() @IsInt() size!: number;
}

/** Integration API files/create: the same, owned by `userId` when given, else by the operator. */
export class CreateFileBody extends CreateOwnFileBody {
  @IsOptional() @IsUuidString() userId?: string;
}

export class FileIdBody {
  @IsDefined() @IsUuidString() fileId!: string;
}

export class ShowFileQuery {
  @IsDefined() @IsUuidString() id!: string;
}

export const FILE_STATES: readonly FileState[] = ['pendingUpload', 'pendingVerification', 'available', 'verificationFailed'];

const IsFileStateList = constraint(
  'isFileStateList',
  (v) => typeof v === 'string' && v.split(',').every((s) => (FILE_STATES as readonly string[]).includes(s.trim())),
  `must be a comma-separated list of ${FILE_STATES.join(', ')}`,
  { type: 'string', pattern: `^\\s*(${FILE_STATES.join('|')})\\s*(,\\s*(${FILE_STATES.join('|')})\\s*)*$` },
);

/** Integration API files/query: by owner and states; `page`/`perPage` are common parameters. */
export class FilesQueryParams {
  @IsOptional() @IsUuidString() userId?: string;
  @IsOptional() @IsString() @IsFileStateList() states?: string;
}
