import { createHash, randomUUID } from 'node:crypto';

/** Identifier source, injectable so tests can make ids predictable. */
export interface IdGenerator {
  next(): string;
}

export const randomIds: IdGenerator = { next: () => randomUUID() };

/**
 * A stable UUID named by a key, for resources that have a name but no id of their own (a process's transition, an
 * attempt of a webhook delivery): the data APIs write every resource id as a UUID (Transit `~u`).
 */
export const uuidNamedBy = (key: string): string => {
  const h = createHash('sha256').update(key).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

/** Injection token of the IdGenerator port (interfaces have no runtime identity in TypeScript). */
export const IDS = 'IdGenerator';
/** A UUID derived from a name (sha256, version nibble 4 / RFC 4122 variant): the same name gives the same id again (imports that resume or run twice). */
export const derivedUuid = (name: string): string => {
  const hex = createHash('sha256').update(name).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((parseInt(hex[16], 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

