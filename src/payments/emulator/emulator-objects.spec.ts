import { createHash } from 'node:crypto';
import type { CommandRunner } from '../../event-sourcing/command-runner';
import { systemClock } from '../../shared/clock';
import { EmulatorObjects } from './emulator-objects';

const objects = (secret: string) => new EmulatorObjects(null as unknown as CommandRunner, systemClock, secret);
const call = { marketplaceId: '11111111-1111-4111-8111-111111111111', idempotencyKey: 'transaction-22222222-2222-4222-8222-222222222222:1:transition/request-payment' };

describe('emulator object ids', () => {
  it('are stable for a retried call, so a repeat finds what the first made', () => {
    expect(objects('server-secret').idFor('pm', call, 'payment-method')).toBe(objects('server-secret').idFor('pm', call, 'payment-method'));
  });

  it('cannot be computed from the public values an idempotency key is made of', () => {
    const id = objects('server-secret').idFor('pm', call, 'payment-method');
    const plainHash = `pm_${createHash('sha256').update(`${call.marketplaceId}|payment-method|${call.idempotencyKey}`).digest('base64url').replace(/[-_]/g, '').slice(0, 24)}`;
    expect(id).not.toBe(plainHash);
    expect(objects('another-server').idFor('pm', call, 'payment-method')).not.toBe(id);
    expect(id).toMatch(/^pm_[A-Za-z0-9]{24}$/);
  });
});
