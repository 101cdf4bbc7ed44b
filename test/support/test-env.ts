import { randomBytes } from 'node:crypto';

/**
 * The environment a test server or CLI run sees, built explicitly: the shell's configuration (ELASTICSEARCH_URL,
 * SMTP_URL, RATE_LIMITS, PORT, …) never leaks into a suite. Only what a process needs to run (PATH, HOME, TMPDIR)
 * passes through. The production adapters are used by the end-to-end servers only when asked for by the
 * `E2E_`-prefixed variables, and then with an index prefix of their own, so no test touches the default indices.
 */
export const testEnv = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = { NODE_ENV: 'test', BOOTSTRAP_DEV_MARKETPLACE: 'false' };
  for (const key of ['PATH', 'HOME', 'TMPDIR', 'SYSTEMROOT']) if (process.env[key] !== undefined) env[key] = process.env[key];
  if (process.env.E2E_EVENTSTORE_URL) env.EVENTSTORE_URL = process.env.E2E_EVENTSTORE_URL;
  if (process.env.E2E_ELASTICSEARCH_URL) {
    env.ELASTICSEARCH_URL = process.env.E2E_ELASTICSEARCH_URL;
    env.ELASTICSEARCH_INDEX_PREFIX = `test-${randomBytes(4).toString('hex')}-`;
  }
  return { ...env, ...extra };
};
