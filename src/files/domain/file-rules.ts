import { invalidValue } from '../../shared/api-error';

/** The platform's limit: 1 GB (FILE_MAX_BYTES may lower or raise it). */
export const DEFAULT_MAX_FILE_BYTES = 1_073_741_824;
export const MAX_FILE_NAME_LENGTH = 255;

/** `type/subtype` (RFC 6838 restricted names), optionally followed by parameters (`; charset=utf-8`). */
const MIME_TYPE = /^([A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126})\/([A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126})\s*(;.*)?$/;

/**
 * Potentially harmful types, refused when the file is created (the platform names shell scripts, executables and
 * disk images). Compared on the lower-cased essence (`type/subtype`, no parameters).
 */
export const BLOCKED_MIME_TYPES: ReadonlySet<string> = new Set([
  // executables and installers
  'application/x-msdownload',
  'application/x-msdos-program',
  'application/x-ms-installer',
  'application/x-msi',
  'application/x-dosexec',
  'application/vnd.microsoft.portable-executable',
  'application/x-executable',
  'application/x-elf',
  'application/x-mach-binary',
  'application/x-sharedlib',
  'application/x-apple-diskimage',
  'application/vnd.apple.installer+xml',
  'application/x-ms-shortcut',
  'application/java-archive',
  'application/x-java-archive',
  'application/vnd.android.package-archive',
  'application/x-bat',
  'application/x-msmetafile',
  // scripts
  'application/x-sh',
  'application/x-csh',
  'application/x-shellscript',
  'text/x-shellscript',
  'text/x-sh',
  'application/x-powershell',
  'application/x-perl',
  'text/x-perl',
  'application/x-python-code',
  'text/x-python',
  'application/x-httpd-php',
  'application/vnd.ms-cab-compressed',
  'text/vbscript',
  'application/hta',
  // disk images
  'application/x-iso9660-image',
  'application/x-cd-image',
  'application/x-raw-disk-image',
  'application/x-virtualbox-vdi',
  'application/x-vhd',
  'application/x-qemu-disk',
]);

/**
 * What an HTTP header value may hold (visible ASCII, space, tab): the MIME type is sent back as the download's
 * Content-Type, so a control character (or anything Node refuses in a header) would make every download fail.
 */
const HEADER_SAFE = /^[\t\x20-\x7e]*$/;

/** The lower-cased `type/subtype` of a valid MIME type, or null (also for one that cannot be sent as a header). */
export const mimeEssence = (mimeType: string): string | null => {
  if (!HEADER_SAFE.test(mimeType)) return null;
  const match = MIME_TYPE.exec(mimeType.trim());
  return match ? `${match[1]}/${match[2]}`.toLowerCase() : null;
};

/**
 * A file as declared at creation: a name of 1..255 characters, a valid and allowed MIME type, a whole size of 1
 * byte up to `maxBytes`. 400 validation-invalid-value at the offending key otherwise (the Web Template reads
 * `source.path` containing `mimeType` as "file type not supported").
 */
export const assertDeclaredFile = (file: { name: string; mimeType: string; size: number }, maxBytes: number): void => {
  if (file.name.length < 1 || file.name.length > MAX_FILE_NAME_LENGTH || file.name.trim() === '')
    throw invalidValue(['name'], 'body', `name must be 1 to ${MAX_FILE_NAME_LENGTH} characters.`);
  const essence = mimeEssence(file.mimeType);
  if (essence === null) throw invalidValue(['mimeType'], 'body', 'mimeType must be a MIME type (type/subtype).');
  if (BLOCKED_MIME_TYPES.has(essence)) throw invalidValue(['mimeType'], 'body', `Files of type ${essence} are not accepted.`);
  if (!Number.isInteger(file.size) || file.size < 1 || file.size > maxBytes)
    throw invalidValue(['size'], 'body', `size must be a whole number of bytes from 1 to ${maxBytes}.`);
};
