import { ManualClock } from '../shared/clock';
import { AccessTokens } from './access-tokens';

const claims = { marketplaceId: 'm-1', clientId: 'c-1', scope: 'user' as const, userId: 'u-1', sessionId: 's-1' };

describe('AccessTokens', () => {
  it('given a token verified once, when its expiry passes, then it is refused as expired (the verified-token cache checks expiry)', async () => {
    const clock = new ManualClock(new Date('2026-01-01T00:00:00Z'));
    const tokens = new AccessTokens('a-secret-of-enough-length-for-hs256', clock, 60);
    const { token } = await tokens.issue(claims);
    await expect(tokens.verify(token, 'r-1')).resolves.toMatchObject({ userId: 'u-1', requestId: 'r-1' });
    await expect(tokens.verify(token, 'r-2')).resolves.toMatchObject({ userId: 'u-1', requestId: 'r-2' });
    clock.advance(60_000);
    await expect(tokens.verify(token, 'r-3')).rejects.toMatchObject({ status: 401, items: [{ details: 'The access token has expired.' }] });
  });

  it('given a token signed with another secret, then it is refused, also after a valid one was cached', async () => {
    const clock = new ManualClock();
    const ours = new AccessTokens('a-secret-of-enough-length-for-hs256', clock, 60);
    const theirs = new AccessTokens('another-secret-of-enough-length-xx', clock, 60);
    await ours.verify((await ours.issue(claims)).token, 'r-1');
    await expect(ours.verify((await theirs.issue(claims)).token, 'r-2')).rejects.toMatchObject({ status: 401 });
  });
});
