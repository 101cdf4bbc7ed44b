import { createServer, type Server } from 'node:http';
import { RESULT_WALL, SourceApi } from './source-api';

/**
 * A stand-in for the platform's query rules: pages of 100, newest first, `createdAtStart` inclusive and
 * `createdAtEnd` exclusive, `totalItems` counted over the whole window, and no page past the 10,000th result.
 */
const platformLike = (count: number) => {
  const first = Date.parse('2020-01-01T00:00:00Z');
  // Several users share one instant (imports, batch jobs): window cuts must not lose or repeat them.
  const users = Array.from({ length: count }, (_, i) => ({ id: `u${i}`, type: 'user', attributes: { createdAt: new Date(first + Math.floor(i / 3) * 60_000).toISOString() } }));
  return createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    if (url.pathname === '/v1/auth/token') return res.end(JSON.stringify({ access_token: 't', token_type: 'bearer' }));
    const start = Date.parse(url.searchParams.get('createdAtStart') ?? '1970-01-01T00:00:00Z');
    const end = Date.parse(url.searchParams.get('createdAtEnd') ?? '2100-01-01T00:00:00Z');
    const page = Number(url.searchParams.get('page'));
    const perPage = Number(url.searchParams.get('perPage'));
    if (page * perPage > RESULT_WALL) return res.writeHead(400).end('{"errors":[{"code":"validation-invalid-value"}]}');
    const matching = users.filter((u) => Date.parse(u.attributes.createdAt) >= start && Date.parse(u.attributes.createdAt) < end).reverse();
    res.end(JSON.stringify({ data: matching.slice((page - 1) * perPage, page * perPage), meta: { totalItems: matching.length, totalPages: Math.ceil(matching.length / perPage), page, perPage } }));
  });
};

describe('SourceApi.all', () => {
  let server: Server;
  afterEach(() => new Promise<void>((done) => server.close(() => done())));

  it('gets past the 10,000-result wall by createdAt windows: every resource once', async () => {
    server = platformLike(12_001);
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const api = new SourceApi({ baseUrl: `http://127.0.0.1:${(server.address() as { port: number }).port}`, clientId: 'c', clientSecret: 's', burst: 1_000_000, perSecond: 1_000_000 });
    const seen: string[] = [];
    for await (const page of api.all('users/query')) seen.push(...page.data.map((u) => u.id));
    expect(seen.length).toBe(12_001);
    expect(new Set(seen).size).toBe(12_001);
  }, 30_000);
});
