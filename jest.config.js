/**
 * Two projects: every suite on the embedded store, and the end-to-end suites again with every store on
 * PostgreSQL (test servers get a fresh database of the run's throwaway cluster: test/support/postgres-cluster.ts).
 * Suites that start no test server (they spawn their own processes over a data folder) run once.
 */
const common = {
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': ['@swc/jest'] },
  setupFiles: ['reflect-metadata'],
};

const { existsSync, readdirSync } = require('node:fs');

/** As test/support/postgres-cluster.ts decides: DATABASE_URL, or Debian's binaries to start a throwaway cluster. */
const postgresAvailable =
  Boolean(process.env.DATABASE_URL) ||
  (existsSync('/usr/lib/postgresql') && readdirSync('/usr/lib/postgresql').some((v) => existsSync(`/usr/lib/postgresql/${v}/bin/initdb`)));

const SINGLE_ENGINE_E2E = ['crash-recovery', 'emulator-snapshots', 'operators-cli', 'webhooks-crash', 'postgres-outage', 'payment-crash', 'payments-cli', 'payments-secrets', 'search-schema-cli', 'server-lifecycle', 'startup', 'two-instances'];

const { availableParallelism } = require('node:os');

/** @type {import('jest').Config} */
module.exports = {
  testTimeout: 30000,
  // Two suites at a time even on two cores (jest's default there is one): most suites wait on their servers, their
  // child processes and PostgreSQL as much as they compute, and two at once took the run from 1,026 s to 607 s. At
  // most four: each worker holds a test server (~300 MB) and its PostgreSQL connections (the cluster allows 300).
  maxWorkers: Math.min(4, Math.max(2, availableParallelism() - 1)),
  // One throwaway PostgreSQL cluster per run for the PostgreSQL cases (test/support/postgres-cluster.ts).
  globalSetup: '<rootDir>/test/support/postgres-global-setup.ts',
  globalTeardown: '<rootDir>/test/support/postgres-global-teardown.ts',
  projects: [
    {
      ...common,
      displayName: 'embedded',
      roots: ['<rootDir>/src', '<rootDir>/test', '<rootDir>/projections'],
      testMatch: ['**/*.spec.ts'],
    },
    // Without PostgreSQL the cluster set-up says so in one loud line and this project is left out.
    ...(postgresAvailable ? [{
      ...common,
      displayName: 'postgres',
      roots: ['<rootDir>/test'],
      testMatch: ['**/*.e2e.spec.ts'],
      testPathIgnorePatterns: ['/node_modules/', ...SINGLE_ENGINE_E2E.map((name) => `/${name}\\.e2e\\.spec\\.ts$`)],
      // Read by test/support/test-server.ts (a global of the suite's own context: workers run suites of both projects).
      globals: { TEST_STORE: 'postgres' },
    }] : []),
  ],
};
