import { cliProcess, finished } from './support/server-process';
import { http } from './support/http';
import { integ, mintToken, signIn, signUpUser } from './support/console';
import { startTestServer, TestServer } from './support/test-server';

/** The operator CLI over a running server's stores: what it changes, the server sees at the next request. */
describe('operators and events as-of in the CLI', () => {
  let server: TestServer;
  let env: NodeJS.ProcessEnv;
  const cli = (...args: string[]) => finished(cliProcess(env, args));
  beforeAll(async () => {
    server = await startTestServer();
    env = server.cliEnv();
  });
  afterAll(() => server.close());

  it('adds an operator with a password shown once, refuses a second with the same email, lists, resets, revokes, removes', async () => {
    const added = await cli('operators', 'add', 'Cli@Example.com', '--json');
    expect(added.code).toBe(0);
    const { email, password, marketplaces } = JSON.parse(added.stdout);
    expect([email, marketplaces, password.length]).toEqual(['cli@example.com', null, 20]);
    const again = await cli('operators', 'add', 'cli@example.com');
    expect([again.code, again.stderr.trim()]).toEqual([1, 'An operator cli@example.com already exists. (operator-exists)']);
    const unknownMarketplace = await cli('operators', 'add', 'x@example.com', '--marketplaces', '00000000-0000-4000-8000-000000000000');
    expect([unknownMarketplace.code, unknownMarketplace.stderr.trim()]).toEqual([1, 'No marketplace 00000000-0000-4000-8000-000000000000. (validation-invalid-value)']);

    const session = await signIn(server, 'cli@example.com', password);
    expect(session.res.status).toBe(200);
    expect(JSON.parse((await cli('operators', 'list', '--json')).stdout)).toEqual([expect.objectContaining({ email: 'cli@example.com', marketplaces: null })]);

    const reset = await cli('operators', 'reset-password', 'cli@example.com');
    expect(reset.code).toBe(0);
    const newPassword = /\(shown once\): (\S+)/.exec(reset.stdout)![1];
    expect((await http(server.baseUrl, '/console/api/session', { headers: { cookie: session.cookie } })).status).toBe(401);
    expect((await signIn(server, 'cli@example.com', password)).res.status).toBe(401);
    const second = await signIn(server, 'cli@example.com', newPassword);
    const token = (await mintToken(server, second, server.marketplace.marketplaceId)).body.data.accessToken;
    expect((await cli('operators', 'revoke-sessions', 'cli@example.com')).code).toBe(0);
    expect((await integ(server, token, 'users/query')).status).toBe(401);
    expect((await cli('operators', 'remove', 'cli@example.com')).code).toBe(0);
    expect((await signIn(server, 'cli@example.com', newPassword)).res.status).toBe(401);
    expect((await cli('operators', 'list')).stdout.trim()).toBe('No operators. Add one: operators add <email>');
  }, 120_000);

  it('prints a resource as of a sequenceId with `events as-of`', async () => {
    const mp = server.marketplace.marketplaceId;
    const userId = await signUpUser(server, server.marketplace.marketplaceClient.clientId, 'asof-cli@example.com');
    const created = JSON.parse((await cli('events', 'query', '--resource', userId, '--json')).stdout)[0].attributes.sequenceId;
    const asOf = await cli('events', 'as-of', userId, '-m', mp, '--seqid', String(created));
    expect(asOf.code).toBe(0);
    expect(JSON.parse(asOf.stdout)).toMatchObject({ lastEventSequenceId: created, lastEventType: 'user/created', resource: { id: userId, attributes: { email: 'asof-cli@example.com' } } });
    const before = await cli('events', 'as-of', userId, '-m', mp, '--seqid', String(created - 1));
    expect([before.code, before.stderr.trim()]).toEqual([1, `${userId} has no event at or before sequenceId ${created - 1}.`]);
  }, 120_000);
});
