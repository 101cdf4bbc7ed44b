import { failureOf, integrationSdk, integrationSdkFor, marketplaceSdk } from './support/sdks';
import { startTestServer, TestServer } from './support/test-server';

const PASSWORD = 'secret-password';

/** Bad input on every user endpoint, table-driven like the listing ones: 400, a validation code and source.path (issue 17, item 14). */
describe('bad input on the user endpoints through the SDKs', () => {
  let server: TestServer;
  let member: any;
  let memberId: { uuid: string };
  const anonymous = () => marketplaceSdk(server.baseUrl, server.marketplace);
  const integ = () => integrationSdkFor(server.baseUrl, server.marketplace);
  const codeOf = async (p: Promise<unknown>) => {
    const f = await failureOf(p);
    return { status: f.status, code: f.data.errors[0].code, path: f.data.errors[0].source?.path };
  };
  const validation = (path: string[]) => ({ status: 400, code: expect.stringMatching(/^validation-/), path });

  beforeAll(async () => {
    server = await startTestServer();
    member = anonymous();
    memberId = (await member.currentUser.create({ email: 'bad-input@example.com', password: PASSWORD, firstName: 'B', lastName: 'I' })).data.data.id;
    await member.login({ username: 'bad-input@example.com', password: PASSWORD });
  });
  afterAll(() => server.close());

  const user = { email: 'new@example.com', password: PASSWORD, firstName: 'N', lastName: 'U' };
  it.each([
    ['currentUser.create: invalid email', () => anonymous().currentUser.create({ ...user, email: 'not-an-email' }), ['email']],
    ['currentUser.create: short password', () => anonymous().currentUser.create({ ...user, password: 'short' }), ['password']],
    ['currentUser.create: unknown key', () => anonymous().currentUser.create({ ...user, nickname: 'x' }), ['nickname']],
    ['currentUser.changeEmail: invalid email', () => member.currentUser.changeEmail({ currentPassword: PASSWORD, email: 'nope' }), ['email']],
    ['currentUser.changeEmail: unknown key', () => member.currentUser.changeEmail({ currentPassword: PASSWORD, email: 'fine@example.com', extra: 1 }), ['extra']],
    ['currentUser.changePassword: short password', () => member.currentUser.changePassword({ currentPassword: PASSWORD, newPassword: 'short' }), ['newPassword']],
    ['currentUser.changePassword: unknown key', () => member.currentUser.changePassword({ currentPassword: PASSWORD, newPassword: 'long-enough-password', extra: 1 }), ['extra']],
    ['currentUser.updateProfile: unknown key', () => member.currentUser.updateProfile({ nickname: 'x' }), ['nickname']],
    ['passwordReset.request: invalid email', () => anonymous().passwordReset.request({ email: 'not-an-email' }), ['email']],
    ['passwordReset.request: unknown key', () => anonymous().passwordReset.request({ email: 'bad-input@example.com', extra: 1 }), ['extra']],
    ['passwordReset.reset: invalid email', () => anonymous().passwordReset.reset({ email: 'nope', passwordResetToken: 't', newPassword: 'long-enough-password' }), ['email']],
    ['passwordReset.reset: short password', () => anonymous().passwordReset.reset({ email: 'bad-input@example.com', passwordResetToken: 't', newPassword: 'short' }), ['newPassword']],
    ['passwordReset.reset: unknown key', () => anonymous().passwordReset.reset({ email: 'bad-input@example.com', passwordResetToken: 't', newPassword: 'long-enough-password', extra: 1 }), ['extra']],
    ['users.updateProfile (Integration): unknown key', () => integ().users.updateProfile({ id: new integrationSdk.types.UUID(memberId.uuid), nickname: 'x' }), ['nickname']],
    ['users.verifyEmail (Integration): invalid email', () => integ().users.verifyEmail({ id: new integrationSdk.types.UUID(memberId.uuid), email: 'nope' }), ['email']],
  ] as Array<[string, () => Promise<unknown>, string[]]>)('%s: 400 with a validation code at its source.path', async (_name, call, path) => {
    expect(await codeOf(call())).toEqual(validation(path));
  });
});
