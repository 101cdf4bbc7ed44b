import type { PoolClient } from 'pg';
import { encodeStored } from '../shared/stored-json';
import type { ReadModelOp } from './document-store.port';

type Put = Extract<ReadModelOp, { op: 'put' }>;
type Delete = Extract<ReadModelOp, { op: 'delete' }>;

/**
 * Puts documents (each at most once in `puts`) in four statements whatever their number. A versioned put
 * (position set) is written unless the stored document or its tombstone is newer; an unversioned one always,
 * keeping the stored version. The keys of every written document are replaced, its older tombstone dropped.
 */
export const putDocuments = async (client: PoolClient, puts: Put[]): Promise<void> => {
  const column = <T>(f: (p: Put) => T) => puts.map(f);
  const written = await client.query<{ collection: string; marketplace_id: string; id: string }>(
    `INSERT INTO documents AS d (collection, marketplace_id, id, created_at, body, fields, position)
     SELECT r.collection, r.marketplace_id, r.id, r.created_at, r.body::json, r.fields::jsonb, coalesce(r.position, 0)
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::bigint[])
       AS r(collection, marketplace_id, id, created_at, body, fields, position)
     WHERE r.position IS NULL OR NOT EXISTS (
       SELECT 1 FROM document_tombstones t
       WHERE t.collection = r.collection AND t.marketplace_id = r.marketplace_id AND t.id = r.id AND t.position > r.position)
     ON CONFLICT (collection, marketplace_id, id) DO UPDATE SET
       created_at = excluded.created_at, body = excluded.body, fields = excluded.fields,
       position = CASE WHEN excluded.position = 0 THEN d.position ELSE excluded.position END
     WHERE excluded.position = 0 OR excluded.position >= d.position
     RETURNING d.collection, d.marketplace_id, d.id`,
    [
      column((p) => p.collection),
      column((p) => p.document.marketplaceId),
      column((p) => p.document.id),
      column((p) => p.document.createdAt),
      column((p) => encodeStored(p.document.body)),
      column((p) => JSON.stringify(p.document.fields ?? {})),
      column((p) => p.position ?? null),
    ],
  );
  if (written.rows.length === 0) return;
  const byKey = new Map(puts.map((p) => [JSON.stringify([p.collection, p.document.marketplaceId, p.document.id]), p]));
  const done = written.rows.map((r) => byKey.get(JSON.stringify([r.collection, r.marketplace_id, r.id]))!);
  const ids = [done.map((p) => p.collection), done.map((p) => p.document.marketplaceId), done.map((p) => p.document.id)];
  await client.query(
    `DELETE FROM document_keys k USING unnest($1::text[], $2::text[], $3::text[]) AS r(collection, marketplace_id, id)
     WHERE k.collection = r.collection AND k.marketplace_id = r.marketplace_id AND k.id = r.id`,
    ids,
  );
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
  const versioned = done.filter((p) => p.position !== undefined);
  if (versioned.length > 0) {
    await client.query(
      `DELETE FROM document_tombstones t USING unnest($1::text[], $2::text[], $3::text[], $4::bigint[]) AS r(collection, marketplace_id, id, position)
       WHERE t.collection = r.collection AND t.marketplace_id = r.marketplace_id AND t.id = r.id AND t.position <= r.position`,
      [versioned.map((p) => p.collection), versioned.map((p) => p.document.marketplaceId), versioned.map((p) => p.document.id), versioned.map((p) => p.position)],
    );
  }
};

/** A versioned delete older than the stored document is ignored; otherwise it leaves a tombstone at its position. */
export const deleteDocument = async (client: PoolClient, { collection, marketplaceId, id, position }: Delete): Promise<void> => {
  const key = [collection, marketplaceId, id];
  if (position !== undefined) {
    const stored = await client.query<{ position: string }>('SELECT position FROM documents WHERE collection = $1 AND marketplace_id = $2 AND id = $3', key);
    if (stored.rows.length > 0 && Number(stored.rows[0].position) > position) return;
    await client.query(
      `INSERT INTO document_tombstones (collection, marketplace_id, id, position) VALUES ($1, $2, $3, $4)
       ON CONFLICT (collection, marketplace_id, id) DO UPDATE SET position = greatest(document_tombstones.position, excluded.position)`,
      [...key, position],
    );
  }
  await client.query('DELETE FROM documents WHERE collection = $1 AND marketplace_id = $2 AND id = $3', key);
  await client.query('DELETE FROM document_keys WHERE collection = $1 AND marketplace_id = $2 AND id = $3', key);
};

/** Checkpoints only move forward: a lower position than the recorded one is ignored. */
export const saveCheckpoints = async (client: PoolClient, checkpoints: Record<string, number>): Promise<void> => {
  const entries = Object.entries(checkpoints);
  if (entries.length === 0) return;
  await client.query(
    `INSERT INTO projection_checkpoints (name, position) SELECT * FROM unnest($1::text[], $2::bigint[])
     ON CONFLICT (name) DO UPDATE SET position = excluded.position WHERE excluded.position > projection_checkpoints.position`,
    [entries.map(([name]) => name), entries.map(([, position]) => position)],
  );
};
