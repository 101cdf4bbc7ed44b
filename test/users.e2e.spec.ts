import { CommandBus } from '@nestjs/cqrs';
import { MAILER, Mailer } from '../src/mail/mailer.port';
import { UpdateMarketplaceCommand } from '../src/marketplaces/commands/update-marketplace.handler';
import { operatorContext } from '../src/shared/command-context';
import { UserCommandMessage } from '../src/users/commands/user-command.handler';
import { startOidcProvider, TestOidcProvider } from './support/oidc-provider';
import { failureOf, integrationSdk, integrationSdkFor, marketplaceSdk, sharetribeSdk } from './support/sdks';
import { startTestServer, TestServer } from './support/test-server';

const PASSWORD = 'secret-password';

describe('users, complete, through the official SDKs', () => {
  let server: TestServer;
  let idp: TestOidcProvider;
  const sdk = () => marketplaceSdk(server.baseUrl, server.marketplace);
  const integ = () => integrationSdkFor(server.baseUrl, server.marketplace);
  const inUuid = (id: { uuid: string }) => new integrationSdk.types.UUID(id.uuid);
  const mails = async (to: string) => {
    await server.idle();
    return (await server.app.get<Mailer>(MAILER).outbox(server.marketplace.marketplaceId)).filter((m) => m.to === to);
  };
  const lastToken = async (to: string) => (await mails(to)).at(-1)!.context.token;
  const settings = (s: Record<string, unknown>) =>
    server.app.get(CommandBus).execute(new UpdateMarketplaceCommand(server.marketplace.marketplaceId, { type: 'update', settings: s }));

  /** A signed-up and logged-in SDK. */
  const member = async (email: string, extra: Record<string, unknown> = {}) => {
    const client = sdk();
    const created = await client.currentUser.create({ email, password: PASSWORD, firstName: 'Jane', lastName: 'Doe', ...extra });
    await client.login({ username: email, password: PASSWORD });
    return { client, id: created.data.data.id };
  };

  beforeAll(async () => {
    server = await startTestServer();
    idp = await startOidcProvider('idp-client', () => server.clock.now());
  });
  afterAll(async () => {
    await idp.close();
    await server.close();
  });

  describe('email verification', () => {
    it('mails a link at sign-up, verifies with its token, and mails a welcome', async () => {
      const { client } = await member('verify@example.com');
      const [verification] = await mails('verify@example.com');
      expect(verification).toMatchObject({ template: 'verify-email-address' });
      expect(verification.context.url).toContain('/verify-email?t=');
      const bad = await failureOf(client.currentUser.verifyEmail({ verificationToken: 'nope' }));
      expect(bad.data.errors[0]).toMatchObject({ status: 403, code: 'email-verification-token-invalid' });
      const res = await client.currentUser.verifyEmail({ verificationToken: verification.context.token }, { expand: true });
      expect(res.data.data.attributes).toMatchObject({ emailVerified: true, pendingEmail: null });
      expect((await mails('verify@example.com')).map((m) => m.template)).toEqual(['verify-email-address', 'user-joined']);
      expect((await failureOf(client.currentUser.sendVerificationEmail())).data.errors[0].code).toBe('email-already-verified');
    });

    it('re-sends verification mails, up to a limit of outstanding ones', async () => {
      const { client } = await member('resend@example.com');
      for (let i = 0; i < 4; i += 1) await client.currentUser.sendVerificationEmail();
      expect(await mails('resend@example.com')).toHaveLength(5);
      expect((await failureOf(client.currentUser.sendVerificationEmail())).data.errors[0].code).toBe('email-too-many-verification-requests');
      await client.currentUser.verifyEmail({ verificationToken: await lastToken('resend@example.com') });
    });
  });

  describe('changing email and password', () => {
    it('keeps a new address pending until verified, then frees the old one', async () => {
      const { client } = await member('old@example.com');
      await member('other@example.com');
      expect((await failureOf(client.currentUser.changeEmail({ currentPassword: 'wrong-password', email: 'new@example.com' }))).data.errors[0]).toMatchObject({ status: 403, code: 'forbidden' });
      expect((await failureOf(client.currentUser.changeEmail({ currentPassword: PASSWORD, email: 'other@example.com' }))).data.errors[0].code).toBe('email-taken');
      const changed = await client.currentUser.changeEmail({ currentPassword: PASSWORD, email: 'new@example.com' }, { expand: true });
      expect(changed.data.data.attributes).toMatchObject({ email: 'old@example.com', pendingEmail: 'new@example.com' });
      // The pending address is reserved meanwhile.
      expect((await failureOf(sdk().currentUser.create({ email: 'NEW@example.com', password: PASSWORD, firstName: 'A', lastName: 'B' }))).data.errors[0]).toMatchObject({ status: 409, code: 'email-taken' });
      expect((await mails('new@example.com'))[0].template).toBe('verify-changed-email-address');
      const verified = await client.currentUser.verifyEmail({ verificationToken: await lastToken('new@example.com') }, { expand: true });
      expect(verified.data.data.attributes).toMatchObject({ email: 'new@example.com', pendingEmail: null, emailVerified: true });
      await sdk().login({ username: 'new@example.com', password: PASSWORD });
      expect((await failureOf(sdk().login({ username: 'old@example.com', password: PASSWORD }))).status).toBe(401);
      await member('old@example.com');
    });

    it('changes the password only with the current one', async () => {
      const { client } = await member('pw@example.com');
      expect((await failureOf(client.currentUser.changePassword({ currentPassword: 'wrong-password', newPassword: 'another-password' }))).data.errors[0]).toMatchObject({ status: 403, code: 'forbidden' });
      expect((await failureOf(client.currentUser.changePassword({ currentPassword: PASSWORD, newPassword: 'short' }))).data.errors[0].source.path).toEqual([
        'newPassword',
      ]);
      await client.currentUser.changePassword({ currentPassword: PASSWORD, newPassword: 'another-password' });
      await sdk().login({ username: 'pw@example.com', password: 'another-password' });
      expect((await mails('pw@example.com')).at(-1)!.template).toBe('password-changed');
    });

    it('resets a forgotten password with the mailed token, once', async () => {
      await member('forgot@example.com');
      const anonymous = sdk();
      expect((await failureOf(anonymous.passwordReset.request({ email: 'nobody@example.com' }))).data.errors[0]).toMatchObject({ status: 409, code: 'email-not-found' });
      const requested = await anonymous.passwordReset.request({ email: 'forgot@example.com' });
      expect(requested.data.data.type).toBe('passwordReset');
      const mail = (await mails('forgot@example.com')).at(-1)!;
      expect(mail.context.url).toContain('/reset-password?t=');
      expect((await failureOf(anonymous.passwordReset.reset({ email: 'forgot@example.com', passwordResetToken: 'bad', newPassword: 'brand-new-password' }))).data.errors[0]).toMatchObject({ status: 403, code: 'forbidden' });
      expect((await failureOf(anonymous.passwordReset.reset({ email: 'other@example.com', passwordResetToken: mail.context.token, newPassword: 'brand-new-password' }))).data.errors[0]).toMatchObject({ status: 403, code: 'forbidden' });
      await anonymous.passwordReset.reset({ email: 'forgot@example.com', passwordResetToken: mail.context.token, newPassword: 'brand-new-password' });
      await sdk().login({ username: 'forgot@example.com', password: 'brand-new-password' });
      expect((await failureOf(anonymous.passwordReset.reset({ email: 'forgot@example.com', passwordResetToken: mail.context.token, newPassword: 'again-new-password' }))).data.errors[0]).toMatchObject({ status: 403, code: 'forbidden' });
    });
  });

  describe('profile images', () => {
    it('sets and removes a profile image uploaded by the user; others\' images are refused', async () => {
      const sharp = (await import('sharp')).default;
      const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: 'blue' } }).png().toBuffer();
      const { client, id } = await member('avatar@example.com');
      const uploaded = await client.images.upload({ image: new File([png], 'me.png', { type: 'image/png' }) });
      const imageId = uploaded.data.data.id;
      const res = await client.currentUser.updateProfile({ profileImageId: imageId }, { expand: true, include: ['profileImage'] });
      expect(res.data.data.relationships.profileImage.data.id.uuid).toBe(imageId.uuid);
      expect(res.data.included[0].attributes.variants.default).toMatchObject({ width: 40, height: 30 });
      const publicView = await sdk().users.show({ id, include: ['profileImage'] });
      expect(publicView.data.included[0].id.uuid).toBe(imageId.uuid);
      const { client: other } = await member('thief@example.com');
      const refused = await failureOf(other.currentUser.updateProfile({ profileImageId: imageId }));
      expect(refused.data.errors[0]).toMatchObject({ status: 400, source: { path: ['profileImageId'] } });
      const removed = await client.currentUser.updateProfile({ profileImageId: null }, { expand: true, include: ['profileImage'] });
      expect(removed.data.data.relationships.profileImage.data).toBeNull();
      const events = (await integ().events.query({ resourceId: inUuid(id), eventTypes: 'user/updated' })).data.data;
      expect(events.at(-1).attributes.previousValues).toEqual({ relationships: { profileImage: { data: { id: inUuid(imageId), type: 'image' } } } });
    });
  });

  describe('views and deletion', () => {
    it('shows other users only their public attributes', async () => {
      const { id } = await member('private@example.com', { protectedData: { phone: '1' }, privateData: { secret: 1 }, publicData: { city: 'X' } });
      const { client } = await member('viewer@example.com');
      const seen = (await client.users.show({ id })).data.data;
      expect(seen.type).toBe('user');
      expect(seen.attributes.profile).toEqual({ displayName: 'Jane D', abbreviatedName: 'JD', bio: null, publicData: { city: 'X' }, metadata: {} });
      expect(JSON.stringify(seen)).not.toMatch(/private@example|phone|secret/);
    });

    it('deletes an account: the password is required, the data is gone, the email is free, the tokens stop working', async () => {
      const { client, id } = await member('leaving@example.com', { publicData: { city: 'X' } });
      expect((await failureOf(client.currentUser.delete({ currentPassword: 'wrong-password' }))).data.errors[0]).toMatchObject({ status: 403, code: 'forbidden' });
      const deleted = await client.currentUser.delete({ currentPassword: PASSWORD }, { expand: true });
      expect(deleted.data.data.attributes).toMatchObject({ deleted: true, banned: false, email: null, profile: expect.objectContaining({ displayName: null }) });
      const publicView = (await sdk().users.show({ id })).data.data.attributes;
      expect(publicView).toMatchObject({ deleted: true, banned: false, profile: { displayName: null, abbreviatedName: null, bio: null, publicData: null, metadata: null } });
      // The old token is void: the SDK's refresh fails too, so it carries on anonymously.
      expect((await failureOf(client.currentUser.show())).data.errors[0]).toMatchObject({ status: 403, code: 'forbidden' });
      expect((await client.authInfo()).isAnonymous).toBe(true);
      expect((await failureOf(sdk().login({ username: 'leaving@example.com', password: PASSWORD }))).status).toBe(401);
      await member('leaving@example.com');
      const events = (await integ().events.query({ resourceId: inUuid(id), eventTypes: 'user/deleted' })).data.data;
      expect(events[0].attributes).toMatchObject({ resource: null, previousValues: { attributes: { deleted: false } } });
    });

    it("deletes the listings of a deleted or banned user, each with a listing/deleted event", async () => {
      const { client, id } = await member('seller-leaving@example.com');
      const published = (await client.ownListings.create({ title: 'Old bike', description: 'Rusty' })).data.data.id;
      await client.ownListings.createDraft({ title: 'Unfinished' });
      expect((await sdk().listings.query({ authorId: id })).data.data).toHaveLength(1);
      await client.currentUser.delete({ currentPassword: PASSWORD });
      await server.idle(); // the cascade is the author-listings reactor's: after the answer, not in it
      expect((await sdk().listings.query({ authorId: id })).data.data).toEqual([]);
      expect((await failureOf(sdk().listings.show({ id: published }))).status).toBe(404);
      const deletions = (await integ().events.query({ eventTypes: 'listing/deleted', relatedResourceId: inUuid(id) })).data.data;
      expect(deletions).toHaveLength(2);
      expect(deletions[0].attributes).toMatchObject({ resource: null, source: 'source/marketplace-api' });

      const { client: banned, id: bannedId } = await member('seller-banned@example.com');
      await banned.ownListings.create({ title: 'Suspicious' });
      await server.app.get(CommandBus).execute(new UserCommandMessage(operatorContext(server.marketplace.marketplaceId, new Date()), bannedId.uuid, { type: 'set-banned', banned: true }));
      await server.idle();
      expect((await sdk().listings.query({ authorId: bannedId })).data.data).toEqual([]);
    });

    it('shows a banned user as banned only, and voids their tokens', async () => {
      const { client, id } = await member('banned@example.com');
      await server.app.get(CommandBus).execute(new UserCommandMessage(operatorContext(server.marketplace.marketplaceId, new Date()), id.uuid, { type: 'set-banned', banned: true }));
      const seen = (await sdk().users.show({ id })).data.data.attributes;
      expect(seen).toMatchObject({ banned: true, state: 'banned', createdAt: null, profile: { displayName: null } });
      expect((await failureOf(client.currentUser.show())).data.errors[0]).toMatchObject({ status: 403, code: 'forbidden' });
      expect((await failureOf(sdk().login({ username: 'banned@example.com', password: PASSWORD }))).data.errors[0].code).toBe('user-is-banned');
    });
  });

  describe('states and permissions', () => {
    afterEach(() => settings({ requireUserApproval: false, private: false, requirePermissionToPostListings: false }));

    it('starts users as pendingApproval when the marketplace requires approval, until approved', async () => {
      await settings({ requireUserApproval: true });
      const { client, id } = await member('pending@example.com');
      const me = (await client.currentUser.show({ include: ['effectivePermissionSet'] })).data;
      expect(me.data.attributes.state).toBe('pendingApproval');
      expect(me.included[0].attributes).toEqual({ postListings: 'permission/deny', initiateTransactions: 'permission/deny', read: 'permission/allow' });
      const approved = await integ().users.approve({ id: inUuid(id) }, { expand: true });
      expect(approved.data.data.attributes.state).toBe('active');
      expect((await failureOf(integ().users.approve({ id: inUuid(id) }))).data.errors[0]).toMatchObject({ status: 409, code: 'user-not-pending-approval' });
      const events = (await integ().events.query({ resourceId: inUuid(id), eventTypes: 'user/updated' })).data.data;
      expect(events.at(-1).attributes).toMatchObject({ source: 'source/integration-api', previousValues: { attributes: { state: 'pendingApproval' } } });
    });

    it('updates stored permissions; the effective set applies them only where the marketplace restricts the right', async () => {
      const { client, id } = await member('perm@example.com');
      const updated = await integ().users.updatePermissions({ id: inUuid(id), postListings: 'permission/deny' }, { expand: true });
      expect(updated.data.data.attributes.permissions).toEqual({ postListings: 'permission/deny', initiateTransactions: 'permission/allow', read: 'permission/allow' });
      const effective = async () => (await client.currentUser.show({ include: ['effectivePermissionSet'] })).data.included[0].attributes.postListings;
      expect(await effective()).toBe('permission/allow');
      await settings({ requirePermissionToPostListings: true });
      expect(await effective()).toBe('permission/deny');
      expect((await failureOf(integ().users.updatePermissions({ id: inUuid(id), read: 'maybe' }))).data.errors[0]).toMatchObject({
        code: 'validation-invalid-value',
        source: { path: ['read'] },
      });
    });

    it('answers 403 to anonymous readers of a private marketplace', async () => {
      const { id } = await member('hidden@example.com');
      await settings({ private: true });
      expect((await failureOf(sdk().users.show({ id }))).data.errors[0]).toMatchObject({ status: 403, code: 'forbidden' });
      const { client } = await member('insider@example.com');
      expect((await client.users.show({ id })).status).toBe(200);
    });

    it('lets the Integration API verify an email and update a profile with metadata', async () => {
      const { id } = await member('iverify@example.com');
      expect((await failureOf(integ().users.verifyEmail({ id: inUuid(id), email: 'someone@example.com' }))).data.errors[0].source.path).toEqual(['email']);
      const res = await integ().users.verifyEmail({ id: inUuid(id), email: 'IVERIFY@example.com' }, { expand: true });
      expect(res.data.data.attributes.emailVerified).toBe(true);
      const unknown = await failureOf(integ().users.approve({ id: new integrationSdk.types.UUID('6e1b4b2e-0000-4000-8000-000000000000') }));
      expect(unknown.status).toBe(404);
    });
  });

  describe('identity providers', () => {
    beforeAll(() =>
      server.app.get(CommandBus).execute(
        new UpdateMarketplaceCommand(server.marketplace.marketplaceId, {
          type: 'configure-identity-provider',
          config: { idpId: 'test-oidc', issuer: idp.issuer, clientIds: ['idp-client'], jwksUri: null },
        }),
      ),
    );
    const trusted = () =>
      sharetribeSdk.createInstance({
        clientId: server.marketplace.marketplaceClient.clientId,
        clientSecret: server.marketplace.marketplaceClient.clientSecret,
        baseUrl: server.baseUrl,
        tokenStore: sharetribeSdk.tokenStore.memoryStore(),
      });

    it('signs up with an ID token, links the account, and logs in with it', async () => {
      const idpToken = await idp.idToken({ sub: 'idp-user-1', email: 'oidc@example.com', email_verified: true, given_name: 'Olli', family_name: 'Idp' });
      expect((await failureOf(trusted().loginWithIdp({ idpId: 'test-oidc', idpClientId: 'idp-client', idpToken }))).status).toBe(401);
      const created = await sdk().currentUser.createWithIdp({ idpId: 'test-oidc', idpClientId: 'idp-client', idpToken }, { expand: true });
      expect(created.data.data.attributes).toMatchObject({
        email: 'oidc@example.com',
        emailVerified: true,
        identityProviders: [{ idpId: 'test-oidc', userId: 'idp-user-1' }],
        profile: expect.objectContaining({ firstName: 'Olli', lastName: 'Idp' }),
      });
      const client = trusted();
      await client.loginWithIdp({ idpId: 'test-oidc', idpClientId: 'idp-client', idpToken });
      expect((await client.currentUser.show()).data.data.attributes.email).toBe('oidc@example.com');
      expect((await failureOf(sdk().currentUser.createWithIdp({ idpId: 'test-oidc', idpClientId: 'idp-client', idpToken, email: 'another@example.com' }))).data.errors[0].code).toBe(
        'identity-provider-account-taken',
      );
    });

    it('logs in a verified user whose verified email the provider vouches for, and links the account', async () => {
      const { client } = await member('match@example.com');
      await client.currentUser.verifyEmail({ verificationToken: await lastToken('match@example.com') });
      const idpToken = await idp.idToken({ sub: 'idp-user-2', email: 'match@example.com', email_verified: true });
      const other = trusted();
      await other.loginWithIdp({ idpId: 'test-oidc', idpClientId: 'idp-client', idpToken });
      expect((await other.currentUser.show()).data.data.attributes.identityProviders).toEqual([{ idpId: 'test-oidc', userId: 'idp-user-2' }]);
      const unverified = await idp.idToken({ sub: 'idp-user-3', email: 'match@example.com', email_verified: 'true' });
      expect((await failureOf(trusted().loginWithIdp({ idpId: 'test-oidc', idpClientId: 'idp-client', idpToken: unverified }))).status).toBe(401);
    });

    it('rejects tokens that do not verify, and unknown providers or clients with the parameter as source', async () => {
      const login = (idpToken: string, idpId = 'test-oidc', idpClientId = 'idp-client') => failureOf(trusted().loginWithIdp({ idpId, idpClientId, idpToken }));
      const good = await idp.idToken({ sub: 'idp-user-1' });
      expect((await login(await idp.idToken({ sub: 'idp-user-1' }, { audience: 'someone-else' }))).status).toBe(401);
      expect((await login(await idp.idToken({ sub: 'idp-user-1' }, { issuer: 'https://evil.example' }))).status).toBe(401);
      expect((await login(await idp.idToken({ sub: 'idp-user-1' }, { expiresIn: '-1m' }))).status).toBe(401);
      expect((await login(`${good.slice(0, -4)}AAAA`)).status).toBe(401);
      expect((await login(good, 'nope')).data.errors[0].source.path).toEqual(['idp_id']);
      expect((await login(good, 'test-oidc', 'other-client')).data.errors[0].source.path).toEqual(['idp_client_id']);
      const missing = await failureOf(sdk().currentUser.createWithIdp({ idpId: 'test-oidc', idpClientId: 'idp-client', idpToken: await idp.idToken({ sub: 'x9' }) }));
      expect(missing.data.errors[0]).toMatchObject({ code: 'validation-missing-key', source: { path: ['email'] } });
    });
  });
});
