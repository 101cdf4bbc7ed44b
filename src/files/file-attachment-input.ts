import { ApiError, disallowedKeyItem, ErrorItem, invalidValue, invalidValueItem } from '../shared/api-error';
import { isUuid } from '../shared/values';

/**
 * The file ids of a request's attachment list (`[{fileId}, ...]`, as the Web Template sends it); undefined when
 * the key is absent. Each bad entry is a 400 at its own path: `[field, i, 'fileId']` for a missing or malformed id,
 * `[field, i, key]` for an unknown key.
 */
export const fileIdsOf = (value: unknown, field: string): string[] | undefined => {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) throw invalidValue([field], 'body', `${field} must be a list of {fileId}`);
  const problems: ErrorItem[] = [];
  value.forEach((entry, i) => {
    const at = [field, String(i)];
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return problems.push(invalidValueItem(at, 'body', 'must be {fileId}'));
    for (const key of Object.keys(entry)) {
      if (key !== 'fileId') problems.push(disallowedKeyItem([...at, key], 'body', `property ${key} should not exist`));
    }
    if (!isUuid((entry as { fileId?: unknown }).fileId)) problems.push(invalidValueItem([...at, 'fileId'], 'body', 'fileId must be a UUID'));
  });
  if (problems.length > 0) throw new ApiError(problems);
  return value.map((entry: { fileId: string }) => entry.fileId);
};
