import type { RecordedEvent } from '../event-store/event-store.port';
import type { Projection } from '../event-sourcing/projection';
import type { ReadModelOp } from '../read-models/document-store.port';
import type { StoredFile } from './domain/file.views';

export const FILES = 'file';

/** The files read model: every file by id, filterable by owner and state (Integration API files/query). */
export const filesProjection: Projection = {
  name: 'files',
  eventTypes: ['file/created', 'file/upload-received', 'file/verified'],
  project: (event: RecordedEvent): ReadModelOp[] => {
    const file = event.metadata.resource as StoredFile;
    return [
      {
        op: 'put',
        collection: FILES,
        document: {
          id: file.fileId,
          marketplaceId: event.metadata.marketplaceId,
          createdAt: file.createdAt,
          body: file,
          fields: { ownerId: file.ownerId, state: file.state },
        },
      },
    ];
  },
};
