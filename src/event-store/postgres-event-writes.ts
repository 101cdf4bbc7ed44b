import type { PoolClient } from 'pg';
import { encodeStored } from '../shared/stored-json';
import type { AppendResult, RecordedEvent, StreamAppend } from './event-store.port';
import { EVENT_COLUMNS, EventRow, toRecorded } from './postgres-event-rows';

/** The writes of an append on PostgreSQL, on the connection of the batch's transaction (postgres-event-store.ts). */

/**
 * One statement for the whole append: the events (positions follow the rows' order, ORDER BY ordinality) and the
 * ids each one relates to, joined to the positions the INSERT hands out. One round trip, not two: it runs under
 * the append lock, where every round trip is paid by every command waiting.
 */
export const insertEvents = async (client: PoolClient, rows: Array<Omit<RecordedEvent, 'position'>>): Promise<RecordedEvent[]> => {
  if (rows.length === 0) return [];
  const column = <T>(f: (r: Omit<RecordedEvent, 'position'>) => T) => rows.map(f);
  const related = rows.flatMap((r) => (r.metadata.relatedIds ?? []).map((relatedId) => [r.id, relatedId] as const));
  const inserted = await client.query<{ id: string; position: string }>(
    `WITH inserted AS (
       INSERT INTO events (id, stream_id, revision, type, marketplace_id, public, resource_id, created_at, data, metadata)
       SELECT id, stream_id, revision, type, marketplace_id, public, resource_id, created_at, data::json, metadata::json
       FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::text[], $6::boolean[], $7::text[], $8::text[], $9::text[], $10::text[])
         WITH ORDINALITY AS r(id, stream_id, revision, type, marketplace_id, public, resource_id, created_at, data, metadata, n)
       ORDER BY n
       RETURNING id, position),
     related AS (
       INSERT INTO event_related (position, related_id)
       SELECT inserted.position, x.related_id FROM unnest($11::text[], $12::text[]) AS x(event_id, related_id) JOIN inserted ON inserted.id = x.event_id
       ON CONFLICT DO NOTHING)
     SELECT id, position FROM inserted`,
    [
      column((r) => r.id),
      column((r) => r.streamId),
      column((r) => r.revision),
      column((r) => r.type),
      column((r) => r.metadata.marketplaceId),
      column((r) => Boolean(r.metadata.public)),
      column((r) => r.metadata.resourceId ?? null),
      column((r) => r.metadata.createdAt),
      column((r) => encodeStored(r.data)),
      column((r) => encodeStored(r.metadata)),
      related.map(([eventId]) => eventId),
      related.map(([, relatedId]) => relatedId),
    ],
  );
  const positions = new Map(inserted.rows.map((r) => [r.id, Number(r.position)]));
  return rows.map((r) => ({ ...r, position: positions.get(r.id)! }));
};

/** The stored events of an append made before with the same ids, at the same streams and revisions; else null. */
export const storedRepeat = async (client: PoolClient, appends: StreamAppend[]): Promise<AppendResult | null> =>
  repeatAmong(appends, await storedEventsOf(client, [appends]));

/** The stored events with the ids of these appends' events, by id: one statement for any number of appends. */
export const storedEventsOf = async (client: PoolClient, appends: StreamAppend[][]): Promise<Map<string, RecordedEvent>> => {
  const ids = appends.flatMap((one) => one.flatMap((a) => a.events.flatMap((e) => (e.id ? [e.id] : []))));
  if (ids.length === 0) return new Map();
  const { rows } = await client.query<EventRow>(`SELECT ${EVENT_COLUMNS} FROM events WHERE id = ANY($1::text[])`, [ids]);
  return new Map(rows.map((r) => [r.id, toRecorded(r)]));
};

/** The answer to an append stored before with the same event ids, at the same streams and revisions; else null. */
export const repeatAmong = (appends: StreamAppend[], stored: Map<string, RecordedEvent>): AppendResult | null => {
  const ids = appends.flatMap((a) => a.events.map((e) => e.id));
  if (ids.length === 0 || ids.some((id) => !id)) return null;
  const events: RecordedEvent[] = [];
  const revisions: Record<string, number> = {};
  for (const append of appends) {
    const first = append.expectedRevision === 'no_stream' ? 0 : typeof append.expectedRevision === 'number' ? append.expectedRevision + 1 : null;
    for (const [i, event] of append.events.entries()) {
      const found = stored.get(event.id!);
      if (!found) return null;
      const expectedRevision = first === null ? found.revision : first + i;
      if (found.streamId !== append.streamId || found.revision !== expectedRevision || found.type !== event.type) return null;
      events.push(found);
      revisions[append.streamId] = found.revision;
    }
  }
  events.sort((a, b) => a.position - b.position);
  return { position: events.at(-1)!.position, revisions, events };
};
