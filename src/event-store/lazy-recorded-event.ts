import { shapeVersionInText } from '../shared/event-shapes';
import { decodeStored } from '../shared/stored-json';
import type { EventMetadata, RecordedEvent } from './event-store.port';

/**
 * A stored event whose data and metadata (the resource view, the bulk of an event) are decoded from their stored
 * text on first access: folding a stream into an aggregate's state reads only `data` (and the shape version, read
 * from the text's end), and a subscriber passing over an event reads neither. Shared by the SQL adapters.
 */
export const lazyRecordedEvent = (event: Pick<RecordedEvent, 'id' | 'streamId' | 'revision' | 'position' | 'type'>, dataText: string, metadataText: string): RecordedEvent => {
  let data: unknown;
  let metadata: EventMetadata | undefined;
  const recorded: RecordedEvent = {
    ...event,
    get data(): unknown {
      data ??= decodeStored(dataText);
      return data;
    },
    get metadata(): EventMetadata {
      metadata ??= decodeStored(metadataText) as EventMetadata;
      return metadata;
    },
  };
  // Not enumerable: a hint for readers of this adapter, not part of the event (a copy or a comparison leaves it out).
  return Object.defineProperty(recorded, 'storedShapeVersion', { get: () => shapeVersionInText(metadataText) });
};
