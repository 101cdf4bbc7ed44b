import type { PoolClient } from 'pg';
import { copyRow } from '../infrastructure/postgres-copy';
import { encodeStored } from '../shared/stored-json';
import type { ReadModelOp } from './document-store.port';
import type { DocumentRow, KeyRow } from './sqlite-document-bulk-load';

export type Put = Extract<ReadModelOp, { op: 'put' }>;
export type Delete = Extract<ReadModelOp, { op: 'delete' }>;

/**
 * Puts documents (each at most once in `puts`) in one statement, two when written documents hold keys (and the
 * checkpoints in the first, when given). A versioned put (position set) is written unless the stored document or
 * its tombstone is newer; an unversioned one always, keeping the stored version. The keys of every written
 * document are replaced, its older tombstone dropped. One statement rather than five: inline, these run inside the
 * append transaction, under the append lock, where every round trip is paid by every waiting command.
 */
export const putDocuments = async (client: PoolClient, puts: Put[], checkpoints: Record<string, number> = {}): Promise<void> => {
  const column = <T>(f: (p: Put) => T) => puts.map(f);
  const entries = Object.entries(checkpoints);
  // The CTEs write different tables (a statement must not change a row twice): documents, then by what was
  // written, their keys (all deleted here, claimed again below) and older tombstones; the checkpoints.
  const written = await client.query<{ collection: string; marketplace_id: string; id: string }>(
    `WITH r AS (
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::bigint[])
         AS r(collection, marketplace_id, id, created_at, body, fields, position)),
     written AS (
       INSERT INTO documents AS d (collection, marketplace_id, id, created_at, body, fields, position)
       SELECT r.collection, r.marketplace_id, r.id, r.created_at, r.body::json, r.fields::jsonb, coalesce(r.position, 0)
       FROM r
       WHERE r.position IS NULL OR NOT EXISTS (
         SELECT 1 FROM document_tombstones t
         WHERE t.collection = r.collection AND t.marketplace_id = r.marketplace_id AND t.id = r.id AND t.position > r.position)
       ON CONFLICT (collection, marketplace_id, id) DO UPDATE SET
         created_at = excluded.created_at, body = excluded.body, fields = excluded.fields,
         position = CASE WHEN excluded.position = 0 THEN d.position ELSE excluded.position END
       WHERE excluded.position = 0 OR excluded.position >= d.position
       RETURNING d.collection, d.marketplace_id, d.id),
     unkeyed AS (
       DELETE FROM document_keys k USING written w
       WHERE k.collection = w.collection AND k.marketplace_id = w.marketplace_id AND k.id = w.id),
     untombstoned AS (
       DELETE FROM document_tombstones t USING written w JOIN r ON r.collection = w.collection AND r.marketplace_id = w.marketplace_id AND r.id = w.id
       WHERE t.collection = w.collection AND t.marketplace_id = w.marketplace_id AND t.id = w.id AND t.position <= r.position),
     checkpointed AS (${checkpointsForward('$8', '$9')})
     SELECT collection, marketplace_id, id FROM written`,
    [
      column((p) => p.collection),
      column((p) => p.document.marketplaceId),
      column((p) => p.document.id),
      column((p) => p.document.createdAt),
      column((p) => encodeStored(p.document.body)),
      column((p) => JSON.stringify(p.document.fields ?? {})),
      column((p) => p.position ?? null),
      entries.map(([name]) => name),
      entries.map(([, position]) => position),
    ],
  );
  if (written.rows.length === 0) return;
  const byKey = new Map(puts.map((p) => [JSON.stringify([p.collection, p.document.marketplaceId, p.document.id]), p]));
  const done = written.rows.map((r) => byKey.get(JSON.stringify([r.collection, r.marketplace_id, r.id]))!);
  const keys = done.flatMap((p) => [...new Set(p.document.keys ?? [])].map((key) => [p.collection, p.document.marketplaceId, key, p.document.id]));
  if (keys.length > 0) {
    // A key another document of the run also claims: the later one keeps it (as INSERT OR REPLACE one by one would).
    const lastClaim = new Map(keys.map((k) => [JSON.stringify(k.slice(0, 3)), k]));
    const claims = [...lastClaim.values()];
    await client.query(
      `INSERT INTO document_keys (collection, marketplace_id, key, id)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[])
       ON CONFLICT (collection, marketplace_id, key) DO UPDATE SET id = excluded.id`,
      [0, 1, 2, 3].map((i) => claims.map((k) => k[i])),
    );
  }
};

/**
 * Deletes documents (each at most once in `deletes`) in one statement, with the checkpoints when given. A versioned
 * delete older than the stored document is ignored; otherwise the document and its keys go, and a versioned one
 * leaves a tombstone at its position. One statement rather than four per delete: inline, under the append lock, a
 * paid booking's deletes were four round trips each, and a separate one for the checkpoints after them.
 */
export const deleteDocuments = async (client: PoolClient, deletes: Delete[], checkpoints: Record<string, number> = {}): Promise<void> => {
  const column = <T>(f: (d: Delete) => T) => deletes.map(f);
  const entries = Object.entries(checkpoints);
  await client.query(
    `WITH r AS (
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[]) AS r(collection, marketplace_id, id, position)),
     due AS (
       SELECT r.* FROM r
       WHERE r.position IS NULL OR NOT EXISTS (
         SELECT 1 FROM documents d WHERE d.collection = r.collection AND d.marketplace_id = r.marketplace_id AND d.id = r.id AND d.position > r.position)),
     tombstoned AS (
       INSERT INTO document_tombstones AS t (collection, marketplace_id, id, position)
       SELECT collection, marketplace_id, id, position FROM due WHERE position IS NOT NULL
       ON CONFLICT (collection, marketplace_id, id) DO UPDATE SET position = greatest(t.position, excluded.position)),
     gone AS (
       DELETE FROM documents d USING due WHERE d.collection = due.collection AND d.marketplace_id = due.marketplace_id AND d.id = due.id),
     unkeyed AS (
       DELETE FROM document_keys k USING due WHERE k.collection = due.collection AND k.marketplace_id = due.marketplace_id AND k.id = due.id),
     checkpointed AS (${checkpointsForward('$5', '$6')})
     SELECT 1`,
    [
      column((d) => d.collection),
      column((d) => d.marketplaceId),
      column((d) => d.id),
      column((d) => d.position ?? null),
      entries.map(([name]) => name),
      entries.map(([, position]) => position),
    ],
  );
};

/**
 * Checkpoints only move forward: a lower position than the recorded one is ignored. The statement, given its names'
 * and positions' parameters, for the statements that write documents and checkpoints together.
 */
const checkpointsForward = (names: string, positions: string): string =>
  `INSERT INTO projection_checkpoints AS c (name, position) SELECT * FROM unnest(${names}::text[], ${positions}::bigint[])
   ON CONFLICT (name) DO UPDATE SET position = excluded.position WHERE excluded.position > c.position`;

export const saveCheckpoints = async (client: PoolClient, checkpoints: Record<string, number>): Promise<void> => {
  const entries = Object.entries(checkpoints);
  if (entries.length === 0) return;
  await client.query(checkpointsForward('$1', '$2'), [entries.map(([name]) => name), entries.map(([, position]) => position)]);
};

/** The tables of a rebuild's load into empty tables (finalDocumentLines), with their columns in the lines' order. */
export const FINAL_DOCUMENT_TABLES = {
  documents: 'documents (collection, marketplace_id, id, created_at, body, fields, position)',
  document_tombstones: 'document_tombstones (collection, marketplace_id, id, position)',
  document_keys: 'document_keys (collection, marketplace_id, key, id)',
} as const;

/**
 * A rebuild's final states (projections/newest-first.ts) as COPY lines into empty tables
 * (src/infrastructure/postgres-copy.ts): each document, tombstone and key once, so plain rows (a duplicate fails,
 * as a wrong replay must).
 */
export const finalDocumentLines = (documents: readonly DocumentRow[], keys: readonly KeyRow[]): Record<keyof typeof FINAL_DOCUMENT_TABLES, string> => {
  let puts = '';
  let tombstones = '';
  let claims = '';
  for (const d of documents) {
    if (d.put) puts += copyRow([d.collection, d.marketplaceId, d.id, d.put.createdAt, d.put.body, d.put.fields, d.position]);
    else tombstones += copyRow([d.collection, d.marketplaceId, d.id, d.position]);
  }
  for (const k of keys) claims += copyRow([k.collection, k.marketplaceId, k.key, k.id]);
  return { documents: puts, document_tombstones: tombstones, document_keys: claims };
};
