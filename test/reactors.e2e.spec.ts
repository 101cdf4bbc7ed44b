import { CommandBus } from '@nestjs/cqrs';
import { reactorsReport } from '../src/cli/reactors.commands';
import { startBackgroundWork } from '../src/infrastructure/composition-root';
import { ReactorRegistry } from '../src/event-sourcing/reactor-registry';
import { ScheduledCommands } from '../src/event-sourcing/scheduler';
import { MAILER, Mailer } from '../src/mail/mailer.port';
import { operatorContext } from '../src/shared/command-context';
import { UserCommandMessage } from '../src/users/commands/user-command.handler';
import { integrationSdk, integrationSdkFor, marketplaceSdk } from './support/sdks';
import { startTestServer, TestServer } from './support/test-server';

/** The reactors through the real server: the side effects that used to run in the request. */
describe('reactors', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const PASSWORD = 'secret-password';
  let users = 0;
  const author = async () => {
    const client = marketplaceSdk(server.baseUrl, server.marketplace);
    users += 1;
    const email = `reactor${users}@example.com`;
    const created = await client.currentUser.create({ email, password: PASSWORD, firstName: 'Ann', lastName: 'Author' });
    await client.login({ username: email, password: PASSWORD });
    const listing = await client.ownListings.create({ title: `Listing ${users}` });
    return { client, email, userId: created.data.data.id.uuid as string, listingId: listing.data.data.id.uuid as string };
  };
  const integ = () => integrationSdkFor(server.baseUrl, server.marketplace);
  const listingState = async (id: string) =>
    (await integ().listings.show({ id: new integrationSdk.types.UUID(id) }).catch((e: { status: number }) => ({ status: e.status }))) as { status?: number };
  const outbox = async (to: string) => (await server.app.get<Mailer>(MAILER).outbox(server.marketplace.marketplaceId)).filter((m) => m.to === to);

  it('deleting an account deletes its listings (listing/deleted, caused by the deletion), a moment after the answer', async () => {
    const { client, userId, listingId } = await author();
    await client.currentUser.delete({ currentPassword: PASSWORD });
    await server.idle();
    expect((await listingState(listingId)).status).toBe(404);
    const events = (await integ().events.query({ resourceId: new integrationSdk.types.UUID(listingId) })).data.data;
    expect(events.map((e: any) => e.attributes.eventType)).toEqual(['listing/created', 'listing/deleted']);
    expect(events[1].attributes.auditData.userId.uuid).toBe(userId);
  });

  it('banning a user (operator) deletes their listings; unbanning brings none back', async () => {
    const { userId, listingId } = await author();
    const ctx = operatorContext(server.marketplace.marketplaceId, new Date());
    await server.app.get(CommandBus).execute(new UserCommandMessage(ctx, userId, { type: 'set-banned', banned: true }));
    await server.idle();
    expect((await listingState(listingId)).status).toBe(404);
    await server.app.get(CommandBus).execute(new UserCommandMessage(ctx, userId, { type: 'set-banned', banned: false }));
    await server.idle();
    expect((await listingState(listingId)).status).toBe(404);
  });

  it('mails each verification link once, also when the reactors restart from their checkpoints', async () => {
    const { email } = await author();
    await server.idle();
    expect((await outbox(email)).map((m) => m.template)).toEqual(['verify-email-address']);
    // A restart: the reactors go on from their checkpoints, and a redelivered event would find its mail sent.
    await server.infra.background!.stop();
    await startBackgroundWork(server.infra, {
      reactors: server.app.get(ReactorRegistry).all(),
      scheduledCommands: server.app.get(ScheduledCommands),
      clock: server.clock,
    });
    await server.idle();
    expect(await outbox(email)).toHaveLength(1);
    const report = await reactorsReport(server.infra.checkpoints, server.infra.events);
    expect(report.map((r) => [r.name, r.lag, r.lastError, r.stopped])).toEqual([
      ['account-mails', 0, null, false],
      ['author-listings', 0, null, false],
      ['file-verification', 0, null, false],
      ['transaction-notifications', 0, null, false],
    ]);
  });
});
