import { loadConfig } from '../../config';
import { snapshotsUnavailable } from './snapshot-controls';

const configOf = (env: Record<string, string>) => loadConfig({ DATA_DIR: '/tmp/none', ...env }, { tokenSecret: 'not-read-here' });

describe('who gets the snapshot controls over HTTP', () => {
  it('given the embedded store and the payment emulator, then they are on', () => {
    expect(snapshotsUnavailable(configOf({}))).toBeNull();
  });

  it.each([
    ['DATABASE_URL', { DATABASE_URL: 'postgres://db/marketplace' }, 'production'],
    ['EVENTSTORE_URL', { EVENTSTORE_URL: 'kurrentdb://es:2113' }, 'production'],
    ['ELASTICSEARCH_URL', { ELASTICSEARCH_URL: 'http://es:9200' }, 'production'],
    ['BLOB_S3_BUCKET', { BLOB_S3_BUCKET: 'b', BLOB_S3_REGION: 'eu-west-1' }, 'production'],
    ['STRIPE_SECRET_KEY', { STRIPE_SECRET_KEY: 'sk_test_x' }, 'Stripe'],
    ['EMULATOR_SNAPSHOTS=off', { EMULATOR_SNAPSHOTS: 'off' }, 'turned off'],
  ])('given %s, then they are refused with the reason', (_name, env, reason) => {
    expect(snapshotsUnavailable(configOf(env))).toContain(reason);
  });
});
