import { randomUUID } from 'node:crypto';

/** Identifier source, injectable so tests can make ids predictable. */
export interface IdGenerator {
  next(): string;
}

export const randomIds: IdGenerator = { next: () => randomUUID() };

/** Injection token of the IdGenerator port (interfaces have no runtime identity in TypeScript). */
export const IDS = 'IdGenerator';
