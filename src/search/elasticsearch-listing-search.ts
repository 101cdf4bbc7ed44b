import { isAliasName } from '../read-models/elasticsearch-document-store';
import { Client, errors, estypes } from '@elastic/elasticsearch';
import { MAPPING, searchRequestOf, Source, toSource } from './elasticsearch-search-query';
import { planKeysOf, planKeysRequest } from './elasticsearch-availability-query';
import type { ListingSearch, ListingSearchQuery, ListingSearchResult, SearchOp } from './listing-search.port';

export interface ElasticsearchListingSearchOptions {
  node: string;
  /** Prepended to the index name, so deployments and test runs can share a cluster. */
  indexPrefix?: string;
  /** A client of the caller's (tests: one over the Elastic client's own mock connection); otherwise one for `node`. */
  client?: Client;
}

/** Bumped when the layout changes (a new index, built from the log). v2: extended data as flattened typed fields. */
const LAYOUT = 'v2';

/**
 * The production search read model: one index, documents keyed `<marketplaceId>:<id>`. Words and reversed
 * words are keywords (term and prefix queries give the n-gram matches of search-text.ts); relevance is the same
 * sum of constant scores as the SQLite adapter computes, so both answer in the same order.
 *
 * The mapping is fixed (elasticsearch-search-query.ts): extended data of every key is indexed by kind in flattened
 * fields, so a search schema set at any time applies at once, with no mapping update or reindex in a request.
 * Writes carry their event's log position as an external version (`external_gte`): a lagging engine (another
 * server instance, the CLI) never writes an older listing over a newer one, and a delete leaves a tombstone
 * (Elasticsearch forgets a deleted document's version after index.gc_deletes).
 */
export class ElasticsearchListingSearch implements ListingSearch {
  private readonly client: Client;
  private readonly index: string;
  private ready: Promise<void> | null = null;

  constructor({ node, indexPrefix = '', client }: ElasticsearchListingSearchOptions) {
    this.client = client ?? new Client({ node });
    this.index = `${indexPrefix.toLowerCase()}listing-search-${LAYOUT}`;
  }

  async apply(ops: SearchOp[]): Promise<void> {
    if (ops.length === 0) return;
    await this.ensureIndex();
    const operations: Array<estypes.BulkOperationContainer | Source> = [];
    for (const op of ops) {
      const version = op.position === undefined ? {} : { version: op.position, version_type: 'external_gte' as const };
      if (op.op === 'put') {
        operations.push({ index: { _index: this.index, _id: `${op.document.marketplaceId}:${op.document.id}`, ...version } }, toSource(op.document));
      } else if (op.position !== undefined) {
        operations.push({ index: { _index: this.index, _id: `${op.marketplaceId}:${op.id}`, ...version } }, tombstone(op.marketplaceId, op.id));
      } else {
        operations.push({ delete: { _index: this.index, _id: `${op.marketplaceId}:${op.id}` } });
      }
    }
    // refresh=true: the command that wrote answers only when a search can see the change.
    const response = await this.client.bulk({ operations, refresh: true });
    if (!response.errors) return;
    // Every item is checked: a version conflict means a newer write is there, a missing document was the goal of
    // its delete; anything else (429 included: the engine retries the batch) stops the checkpoint.
    const failures = response.items
      .flatMap((item) => Object.entries(item))
      .filter(([type, result]) => result.error && !(type === 'delete' && result.status === 404) && result.status !== 409)
      .map(([type, result]) => `${type} ${result._id}: ${result.status} ${result.error?.type} ${result.error?.reason ?? ''}`);
    if (failures.length > 0) throw new Error(`Elasticsearch bulk failed for ${failures.length} item(s): ${failures.join('; ')}`);
  }

  async query(q: ListingSearchQuery): Promise<ListingSearchResult> {
    if (q.ids?.length === 0) return { ids: [], total: 0 };
    await this.ensureIndex();
    const response = await this.client.search<Source>({ index: this.index, ...searchRequestOf(q) });
    const total = typeof response.hits.total === 'number' ? response.hits.total : (response.hits.total?.value ?? 0);
    return { ids: response.hits.hits.map((hit) => hit._source!.id), total };
  }

  async availabilityPlans(marketplaceId: string): Promise<string[]> {
    await this.ensureIndex();
    return planKeysOf(await this.client.search({ index: this.index, ...planKeysRequest(marketplaceId) }));
  }

  async reset(): Promise<void> {
    this.ready = null;
    await this.client.indices.delete({ index: this.index, ignore_unavailable: true });
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  private ensureIndex(): Promise<void> {
    if (!this.ready) {
      this.ready = this.openIndex();
      this.ready.catch(() => (this.ready = null));
    }
    return this.ready;
  }

  private async openIndex(): Promise<void> {
    // A composable template: the index auto-created by another instance's write after a rebuild dropped it gets
    // this mapping, never a dynamic one.
    await this.client.indices.putIndexTemplate({ name: this.index, index_patterns: [this.index], template: { mappings: MAPPING } });
    try {
      await this.client.indices.create({ index: this.index, mappings: MAPPING });
    } catch (error) {
      // Another process (or an earlier run) created it.
      // ...or it is the alias a rebuild's swap made of this name.
      if (isAliasName(error)) return;
      if (!(error instanceof errors.ResponseError && (error.body as { error?: { type?: string } })?.error?.type === 'resource_already_exists_exception')) throw error;
    }
  }
}

const tombstone = (marketplaceId: string, id: string): Source => ({
  marketplaceId,
  id,
  authorId: '',
  state: 'deleted',
  createdAt: 0,
  price: null,
  stock: null,
  availabilityPlan: '',
  title_w: [],
  title_r: [],
  description_w: [],
  description_r: [],
  x: { s: {}, m: {}, n: {}, b: {}, w: {}, r: {} },
  deleted: true,
});
