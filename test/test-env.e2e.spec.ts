import { startTestServer } from './support/test-server';

describe('the test configuration is built explicitly', () => {
  const shell = { ELASTICSEARCH_URL: 'http://127.0.0.1:9', EVENTSTORE_URL: 'kurrentdb://127.0.0.1:9?tls=false', SMTP_URL: 'smtp://127.0.0.1:9', RATE_LIMITS: 'integration=1/60s', PORT: '1' };

  it("ignores the shell's production settings (they would reset the default indices or break suites)", async () => {
    const saved = { ...process.env };
    Object.assign(process.env, shell);
    try {
      const server = await startTestServer();
      try {
        expect(server.infra.config).toMatchObject({ elasticsearchUrl: null, eventStoreUrl: null, smtpUrl: null, rateLimits: null });
      } finally {
        await server.close();
      }
    } finally {
      for (const key of Object.keys(shell)) if (saved[key] === undefined) delete process.env[key];
      Object.assign(process.env, saved);
    }
  });
});
