import { Client, errors, estypes } from '@elastic/elasticsearch';
import { field, FieldKind, fieldsOf, FIELD_TYPES, MAPPING, searchRequestOf, Source, toSource } from './elasticsearch-search-query';
import { AVAILABILITY_MAPPING, planKeysOf, planKeysRequest } from './elasticsearch-availability-query';
import type { ListingSearch, ListingSearchQuery, ListingSearchResult, SearchOp } from './listing-search.port';

export interface ElasticsearchListingSearchOptions {
  node: string;
  /** Prepended to the index name, so deployments and test runs can share a cluster. */
  indexPrefix?: string;
}

/**
 * The production search read model: one index, documents keyed `<marketplaceId>:<id>`. Words and reversed
 * words are keywords (term and prefix queries give the n-gram matches of search-text.ts); relevance is the same
 * sum of constant scores as the SQLite adapter computes, so both answer in the same order.
 *
 * The mapping follows the search schemas: extended data is kept in _source for every key, and the first query
 * that needs a key (a filter, a sort or a text schema) maps it and re-indexes the index from _source.
 */
export class ElasticsearchListingSearch implements ListingSearch {
  private readonly client: Client;
  private readonly index: string;
  private ready: Promise<void> | null = null;
  /** Extended-data fields known to be mapped, or being mapped (`x.s.pub_color`). */
  private readonly mapped = new Map<string, Promise<void>>();

  constructor({ node, indexPrefix = '' }: ElasticsearchListingSearchOptions) {
    this.client = new Client({ node });
    this.index = `${indexPrefix.toLowerCase()}listing-search`;
  }

  async apply(ops: SearchOp[]): Promise<void> {
    if (ops.length === 0) return;
    await this.ensureIndex();
    const operations: Array<estypes.BulkOperationContainer | Source> = [];
    for (const op of ops) {
      if (op.op === 'put') operations.push({ index: { _index: this.index, _id: `${op.document.marketplaceId}:${op.document.id}` } }, toSource(op.document));
      else operations.push({ delete: { _index: this.index, _id: `${op.marketplaceId}:${op.id}` } });
    }
    // refresh=true: the command that wrote answers only when a search can see the change.
    const response = await this.client.bulk({ operations, refresh: true });
    if (!response.errors) return;
    const failures = response.items
      .flatMap((item) => Object.entries(item))
      .filter(([type, result]) => result.error && !(type === 'delete' && result.status === 404))
      .map(([type, result]) => `${type} ${result._id}: ${result.error?.type} ${result.error?.reason ?? ''}`);
    if (failures.length > 0) throw new Error(`Elasticsearch bulk failed for ${failures.length} item(s): ${failures.join('; ')}`);
  }

  async query(q: ListingSearchQuery): Promise<ListingSearchResult> {
    if (q.ids?.length === 0) return { ids: [], total: 0 };
    await this.ensureIndex();
    await this.ensureFields(fieldsOf(q));
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
    this.mapped.clear();
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

  /** Creates the index, or learns which extended-data fields an existing one maps. */
  private async openIndex(): Promise<void> {
    try {
      await this.client.indices.create({ index: this.index, mappings: MAPPING });
    } catch (error) {
      if (!(error instanceof errors.ResponseError && (error.body as { error?: { type?: string } })?.error?.type === 'resource_already_exists_exception')) throw error;
      // An index made before availability search: map its field (documents get it when re-indexed or rebuilt).
      await this.client.indices.putMapping({ index: this.index, properties: AVAILABILITY_MAPPING });
      const mapping = await this.client.indices.getMapping({ index: this.index });
      const kinds = (mapping[this.index]?.mappings.properties?.x as estypes.MappingObjectProperty | undefined)?.properties ?? {};
      for (const [kind, property] of Object.entries(kinds)) {
        for (const key of Object.keys((property as estypes.MappingObjectProperty).properties ?? {})) this.mapped.set(field(kind as FieldKind, key), Promise.resolve());
      }
    }
  }

  /**
   * Maps fields no schema had asked for before, then re-indexes every document from _source so that existing
   * listings are found by them (update-by-query; new writes are indexed with the new mapping already).
   */
  private async ensureFields(fields: Array<{ kind: FieldKind; key: string }>): Promise<void> {
    const missing = fields.filter((f) => !this.mapped.has(field(f.kind, f.key)));
    if (missing.length > 0) {
      const work = this.mapFields(missing);
      for (const f of missing) this.mapped.set(field(f.kind, f.key), work);
      work.catch(() => missing.forEach((f) => this.mapped.delete(field(f.kind, f.key))));
    }
    await Promise.all(fields.map((f) => this.mapped.get(field(f.kind, f.key))));
  }

  private async mapFields(fields: Array<{ kind: FieldKind; key: string }>): Promise<void> {
    const kinds: Record<string, { properties: Record<string, estypes.MappingProperty> }> = {};
    for (const f of fields) (kinds[f.kind] ??= { properties: {} }).properties[f.key] = { type: FIELD_TYPES[f.kind] };
    await this.client.indices.putMapping({ index: this.index, properties: { x: { properties: kinds } } });
    await this.client.updateByQuery(
      { index: this.index, conflicts: 'proceed', refresh: true, wait_for_completion: true, query: { match_all: {} } },
      { requestTimeout: 10 * 60_000 },
    );
  }
}
