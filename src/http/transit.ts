import transit from 'transit-js';
import { commonReadHandlers, mapBuilder } from '../shared/transit-codec';

/**
 * The HTTP side of the Transit codec. The value handlers and writers live in the shared kernel
 * (src/shared/transit-codec.ts), so the stored-event codec uses the same ones without depending on HTTP.
 */
export { encodeTransit, keyword } from '../shared/transit-codec';

/** Reads request bodies: UUIDs become plain strings (plain JSON requests carry them as strings too). */
const requestReader = transit.reader('json', {
  handlers: { ...commonReadHandlers, u: (rep: string) => rep },
  mapBuilder,
});

export const decodeTransit = (text: string): unknown => requestReader.read(text);
