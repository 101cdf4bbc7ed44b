import { Client, errors } from '@elastic/elasticsearch';
import Mock from '@elastic/elasticsearch-mock';
import { ElasticsearchDocumentStore } from './elasticsearch-document-store';
import { sortableNumber } from './elasticsearch-typed-values';
import { searchableFields } from '../users/users.projection';

/**
 * The Elasticsearch document store against recorded answers of Elasticsearch 8 (the shapes of its bulk, search
 * and error bodies), through the Elastic client's own mock connection: the real client, no server.
 */
type Call = { method: string; path: string; body: any };

const setUp = () => {
  const mock = new Mock();
  const calls: Call[] = [];
  const client = new Client({ node: 'http://localhost:9200', Connection: mock.getConnection() });
  const store = new ElasticsearchDocumentStore({ node: 'http://localhost:9200', indexPrefix: 't-', client });
  const record = (params: { method: string; path: string; body?: unknown }) => calls.push({ method: params.method, path: params.path, body: params.body });
  mock.add({ method: 'PUT', path: '/:index' }, (params: any) => (record(params), { acknowledged: true, shards_acknowledged: true, index: params.path.slice(1) }));
  mock.add({ method: 'PUT', path: '/_index_template/:name' }, (params: any) => (record(params), { acknowledged: true }));
  return { mock, calls, store, bulks: () => calls.filter((c) => c.path === '/_bulk'), record };
};

/** A bulk body as the client sends it: NDJSON lines (or the array), as objects. */
const linesOf = (body: unknown): any[] => (Array.isArray(body) ? body : String(body).trim().split('\n').map((l) => JSON.parse(l)));

const put = (id: string, fields: Record<string, unknown>, position: number) => ({
  op: 'put' as const,
  collection: 'user',
  document: { id, marketplaceId: 'mp-1', createdAt: '2026-01-01T00:00:00.000Z', body: { id }, fields: fields as never },
  position,
});

const itemOk = (id: string) => ({ index: { _index: 't-docs-v2-user', _id: `mp-1:${id}`, _version: 1, result: 'created', status: 201 } });

describe('ElasticsearchDocumentStore (recorded engine answers)', () => {
  it('puts composable templates of its mappings before creating indices (an index auto-created after a rebuild is mapped the same)', async () => {
    const t = setUp();
    t.mock.add({ method: 'POST', path: '/_bulk' }, (params: any) => (t.record(params), { took: 3, errors: false, items: linesOf(params.body).filter((l) => l.index || l.update).map(() => itemOk('x')) }));
    await t.store.apply([put('a', { pub_size: 'L' }, 10)], { users: 10 });
    const templates = t.calls.filter((c) => c.path.startsWith('/_index_template/'));
    expect(templates.map((c) => [c.path, c.body.index_patterns])).toEqual([
      ['/_index_template/t-docs-v2', ['t-docs-v2-*']],
      ['/_index_template/t-checkpoints-v2', ['t-checkpoints-v2']],
    ]);
    const firstIndex = t.calls.findIndex((c) => c.method === 'PUT' && c.path === '/t-docs-v2-user');
    expect(t.calls.findIndex((c) => c.path === '/_index_template/t-docs-v2')).toBeLessThan(firstIndex);
    expect(templates[0].body.template.mappings.properties.xs).toEqual(expect.objectContaining({ type: 'flattened' }));
  });

  it('never sends a key Lucene would refuse (a term over 32,766 bytes fails the document and stops its projection)', async () => {
    const t = setUp();
    t.mock.add({ method: 'POST', path: '/_bulk' }, (params: any) => (t.record(params), { took: 3, errors: false, items: linesOf(params.body).filter((l) => l.index || l.update).map(() => itemOk('x')) }));
    const huge = `pub_${'k'.repeat(33_000)}`;
    await t.store.apply([put('a', { [huge]: 'v', pub_size: 'L' }, 10)], { users: 10 });
    const source = linesOf(t.bulks()[0].body)[1];
    expect(Object.keys(source.xs)).toEqual(['pub_size']);
    // The users projection itself indexes only keys a search schema can name.
    expect(Object.keys(searchableFields({ publicData: { ['k'.repeat(33_000)]: 'v', size: 'L' } }))).toEqual(['pub_size']);
  });

  it('indexes extended data as typed pairs: a number, a string and a mixed list under one key never clash', async () => {
    const t = setUp();
    t.mock.add({ method: 'POST', path: '/_bulk' }, (params: any) => (t.record(params), { took: 3, errors: false, items: linesOf(params.body).filter((l) => l.index || l.update).map(() => itemOk('x')) }));
    await t.store.apply([put('a', { pub_x: 5 }, 10), put('b', { pub_x: 'XL' }, 11), put('c', { pub_x: [1, 'a'], 'pub_a.b': true }, 12)], { users: 12 });
    const create = t.calls.find((c) => c.method === 'PUT' && c.path === '/t-docs-v2-user')!;
    expect(create.body.mappings.properties).toEqual(expect.objectContaining({ xs: expect.objectContaining({ type: 'flattened' }), xn: { type: 'flattened' }, xb: { type: 'flattened' } }));
    expect(create.body.mappings.dynamic).toBe('strict');
    const [documents, checkpoints] = t.bulks().map((b) => linesOf(b.body));
    const sources = documents.filter((l) => !l.index);
    expect(sources.map((s) => [s.xs, s.xn, s.xb])).toEqual([
      [{}, { pub_x: [sortableNumber(5)] }, {}],
      [{ pub_x: ['XL'] }, {}, {}],
      [{ pub_x: ['a'] }, { pub_x: [sortableNumber(1)] }, { 'pub_a%2Eb': ['true'] }],
    ]);
    expect(documents.filter((l) => l.index).map((l) => [l.index.version, l.index.version_type])).toEqual([
      [10, 'external_gte'],
      [11, 'external_gte'],
      [12, 'external_gte'],
    ]);
    expect(checkpoints[0]).toEqual({ update: expect.objectContaining({ _index: 't-checkpoints-v2', _id: 'users' }) });
  });

  it('given a bulk answer with one failed item (a mapping exception), then apply fails and no checkpoint is written', async () => {
    const t = setUp();
    t.mock.add({ method: 'POST', path: '/_bulk' }, (params: any) => {
      t.record(params);
      return {
        took: 5,
        errors: true,
        items: [
          itemOk('a'),
          { index: { _index: 't-docs-v2-user', _id: 'mp-1:b', status: 400, error: { type: 'mapper_parsing_exception', reason: "failed to parse field [xs] of type [flattened] in document with id 'mp-1:b'" } } },
        ],
      };
    });
    await expect(t.store.apply([put('a', { pub_x: 1 }, 20), put('b', { pub_x: 2 }, 21)], { users: 21 })).rejects.toThrow(/1 item\(s\): index t-docs-v2-user\/mp-1:b: 400 mapper_parsing_exception/);
    expect(t.bulks()).toHaveLength(1);
    expect(linesOf(t.bulks()[0].body).some((l) => l.update)).toBe(false);
  });

  it('sends items refused for load (429) again, alone, then the checkpoint; a version conflict is a newer write', async () => {
    const t = setUp();
    let round = 0;
    t.mock.add({ method: 'POST', path: '/_bulk' }, (params: any) => {
      t.record(params);
      round += 1;
      if (round === 1)
        return {
          took: 2,
          errors: true,
          items: [
            itemOk('a'),
            { index: { _index: 't-docs-v2-user', _id: 'mp-1:b', status: 429, error: { type: 'es_rejected_execution_exception', reason: 'rejected execution of coordinating operation' } } },
            { index: { _index: 't-docs-v2-user', _id: 'mp-1:c', status: 409, error: { type: 'version_conflict_engine_exception', reason: '[mp-1:c]: version conflict, current version [40] is higher than the one provided [22]' } } },
          ],
        };
      return { took: 1, errors: false, items: linesOf(params.body).filter((l) => l.index || l.update).map(() => itemOk('b')) };
    });
    await t.store.apply([put('a', { n: 1 }, 20), put('b', { n: 2 }, 21), put('c', { n: 3 }, 22)], { users: 22 });
    const [, again, checkpoint] = t.bulks().map((b) => linesOf(b.body));
    expect(again.filter((l) => l.index).map((l) => l.index._id)).toEqual(['mp-1:b']);
    expect(checkpoint[0].update._id).toBe('users');
  });

  it('reads a page past the result window with search_after, and falls back to it on a result-window error', async () => {
    const t = setUp();
    const total = 10_050;
    const searches: any[] = [];
    t.mock.add({ method: ['GET', 'POST'], path: '/:index/_search' }, (params: any) => {
      const body = params.body;
      searches.push(body);
      if (body.from !== undefined)
        return new errors.ResponseError({
          body: {
            error: { root_cause: [], type: 'search_phase_execution_exception', reason: 'all shards failed', caused_by: { type: 'illegal_argument_exception', reason: 'Result window is too large, from + size must be less than or equal to: [1000] but was [1100].' } },
            status: 400,
          },
          statusCode: 400,
          headers: {},
          warnings: null,
          meta: {} as never,
        } as never);
      const start = body.search_after ? Number(body.search_after[1].slice(3)) + 1 : 0;
      const size = Math.min(body.size, total - start);
      const hits = Array.from({ length: Math.max(0, size) }, (_, i) => ({
        _index: 't-docs-v2-user',
        _id: `mp-1:u${start + i}`,
        _score: null,
        ...(body._source === false ? {} : { _source: { body: JSON.stringify({ n: start + i }) } }),
        sort: [0, `mp-${String(start + i)}`],
      }));
      return { took: 1, timed_out: false, _shards: { total: 1, successful: 1, skipped: 0, failed: 0 }, hits: { total: { value: total, relation: 'eq' }, max_score: null, hits } };
    });
    const deep = await t.store.query('user', { marketplaceId: 'mp-1', offset: 10_000, limit: 100 });
    expect(deep.total).toBe(total);
    expect(deep.items).toHaveLength(50);
    expect(searches.every((b) => b.from === undefined)).toBe(true);
    expect(searches.filter((b) => b.size > 0).map((b) => b.size)).toEqual([10_000, 100]);

    searches.length = 0;
    const shallow = await t.store.query('user', { marketplaceId: 'mp-1', offset: 1000, limit: 100 });
    expect(searches[0].from).toBe(1000);
    expect(shallow.items).toHaveLength(100);
  });
});
