import type { EventViewFormat } from '../event-store/event-store.port';
import type { EventMetadata } from '../shared/log-events';
import type { EventShapes } from '../shared/event-shapes';
import { decodeStored, encodeStored } from '../shared/stored-json';
import { decodeTransitTyped, encodeTransitUncached, keyword } from '../shared/transit-codec';
import { BigDecimal, LatLng, Money, Uuid } from '../shared/values';
import { eventView, ViewedEvent } from './event.view';

/**
 * events/query's page, joined from per-event texts. An event never changes, so its view is encoded once (the
 * embedded store keeps the Transit text of every public event, src/event-store/sqlite-event-views.ts) and a page
 * is those texts joined in log order inside the envelope.
 *
 * Transit: without the write cache (`encodeTransitUncached`), so each text is valid wherever it lands; the page is
 * byte for byte what the uncached writer makes of the whole envelope, and reads the same as the cached encoding
 * (test/event-view-pages.spec.ts decodes both with the SDK's reader). JSON: each event's text is made from its
 * Transit text (`jsonOfTransitView`), byte for byte JSON.stringify of the view. Verbose Transit is encoded whole.
 */
export type { EventViewFormat } from '../event-store/event-store.port';

/** Bump when eventView or its encoding changes: stored texts of another version are then encoded again at read. */
export const EVENT_VIEW_VERSION = 1;

/**
 * How a store's view cache makes and tags its texts: from the event's metadata in its current shape (an event
 * written by an older release is shown as the port shows it, src/event-store/shaped-event-store.ts), tagged with a
 * version that changes with EVENT_VIEW_VERSION and with the shapes, so texts made before a release added an
 * upcaster are stale and encoded again. A 31-bit number: PostgreSQL keeps it in an `integer`.
 */
export interface EventViewTexts {
  readonly version: number;
  /** The text of an event as read from the log (its stored metadata). */
  ofStored(e: ViewedEvent): string;
  /** The text of an event just appended (storedEventView). */
  ofAppended(e: ViewedEvent): string;
}

export const eventViewTexts = (shapes: EventShapes): EventViewTexts => {
  const fingerprint = shapes.fingerprint();
  const current = (e: ViewedEvent): ViewedEvent => ({ id: e.id, type: e.type, position: e.position, metadata: shapes.currentMetadata(e.type, e.metadata) });
  return {
    version: fingerprint === 0 ? EVENT_VIEW_VERSION : (EVENT_VIEW_VERSION * 1_000_003 + fingerprint) % 2_147_483_647,
    ofStored: (e) => encodeEventView(current(e), 'transit'),
    ofAppended: (e) => storedEventView(current(e)),
  };
};

/** The `event` resource as the envelope renders it (src/http/envelope.ts, without `fields.event` or relationships). */
export const renderedEventView = (e: ViewedEvent) => {
  const view = eventView(e);
  return { id: new Uuid(view.id), type: keyword(view.type), attributes: view.attributes };
};

/** One event's text in a page, from the event as a read of the log returns it. */
export const encodeEventView = (e: ViewedEvent, format: EventViewFormat): string => {
  const rendered = renderedEventView(e);
  return format === 'json' ? JSON.stringify(rendered) : encodeTransitUncached(rendered);
};

/**
 * The Transit text at append time. A read of the log returns the metadata as stored (Transit verbose,
 * src/shared/stored-json.ts), which is not always the value appended: a keyword is read back as a string,
 * `undefined` as null. The text must be what a read would show, so metadata that does not come back identical is
 * stored and read again first; the usual metadata (plain data, strings, numbers, Uuid, Date, Money) is used as is.
 */
export const storedEventView = (e: ViewedEvent): string => {
  const metadata = readsBackIdentical(e.metadata) ? e.metadata : decodeStored<EventMetadata>(encodeStored(e.metadata));
  return encodeEventView({ id: e.id, type: e.type, position: e.position, metadata }, 'transit');
};

/**
 * An event's JSON text from its Transit text: reading the text gives the view's values again (Uuid, Date, Money,
 * LatLng, BigDecimal; the keyword `event` as a string, which JSON writes alike), so this is JSON.stringify of the view.
 */
export const jsonOfTransitView = (transit: string): string => JSON.stringify(decodeTransitTyped(transit));

/**
 * The page, as the UTF-8 bytes of what the uncached writer, or JSON.stringify, makes of `{data: [views], meta}`
 * (buildEnvelope's order), from the views' texts already joined with commas (`joinViews`, or the store's own join).
 */
export const eventPage = (joinedViews: Buffer, meta: Record<string, unknown>, format: EventViewFormat): Buffer => {
  const head = format === 'json' ? '{"data":[' : '["^ ","data",[';
  const tail = format === 'json' ? `],"meta":${JSON.stringify(meta)}}` : `],"meta",${encodeTransitUncached(meta)}]`;
  return Buffer.concat([Buffer.from(head), joinedViews, Buffer.from(tail)]);
};

/**
 * Texts joined with commas, written straight into one buffer as UTF-8: joining 100 texts into a string, which
 * the server then encodes to UTF-8 again, cost several times more than reading them.
 */
export const joinViews = (views: string[]): Buffer => {
  let size = Math.max(0, views.length - 1);
  for (const view of views) size += Buffer.byteLength(view);
  const joined = Buffer.allocUnsafe(size);
  let at = 0;
  for (let i = 0; i < views.length; i++) {
    if (i > 0) joined[at++] = COMMA;
    at += joined.write(views[i], at);
  }
  // Every byte is written (allocUnsafe's memory is never sent): byteLength and write agree on UTF-8.
  if (at !== size) throw new Error(`events/query views: wrote ${at} bytes of ${size}`);
  return joined;
};

const COMMA = 0x2c;

const MAX_DEPTH = 64;

/**
 * True when storing and reading `value` gives an equal value of the same types: plain objects and arrays of
 * strings, booleans, null, finite numbers (not -0), valid Dates and the shared value classes. Anything else (a
 * keyword, undefined, a class, a sparse array, a deep tree) answers false, and the caller takes the slow exact way.
 */
export const readsBackIdentical = (value: unknown, depth = 0): boolean => {
  if (value === null) return true;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0);
    case 'object':
      break;
    default:
      return false;
  }
  if (depth > MAX_DEPTH) return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (!(i in value) || !readsBackIdentical(value[i], depth + 1)) return false;
    return true;
  }
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto === Object.prototype || proto === null) {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) if (!readsBackIdentical(record[key], depth + 1)) return false;
    return true;
  }
  if (proto === Uuid.prototype) return typeof (value as Uuid).uuid === 'string';
  if (proto === Date.prototype) {
    // Years 0 to 9999: ISO text of four-digit years, which every Transit reader parses back.
    const time = (value as Date).getTime();
    return time >= -62167219200000 && time <= 253402300799999;
  }
  if (proto === Money.prototype) return readsBackIdentical((value as Money).amount) && typeof (value as Money).currency === 'string';
  if (proto === LatLng.prototype) return readsBackIdentical((value as LatLng).lat) && readsBackIdentical((value as LatLng).lng);
  if (proto === BigDecimal.prototype) return typeof (value as BigDecimal).value === 'string';
  return false;
};
