import { Client, errors, estypes } from '@elastic/elasticsearch';
import { decodeStored, encodeStored } from '../shared/stored-json';
import { anyOfQuery, missingQuery, rangeQuery, sortableNumber, TYPED_VALUE_MAPPINGS, TypedValues, typedPath, typedValuesOf } from './elasticsearch-typed-values';
import {
  DocumentQuery,
  DocumentStore,
  FieldCondition,
  QueryResult,
  ReadModelOp,
  SortKey,
  StoredDocument,
} from './document-store.port';

export interface ElasticsearchDocumentStoreOptions {
  node: string;
  /** Prepended to every index name, so several deployments (or test runs) can share a cluster. */
  indexPrefix?: string;
  /** A client of the caller's (tests: one over the Elastic client's own mock connection); otherwise one for `node`. */
  client?: Client;
}

/** The indexed form of a StoredDocument. */
interface DocumentSource {
  id: string;
  marketplaceId: string;
  createdAt: string;
  keys: string[];
  /** encodeStored(body): returned as is, never searched. */
  body: string;
  /** The filterable fields as typed pairs (elasticsearch-typed-values.ts). */
  xs: TypedValues['xs'];
  xn: TypedValues['xn'];
  xb: TypedValues['xb'];
  /** A tombstone: what a versioned delete leaves, so an older put cannot bring the document back. */
  deleted?: boolean;
}

interface CheckpointSource {
  position: number;
}

/**
 * One mapping for every collection, tenant and key: filterable fields are typed pairs in three flattened fields
 * (elasticsearch-typed-values.ts), so no value a client sends can be refused for its type, and the mapping never
 * grows with keys or marketplaces.
 */
const DOCUMENT_MAPPING: estypes.MappingTypeMapping = {
  dynamic: 'strict',
  date_detection: false,
  numeric_detection: false,
  properties: {
    id: { type: 'keyword' },
    marketplaceId: { type: 'keyword' },
    createdAt: { type: 'date' },
    keys: { type: 'keyword' },
    body: { type: 'keyword', index: false, doc_values: false },
    deleted: { type: 'boolean' },
    ...TYPED_VALUE_MAPPINGS,
  },
};

/** index.max_result_window (the Elasticsearch default): pages past it are read with search_after. */
export const RESULT_WINDOW = 10_000;
/** Bulk items refused for load (429) are sent again, alone, this many times before the apply fails. */
const BULK_ATTEMPTS = 5;
/**
 * Bumped when the layout changes: new indices (and checkpoints) are built from the log by the catch-up engine,
 * not migrated in place. v2: typed pairs instead of dynamically mapped fields.
 */
const LAYOUT = 'v2';

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
  private templatesPut: Promise<void> | null = null;

  constructor({ node, indexPrefix = '', client }: ElasticsearchDocumentStoreOptions) {
    this.client = client ?? new Client({ node });
    this.prefix = indexPrefix.toLowerCase();
    this.checkpointIndex = `${this.prefix}checkpoints-${LAYOUT}`;
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
        operations.push({ id: op.id, marketplaceId: op.marketplaceId, createdAt: new Date(0).toISOString(), keys: [], body: '', xs: {}, xn: {}, xb: {}, deleted: true });
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

  /**
   * Sends a bulk request and checks every item: a version conflict (a newer write is there) and deleting a missing
   * document are what the caller wanted; items refused for load (429) are sent again alone, with backoff; any
   * other refusal throws, so no checkpoint moves past it (the caller's engine retries, then stops visibly).
   */
  private async bulk(operations: Array<estypes.BulkOperationContainer | object>): Promise<void> {
    let pending = pairsOf(operations);
    for (let attempt = 1; pending.length > 0; attempt += 1) {
      const response = await this.client.bulk({ operations: pending.flat(), refresh: 'wait_for' });
      if (!response.errors) return;
      const retry: typeof pending = [];
      const failures: string[] = [];
      response.items.forEach((item, i) => {
        const [type, result] = Object.entries(item)[0];
        if (!result.error || (type === 'delete' && result.status === 404) || result.status === 409) return;
        if (result.status === 429 && attempt < BULK_ATTEMPTS) retry.push(pending[i]);
        else failures.push(`${type} ${result._index}/${result._id}: ${result.status} ${result.error.type} ${result.error.reason ?? ''}`);
      });
      if (failures.length > 0) throw new Error(`Elasticsearch bulk failed for ${failures.length} item(s): ${failures.join('; ')}`);
      pending = retry;
      if (pending.length > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
    }
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
    const index = this.indexFor(collection);
    const request = { query: { bool: { filter } }, sort: sortClause(q.sort) };
    if (q.offset + q.limit <= RESULT_WINDOW) {
      try {
        const { hits } = await this.search(index, { ...request, from: q.offset, size: q.limit, track_total_hits: true });
        return { items: bodiesOf<T>(hits.hits), total: totalOf(hits) };
      } catch (error) {
        // An index whose operator set a smaller max_result_window: read the page the deep way.
        if (!isResultWindowError(error)) throw error;
      }
    }
    return this.deepPage<T>(index, request, q.offset, q.limit);
  }

  /**
   * A page past the result window: walk the sorted matches with search_after (the sort ends with the document id,
   * unique within a marketplace), reading only sort values until the offset, then the page itself.
   */
  private async deepPage<T>(index: string, request: Pick<estypes.SearchRequest, 'query' | 'sort'>, offset: number, limit: number): Promise<QueryResult<T>> {
    const { hits: counted } = await this.search(index, { ...request, size: 0, track_total_hits: true });
    const total = totalOf(counted);
    let after: estypes.SortResults | undefined;
    for (let skipped = 0; skipped < Math.min(offset, total); ) {
      const size = Math.min(RESULT_WINDOW, offset - skipped);
      const { hits } = await this.search(index, { ...request, size, _source: false, track_total_hits: false, ...(after ? { search_after: after } : {}) });
      if (hits.hits.length === 0) return { items: [], total };
      after = hits.hits[hits.hits.length - 1].sort;
      skipped += hits.hits.length;
    }
    if (offset >= total || limit === 0) return { items: [], total };
    const { hits } = await this.search(index, { ...request, size: Math.min(limit, RESULT_WINDOW), track_total_hits: false, ...(after ? { search_after: after } : {}) });
    return { items: bodiesOf<T>(hits.hits), total };
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
    return `${this.prefix}docs-${LAYOUT}-${collection.toLowerCase().replace(/[^a-z0-9_.-]/g, '_')}`;
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

  /**
   * Composable index templates for every index this store writes: an index dropped by a rebuild (this process's or
   * another's) and then auto-created by a concurrent instance's bulk write gets the same mapping, never a dynamic one
   * (`id` as text). Put once per store; a template put again with the same body changes nothing.
   */
  private templates(): Promise<void> {
    this.templatesPut ??= Promise.all([
      this.client.indices.putIndexTemplate({ name: `${this.prefix}docs-${LAYOUT}`, index_patterns: [`${this.prefix}docs-${LAYOUT}-*`], template: { mappings: DOCUMENT_MAPPING } }),
      this.client.indices.putIndexTemplate({ name: this.checkpointIndex, index_patterns: [this.checkpointIndex], template: { mappings: CHECKPOINT_MAPPING } }),
    ]).then(() => undefined);
    this.templatesPut.catch(() => (this.templatesPut = null));
    return this.templatesPut;
  }

  private async createIndex(index: string, mappings: estypes.MappingTypeMapping): Promise<void> {
    await this.templates();
    try {
      await this.client.indices.create({ index, mappings });
    } catch (error) {
      // Another process (or an earlier run) created it; an index from before tombstones learns their field.
      // After a rebuild's swap the name is an alias of the rebuilt index: it exists too.
      if (errorType(error) !== 'resource_already_exists_exception' && !isAliasName(error)) throw error;
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
  ...typedValuesOf(d.fields ?? {}),
});

/** A condition, or else the field's absence when documents without it match too. */
const conditionQuery = (c: FieldCondition): estypes.QueryDslQueryContainer[] => {
  if (!c.includeMissing) return matchQuery(c);
  return [{ bool: { should: [{ bool: { filter: matchQuery(c) } }, missingQuery(c.field)], minimum_should_match: 1 } }];
};

const matchQuery = (c: FieldCondition): estypes.QueryDslQueryContainer[] => {
  switch (c.op) {
    case 'eq':
      return [anyOfQuery(c.field, [c.value])];
    case 'in':
      // On a list field a term matches when any element equals it: "has any".
      return [anyOfQuery(c.field, c.values)];
    case 'all':
      return c.values.map((value) => anyOfQuery(c.field, [value]));
    case 'range':
      return [rangeQuery(c.field, c.gte, c.lt)];
  }
};

const sortClause = (sort: SortKey[] | undefined): estypes.SortCombinations[] => {
  const keys: SortKey[] = sort && sort.length > 0 ? sort : [{ field: 'createdAt', direction: 'desc' }];
  return [
    ...keys.flatMap((k): estypes.SortCombinations[] => {
      if (k.field === 'createdAt') return [{ createdAt: { order: k.direction } }];
      // Typed values sort numbers before text ascending and text before numbers descending (as SQLite orders
      // types); a default for documents without the value is a number.
      const numbers: estypes.SortCombinations = {
        [typedPath('xn', k.field)]: { order: k.direction, missing: k.missing === undefined ? '_last' : sortableNumber(k.missing), unmapped_type: 'keyword' },
      };
      const texts: estypes.SortCombinations = { [typedPath('xs', k.field)]: { order: k.direction, missing: '_last', unmapped_type: 'keyword' } };
      return k.direction === 'asc' ? [numbers, texts] : [texts, numbers];
    }),
    // Stable order for equal keys, as the SQLite adapter's `id ASC`.
    { id: { order: 'asc' } },
  ];
};

/** Action and source of each bulk item, so that an item can be sent again alone. */
const pairsOf = (operations: Array<estypes.BulkOperationContainer | object>): Array<Array<estypes.BulkOperationContainer | object>> => {
  const pairs: Array<Array<estypes.BulkOperationContainer | object>> = [];
  for (let i = 0; i < operations.length; i += 1) {
    const action = operations[i] as estypes.BulkOperationContainer;
    if (action.delete) pairs.push([action]);
    else pairs.push([action, operations[(i += 1)]]);
  }
  return pairs;
};

const totalOf = (hits: estypes.SearchHitsMetadata<unknown>): number => (typeof hits.total === 'number' ? hits.total : (hits.total?.value ?? 0));

const bodiesOf = <T>(hits: Array<estypes.SearchHit<DocumentSource>>): T[] => hits.flatMap((hit) => (hit._source ? [decodeStored<T>(hit._source.body)] : []));

const isResultWindowError = (error: unknown): boolean =>
  error instanceof errors.ResponseError && JSON.stringify(error.body ?? '').includes('Result window is too large');

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

/** Elasticsearch's answer to creating an index whose name is an alias (the live name after a rebuild's swap). */
export const isAliasName = (error: unknown): boolean => {
  const cause = (error as { body?: { error?: { type?: string; reason?: string } } })?.body?.error;
  return cause?.type === 'invalid_index_name_exception' && /alias/.test(cause.reason ?? '');
};
