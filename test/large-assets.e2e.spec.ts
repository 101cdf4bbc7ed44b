import { filesOf, treeAt } from '../src/assets/asset-history';
import { VERSION_PUBLISHED } from '../src/assets/domain/asset-tree.events';
import { publish, starterFiles, withJson } from './support/assets';
import { marketplaceSdk } from './support/sdks';
import { startTestServer, TestServer } from './support/test-server';

/** KurrentDB takes appends of up to 1 MiB by default; JSON assets may be 4 MiB: large texts go to the blob store. */
describe('a large JSON asset', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('publishes a 3 MiB asset through an event far below the append limit, and delivers it whole', async () => {
    const big = { rows: Array.from({ length: 30_000 }, (_, i) => ({ i, text: `row ${i} `.padEnd(90, 'x') })) };
    expect(Buffer.byteLength(JSON.stringify(big))).toBeGreaterThan(3 * 1024 * 1024);
    const { marketplaceId } = server.marketplace;
    await publish(server, withJson(await starterFiles(), { 'content/big.json': big }));

    const events = await server.infra.events.readAll({ limit: 100, filter: { marketplaceId, eventTypes: [VERSION_PUBLISHED] } });
    const last = events.at(-1)!;
    expect(Buffer.byteLength(JSON.stringify(last.data)) + Buffer.byteLength(JSON.stringify(last.metadata))).toBeLessThan(256 * 1024);

    const sdk = marketplaceSdk(server.baseUrl, server.marketplace);
    const res = await sdk.assetByAlias({ path: 'content/big.json', alias: 'latest' });
    expect(res.data.data).toEqual(big);

    // The operator's pull reads it back from the blob store too.
    const tree = await treeAt(server.infra.events, marketplaceId);
    const file = (await filesOf(tree!, marketplaceId, server.infra.blobs)).find((f) => f.path.endsWith('content/big.json'))!;
    expect(JSON.parse(file.data.toString('utf8'))).toEqual(big);
  });

  it('publishes four changed 200 KiB assets at once through one event under the stated budget, each delivered whole', async () => {
    const sized = (n: number) => ({ n, rows: Array.from({ length: 2_000 }, (_, i) => `asset ${n} row ${i} `.padEnd(100, 'y')) });
    const assets = Object.fromEntries([1, 2, 3, 4].map((n) => [`content/part-${n}.json`, sized(n)]));
    for (const value of Object.values(assets)) expect(Buffer.byteLength(JSON.stringify(value))).toBeGreaterThan(200 * 1024);
    const { marketplaceId } = server.marketplace;
    await publish(server, withJson(await starterFiles(), assets));
    const last = (await server.infra.events.readAll({ limit: 100, filter: { marketplaceId, eventTypes: [VERSION_PUBLISHED] } })).at(-1)!;
    // As stored (Transit in JSON): under 512 KiB, half KurrentDB's default append limit.
    expect(Buffer.byteLength(JSON.stringify(last.data)) + Buffer.byteLength(JSON.stringify(last.metadata))).toBeLessThan(512 * 1024);
    const sdk = marketplaceSdk(server.baseUrl, server.marketplace);
    for (const [path, value] of Object.entries(assets)) expect((await sdk.assetByAlias({ path, alias: 'latest' })).data.data).toEqual(value);
  });
});
