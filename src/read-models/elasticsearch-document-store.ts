import { Client, errors, estypes } from '@elastic/elasticsearch';
import { decodeStored, encodeStored } from '../shared/stored-json';
import {
  DocumentQuery,
  DocumentStore,
  FieldCondition,
  FieldValue,
  QueryResult,
  ReadModelOp,
  SortKey,
  StoredDocument,
} from './document-store.port';

export interface ElasticsearchDocumentStoreOptions {
  node: string;
  /** Prepended to every index name, so several deployments (or test runs) can share a cluster. */
  indexPrefix?: string;
}

/** The indexed form of a StoredDocument. */
interface DocumentSource {
  id: string;
  marketplaceId: string;
  createdAt: string;
  keys: string[];
  /** encodeStored(body): returned as is, never searched. */
  body: string;
  fields: Record<string, FieldValue>;
  /** A tombstone: what a versioned delete leaves, so an older put cannot bring the document back. */
  deleted?: boolean;
}

interface CheckpointSource {
  position: number;
}

/**
 * Lucene rejects a keyword term above 32766 bytes; longer strings (at most 4 bytes a character) are kept in
 * _source but not indexed, instead of failing the whole document.
 */
const MAX_KEYWORD_CHARS = 8191;

const DOCUMENT_MAPPING: estypes.MappingTypeMapping = {
  dynamic: 'strict',
  date_detection: false,
  numeric_detection: false,
  // Filterable values get a type from their first value: strings are exact keywords, numbers doubles (an
  // integer first and a fraction later must not clash), booleans booleans.
  dynamic_templates: [
    { field_strings: { path_match: 'fields.*', match_mapping_type: 'string', mapping: { type: 'keyword', ignore_above: MAX_KEYWORD_CHARS } } },
    { field_longs: { path_match: 'fields.*', match_mapping_type: 'long', mapping: { type: 'double' } } },
    { field_doubles: { path_match: 'fields.*', match_mapping_type: 'double', mapping: { type: 'double' } } },
    { field_booleans: { path_match: 'fields.*', match_mapping_type: 'boolean', mapping: { type: 'boolean' } } },
  ],
  properties: {
    id: { type: 'keyword' },
    marketplaceId: { type: 'keyword' },
    createdAt: { type: 'date' },
    keys: { type: 'keyword' },
    body: { type: 'keyword', index: false, doc_values: false },
    deleted: { type: 'boolean' },
    // subobjects: false keeps a field name with dots (`pub_a.b`) one flat field instead of nested objects.
    fields: { type: 'object', dynamic: true, subobjects: false },
  },
};

const CHECKPOINT_MAPPING: estypes.MappingTypeMapping = {
  dynamic: 'strict',
  properties: { position: { type: 'long' } },
};

/**
 * Read models in Elasticsearch: one index per collection (`<prefix>docs-<collection>`), documents keyed by
 * `<marketplaceId>:<id>`, projection checkpoints in `<prefix>checkpoints`. Indices are created on first write
 * with an explicit mapping. Writes use refresh=wait_for, so a read after `apply` resolves sees them.
 *
 * Versions: a write with a position is indexed with `version: position, version_type: external_gte`, so an
 * older write than the stored one is refused (409, which is success here: a newer write is already there). A
 * versioned delete indexes a tombstone (`deleted: true`, hidden from every read) instead of deleting, because
 * Elasticsearch forgets a deleted document's version after `index.gc_deletes` (60 s).
 */
export class ElasticsearchDocumentStore implements DocumentStore {
  private readonly client: Client;
  private readonly prefix: string;
  private readonly checkpointIndex: string;
  /** Indices known to exist (or being created) by this process. */
  private readonly ensured = new Map<string, Promise<void>>();

  constructor({ node, indexPrefix = '' }: ElasticsearchDocumentStoreOptions) {
    this.client = new Client({ node });
    this.prefix = indexPrefix.toLowerCase();
    this.checkpointIndex = `${this.prefix}checkpoints`;
  }

  /**
   * The documents in one bulk request, then, only when every item succeeded, the checkpoints in another.
   * Elasticsearch has no multi-document transaction: if an item fails the others may be applied, but the error is
   * thrown before any checkpoint moves, so the projection re-applies the batch (versioned writes are idempotent).
   * A checkpoint only moves forward (a scripted compare-and-set).
   */
  async apply(ops: ReadModelOp[], checkpoints: Record<string, number>): Promise<void> {
    const operations: Array<estypes.BulkOperationContainer | DocumentSource> = [];
    const indices = new Set<string>();
    for (const op of ops) {
      const index = this.indexFor(op.collection);
      indices.add(index);
      const version = op.position === undefined ? {} : { version: op.position, version_type: 'external_gte' as const };
      if (op.op === 'put') {
        operations.push({ index: { _index: index, _id: documentId(op.document.marketplaceId, op.document.id), ...version } });
        operations.push(toSource(op.document));
      } else if (op.position !== undefined) {
        operations.push({ index: { _index: index, _id: documentId(op.marketplaceId, op.id), ...version } });
        operations.push({ id: op.id, marketplaceId: op.marketplaceId, createdAt: new Date(0).toISOString(), keys: [], body: '', fields: {}, deleted: true });
      } else {
        operations.push({ delete: { _index: index, _id: documentId(op.marketplaceId, op.id) } });
      }
    }
    if (operations.length > 0) {
      await Promise.all([...indices].map((index) => this.ensureIndex(index, DOCUMENT_MAPPING)));
      await this.bulk(operations);
    }
    const names = Object.entries(checkpoints);
    if (names.length === 0) return;
    await this.ensureIndex(this.checkpointIndex, CHECKPOINT_MAPPING);
    await this.bulk(
      names.flatMap(([name, position]) => [
        { update: { _index: this.checkpointIndex, _id: name, retry_on_conflict: 5 } },
        {
          script: {
            source: 'if (ctx._source.position == null || ctx._source.position < params.position) { ctx._source.position = params.position } else { ctx.op = "none" }',
            params: { position },
          },
          upsert: { position },
        },
      ]),
    );
  }

  private async bulk(operations: estypes.BulkRequest['operations']): Promise<void> {
    const response = await this.client.bulk({ operations, refresh: 'wait_for' });
    if (!response.errors) return;
    const failures = response.items
      .flatMap((item) => Object.entries(item))
      // Deleting a document that is already gone is what the caller wanted; a version conflict means a newer
      // write of the document is already there.
      .filter(([type, result]) => result.error && !(type === 'delete' && result.status === 404) && result.status !== 409)
      .map(([type, result]) => `${type} ${result._index}/${result._id}: ${result.error?.type} ${result.error?.reason ?? ''}`);
    if (failures.length > 0) throw new Error(`Elasticsearch bulk failed for ${failures.length} item(s): ${failures.join('; ')}`);
  }

  async checkpoint(projection: string): Promise<number> {
    const source = await this.getSource<CheckpointSource>(this.checkpointIndex, projection);
    return source?.position ?? 0;
  }

  async get<T>(collection: string, marketplaceId: string, id: string): Promise<T | null> {
    const source = await this.getSource<DocumentSource>(this.indexFor(collection), documentId(marketplaceId, id));
    return source && !source.deleted ? decodeStored<T>(source.body) : null;
  }

  async getByKey<T>(collection: string, marketplaceId: string, key: string): Promise<T | null> {
    const { hits } = await this.search(this.indexFor(collection), {
      query: { bool: { filter: [{ term: { marketplaceId } }, { term: { keys: key } }, LIVE] } },
      size: 1,
    });
    const source = hits.hits[0]?._source;
    return source ? decodeStored<T>(source.body) : null;
  }

  async query<T>(collection: string, q: DocumentQuery): Promise<QueryResult<T>> {
    const filter: estypes.QueryDslQueryContainer[] = [{ term: { marketplaceId: q.marketplaceId } }, LIVE];
    if (q.createdAtStart || q.createdAtEnd) {
      filter.push({ range: { createdAt: { gte: q.createdAtStart, lt: q.createdAtEnd } } });
    }
    for (const condition of q.where ?? []) filter.push(...conditionQuery(condition));
    const { hits } = await this.search(this.indexFor(collection), {
      query: { bool: { filter } },
      sort: sortClause(q.sort),
      from: q.offset,
      size: q.limit,
      track_total_hits: true,
    });
    const total = typeof hits.total === 'number' ? hits.total : (hits.total?.value ?? 0);
    const items = hits.hits.flatMap((hit) => (hit._source ? [decodeStored<T>(hit._source.body)] : []));
    return { items, total };
  }

  /** Deletes by explicit names: Elasticsearch 8 refuses wildcard index deletion by default. */
  async reset(): Promise<void> {
    const existing = await this.client.indices.get({
      index: `${this.prefix}docs-*`,
      allow_no_indices: true,
      expand_wildcards: 'all',
    });
    this.ensured.clear();
    await this.client.indices.delete({ index: [...Object.keys(existing), this.checkpointIndex], ignore_unavailable: true });
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  private indexFor(collection: string): string {
    // Index names are lower case and exclude \ / * ? " < > | , # : and spaces.
    return `${this.prefix}docs-${collection.toLowerCase().replace(/[^a-z0-9_.-]/g, '_')}`;
  }

  private ensureIndex(index: string, mappings: estypes.MappingTypeMapping): Promise<void> {
    let pending = this.ensured.get(index);
    if (!pending) {
      pending = this.createIndex(index, mappings);
      this.ensured.set(index, pending);
      // A failed creation is retried by the next write instead of being remembered.
      pending.catch(() => this.ensured.delete(index));
    }
    return pending;
  }

  private async createIndex(index: string, mappings: estypes.MappingTypeMapping): Promise<void> {
    try {
      await this.client.indices.create({ index, mappings });
    } catch (error) {
      // Another process (or an earlier run) created it; an index from before tombstones learns their field.
      if (errorType(error) !== 'resource_already_exists_exception') throw error;
      if (mappings === DOCUMENT_MAPPING) await this.client.indices.putMapping({ index, properties: { deleted: { type: 'boolean' } } });
    }
  }

  private async getSource<S>(index: string, id: string): Promise<S | null> {
    try {
      const response = await this.client.get<S>({ index, id });
      return response._source ?? null;
    } catch (error) {
      // A missing document, or a collection that has never been written to.
      if (error instanceof errors.ResponseError && error.statusCode === 404) return null;
      throw error;
    }
  }

  /** A search on a collection that has never been written to finds nothing rather than failing. */
  private async search(index: string, request: Omit<estypes.SearchRequest, 'index'>): Promise<estypes.SearchResponse<DocumentSource>> {
    try {
      return await this.client.search<DocumentSource>({ index, _source: ['body'], ...request });
    } catch (error) {
      if (errorType(error) === 'index_not_found_exception') return emptySearch();
      throw error;
    }
  }
}

const documentId = (marketplaceId: string, id: string): string => `${marketplaceId}:${id}`;

/** Not a tombstone. */
const LIVE: estypes.QueryDslQueryContainer = { bool: { must_not: [{ term: { deleted: true } }] } };

const toSource = (d: StoredDocument): DocumentSource => ({
  id: d.id,
  marketplaceId: d.marketplaceId,
  createdAt: d.createdAt,
  keys: d.keys ?? [],
  body: encodeStored(d.body),
  fields: d.fields ?? {},
});

const fieldPath = (field: string): string => `fields.${field}`;

/** A condition, or else the field's absence when documents without it match too. */
const conditionQuery = (c: FieldCondition): estypes.QueryDslQueryContainer[] => {
  if (!c.includeMissing) return matchQuery(c);
  const path = fieldPath(c.field);
  return [{ bool: { should: [{ bool: { filter: matchQuery(c) } }, { bool: { must_not: [{ exists: { field: path } }] } }], minimum_should_match: 1 } }];
};

const matchQuery = (c: FieldCondition): estypes.QueryDslQueryContainer[] => {
  const path = fieldPath(c.field);
  switch (c.op) {
    case 'eq':
      return [{ term: { [path]: c.value } }];
    case 'in':
      // On a list field a term matches when any element equals it: "has any".
      return [{ terms: { [path]: c.values } }];
    case 'all':
      return c.values.map((value) => ({ term: { [path]: value } }));
    case 'range':
      if (c.gte === undefined && c.lt === undefined) return [{ exists: { field: path } }];
      return [{ range: { [path]: { gte: c.gte, lt: c.lt } } }];
  }
};

const sortClause = (sort: SortKey[] | undefined): estypes.SortCombinations[] => {
  const keys: SortKey[] = sort && sort.length > 0 ? sort : [{ field: 'createdAt', direction: 'desc' }];
  return [
    ...keys.map((k): estypes.SortCombinations => {
      if (k.field === 'createdAt') return { createdAt: { order: k.direction } };
      return {
        [fieldPath(k.field)]: {
          order: k.direction,
          // Documents without the value sort last in both directions, unless the caller gives a default.
          missing: k.missing ?? '_last',
          // A field no document of the collection has yet is not in the mapping; sorting on it must not fail.
          unmapped_type: k.missing === undefined ? 'keyword' : 'double',
        },
      };
    }),
    // Stable order for equal keys, as the SQLite adapter's `id ASC`.
    { id: { order: 'asc' } },
  ];
};

const errorType = (error: unknown): string | undefined =>
  error instanceof errors.ResponseError
    ? (error.body as { error?: { type?: string } } | undefined)?.error?.type
    : undefined;

const emptySearch = (): estypes.SearchResponse<DocumentSource> => ({
  took: 0,
  timed_out: false,
  _shards: { total: 0, successful: 0, failed: 0 },
  hits: { total: { value: 0, relation: 'eq' }, hits: [] },
});
