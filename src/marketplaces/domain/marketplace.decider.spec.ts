import { specFor } from '../../../test/support/given-when-then';
import { apiClientDecider } from './api-client.decider';
import { marketplaceDecider } from './marketplace.decider';
import { DEFAULT_SETTINGS } from './marketplace.events';

const now = new Date('2026-03-01T10:00:00.000Z');
const marketplaceId = '22222222-2222-4222-8222-222222222222';
const created = {
  type: 'marketplace/created' as const,
  data: { marketplaceId, name: 'M', settings: DEFAULT_SETTINGS, createdAt: now.toISOString() },
};

describe('marketplace decider', () => {
  const given = specFor(marketplaceDecider);
  it('given nothing, when created, then marketplace/created with default settings', () => {
    given([]).when({ type: 'create', marketplaceId, name: 'M', now }).then([created]);
  });
  it('given a marketplace, when created again, then marketplace-exists', () => {
    given([created]).when({ type: 'create', marketplaceId, name: 'M', now }).thenThrows('marketplace-exists');
  });
  it('given a marketplace, when a setting changes, then only the changed setting', () => {
    given([created])
      .when({ type: 'update', settings: { requireUserApproval: true, requireListingApproval: false } })
      .then([{ type: 'marketplace/updated', data: { settings: { requireUserApproval: true } } }]);
  });
  it('given a marketplace, when nothing changes, then no event', () => {
    given([created]).when({ type: 'update', name: 'M' }).thenNothing();
  });
});

describe('API client decider', () => {
  const given = specFor(apiClientDecider);
  const clientCreated = {
    type: 'api-client/created' as const,
    data: { clientId: 'c', marketplaceId, kind: 'integration' as const, name: 'I', secretHash: 'h1', createdAt: now.toISOString() },
  };
  it('creates, rotates and revokes once', () => {
    given([]).when({ type: 'create', clientId: 'c', marketplaceId, kind: 'integration', name: 'I', secretHash: 'h1', now }).then([clientCreated]);
    given([clientCreated]).when({ type: 'rotate-secret', marketplaceId, secretHash: 'h2' }).then([{ type: 'api-client/secret-rotated', data: { secretHash: 'h2' } }]);
    const revoked = { type: 'api-client/revoked' as const, data: { revokedAt: now.toISOString() } };
    given([clientCreated]).when({ type: 'revoke', now }).then([revoked]);
    given([clientCreated, revoked]).when({ type: 'revoke', now }).thenNothing();
    given([clientCreated, revoked]).when({ type: 'rotate-secret', marketplaceId, secretHash: 'h3' }).thenThrows('api-client-not-found');
    given([clientCreated]).when({ type: 'rotate-secret', marketplaceId: 'another', secretHash: 'h3' }).thenThrows('api-client-not-found');
  });
});
