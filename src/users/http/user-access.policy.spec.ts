import type { AuthContext } from '../../auth/auth-context';
import type { MarketplaceDirectory } from '../../marketplaces/marketplace-directory';
import type { DocumentStore } from '../../read-models/document-store.port';
import { UserAccessPolicy } from './user-access.policy';

describe('UserAccessPolicy', () => {
  it("reads the user and the marketplace's settings at once, and denies by them", async () => {
    const asked: string[] = [];
    let answerUser!: (user: unknown) => void;
    let answerMarketplace!: (state: unknown) => void;
    const documents = { get: () => (asked.push('user'), new Promise((resolve) => (answerUser = resolve))) } as unknown as DocumentStore;
    const marketplaces = { state: () => (asked.push('marketplace'), new Promise((resolve) => (answerMarketplace = resolve))) } as unknown as MarketplaceDirectory;
    const policy = new UserAccessPolicy(documents, marketplaces);
    const auth = { scope: 'user', marketplaceId: 'mp', userId: 'u1' } as AuthContext;
    const checked = policy.check(auth, ['postListings']);
    await new Promise((resolve) => setImmediate(resolve));
    // Both asked before either answered: one round trip of waiting, not two.
    expect(asked.sort()).toEqual(['marketplace', 'user']);
    answerUser({ attributes: { deleted: false, state: 'active', permissions: { postListings: 'permission/deny' } } });
    answerMarketplace({ settings: { private: false, requirePermissionToPostListings: true } });
    await expect(checked).rejects.toMatchObject({ status: 403 });
  });
});
