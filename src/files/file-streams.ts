import { streams } from '../event-store/stream-names';
import { internalStream, modelOf, StreamRef } from '../event-sourcing/stream-model';
import { fileDecider, FileState, storedFileOf } from './domain/file.decider';
import type { FileEvent } from './domain/file.events';

export const fileModel = modelOf('file', fileDecider);

/**
 * A file's stream. Internal: the platform's documented event types have no files, so events/query never shows
 * them. Each event carries the file's read-model document after it, which the files projection stores.
 */
export const fileStream = (marketplaceId: string, fileId: string): StreamRef<FileState, FileEvent> =>
  internalStream(fileModel, streams.file(marketplaceId, fileId), { resource: storedFileOf, resourceType: 'file', resourceId: fileId });
