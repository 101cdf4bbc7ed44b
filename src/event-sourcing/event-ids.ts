import { createHash } from 'node:crypto';
import type { NewEvent } from '../event-store/event-store.port';

/**
 * Event ids derived from the command that decides them, so that an append repeated after a lost answer (a timeout
 * or a dropped connection while the store did write) is recognised by the store and stored once (KurrentDB's
 * idempotent append; the SQLite adapter does the same check) instead of twice.
 *
 * The id is a digest of the command's id, the stream, the revision the events are appended at, the event's index
 * and its content: the same command repeating the same append gets the same ids; a new decision (another revision
 * after a conflict) or another command gets new ones, even if a client reuses an X-Request-Id for different
 * changes.
 */
export const derivedEventIds = (commandId: string, streamId: string, expectedRevision: number | string, events: readonly NewEvent[]): NewEvent[] =>
  events.map((event, index) => ({
    ...event,
    id: uuidOfDigest(
      createHash('sha256')
        .update(`${commandId}\u0000${streamId}\u0000${expectedRevision}\u0000${index}\u0000${event.type}\u0000`)
        .update(JSON.stringify(event.data) ?? '')
        .digest(),
    ),
  }));

/** An RFC 9562 version-8 (custom) UUID from the first 16 bytes of a digest. */
const uuidOfDigest = (digest: Buffer): string => {
  const b = Buffer.from(digest.subarray(0, 16));
  b[6] = (b[6] & 0x0f) | 0x80;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = b.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};
