import { Client } from '@elastic/elasticsearch';
import Mock from '@elastic/elasticsearch-mock';
import { ElasticsearchListingSearch } from './elasticsearch-listing-search';
import type { SearchDocument } from './listing-search.port';

/** The Elasticsearch listing search against recorded Elasticsearch 8 answers, through the client's own mock connection. */
const setUp = (bulkAnswer: (lines: any[]) => Record<string, any>) => {
  const mock = new Mock();
  const bulks: any[][] = [];
  const templates: any[] = [];
  const client = new Client({ node: 'http://localhost:9200', Connection: mock.getConnection() });
  mock.add({ method: 'PUT', path: '/:index' }, () => ({ acknowledged: true, shards_acknowledged: true, index: 't-listing-search-v2' }));
  mock.add({ method: 'PUT', path: '/_index_template/:name' }, (params: any) => (templates.push(params), { acknowledged: true }));
  mock.add({ method: 'POST', path: '/_bulk' }, (params: any) => {
    const lines = Array.isArray(params.body) ? params.body : String(params.body).trim().split('\n').map((l: string) => JSON.parse(l));
    bulks.push(lines);
    return bulkAnswer(lines);
  });
  return { search: new ElasticsearchListingSearch({ node: 'http://localhost:9200', indexPrefix: 't-', client }), bulks, templates };
};

const listing = (id: string, values: SearchDocument['values']): SearchDocument => ({
  id,
  marketplaceId: 'mp',
  authorId: 'a',
  state: 'published',
  createdAt: 1,
  price: null,
  geolocation: null,
  titleWords: [],
  descriptionWords: [],
  values,
  stock: null,
});

const item = (id: string, status: number, error?: { type: string; reason: string }) => ({ index: { _index: 't-listing-search-v2', _id: `mp:${id}`, status, ...(error ? { error } : { result: 'created' }) } });

describe('ElasticsearchListingSearch (recorded engine answers)', () => {
  it('writes versions by log position, a versioned delete as a tombstone, and takes a version conflict as a newer write', async () => {
    const t = setUp(() => ({
      took: 1,
      errors: true,
      items: [item('a', 201), item('b', 409, { type: 'version_conflict_engine_exception', reason: 'current version [90] is higher than the one provided [31]' })],
    }));
    await t.search.apply([
      { op: 'put', document: listing('a', { pub_x: 5 }), position: 30 },
      { op: 'delete', marketplaceId: 'mp', id: 'b', position: 31 },
    ]);
    const [lines] = t.bulks;
    expect(lines[0]).toEqual({ index: { _index: 't-listing-search-v2', _id: 'mp:a', version: 30, version_type: 'external_gte' } });
    expect(lines[2]).toEqual({ index: { _index: 't-listing-search-v2', _id: 'mp:b', version: 31, version_type: 'external_gte' } });
    expect(lines[3]).toEqual(expect.objectContaining({ id: 'b', deleted: true }));
  });

  it('puts a composable template of its mapping before its index, so an index another instance auto-creates after a rebuild is mapped the same', async () => {
    const t = setUp((lines) => ({ took: 1, errors: false, items: lines.filter((l) => l.index).map(() => item('a', 201)) }));
    await t.search.apply([{ op: 'put', document: listing('a', { pub_x: 5 }), position: 30 }]);
    expect(t.templates.map((p) => [p.path, p.body.index_patterns])).toEqual([['/_index_template/t-listing-search-v2', ['t-listing-search-v2']]]);
    expect(t.templates[0].body.template.mappings.properties.x).toBeDefined();
  });

  it('fails the apply on any other refused item, so the checkpoint stays', async () => {
    const t = setUp(() => ({ took: 1, errors: true, items: [item('a', 400, { type: 'mapper_parsing_exception', reason: 'failed to parse' })] }));
    await expect(t.search.apply([{ op: 'put', document: listing('a', { pub_x: 'XL' }), position: 40 }])).rejects.toThrow(/index mp:a: 400 mapper_parsing_exception/);
  });
});
