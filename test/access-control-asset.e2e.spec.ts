import { CommandBus } from '@nestjs/cqrs';
import { PublishAccessControlCommand } from '../src/assets/commands/publish-access-control.handler';
import { UpdateMarketplaceCommand } from '../src/marketplaces/commands/update-marketplace.handler';
import type { MarketplaceState } from '../src/marketplaces/domain/marketplace.decider';
import { marketplaceSdk } from './support/sdks';
import { startTestServer, TestServer } from './support/test-server';

describe('access-control.json follows the marketplace settings', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const accessControl = async () =>
    (await marketplaceSdk(server.baseUrl, server.marketplace).assetByAlias({ path: '/general/access-control.json', alias: 'latest' })).data;

  it('publishes a new version saying what the server now enforces, and none when nothing changed', async () => {
    const before = await accessControl();
    expect(before.data).toMatchObject({ marketplace: { private: false, fileUploadAndDownloadDisabled: false }, users: { requireApprovalToJoin: false } });
    const bus = server.app.get(CommandBus);
    const state = await bus.execute<UpdateMarketplaceCommand, MarketplaceState>(
      new UpdateMarketplaceCommand(server.marketplace.marketplaceId, { type: 'update', settings: { private: true, requireUserApproval: true, fileUploadAndDownloadDisabled: true } }),
    );
    await bus.execute(new PublishAccessControlCommand(server.marketplace.marketplaceId, state.settings));
    const after = await accessControl();
    expect(after.data).toMatchObject({ marketplace: { private: true, fileUploadAndDownloadDisabled: true }, users: { requireApprovalToJoin: true } });
    expect(after.meta.version).not.toBe(before.meta.version);
    await bus.execute(new PublishAccessControlCommand(server.marketplace.marketplaceId, state.settings));
    expect((await accessControl()).meta.version).toBe(after.meta.version);
  });
});
