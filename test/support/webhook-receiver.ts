import type { Config } from '../../src/config';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';

export interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** Webhook settings for tests (Config['webhooks']): private targets allowed, retries and timeouts in milliseconds. */
export const testWebhookSettings = (overrides: Partial<Config['webhooks']> = {}): Config['webhooks'] => ({
  allowPrivateTargets: true,
  timeoutMs: 400,
  retryBaseMs: 20,
  retryMaxMs: 100,
  retryWindowMs: 3600_000,
  secretOverlapMs: 3600_000,
  streamBufferBytes: 64 * 1024,
  streamHeartbeatMs: 200,
  ...overrides,
});

/** How the receiver answers one request: a status, or 'hang' (never answers). */
export type Answer = number | 'hang';

/** A real HTTP receiver on a loopback port: records every request and answers as `answer` says. */
export const startReceiver = async (answer: (request: Received, index: number) => Answer = () => 200) => {
  const received: Received[] = [];
  const hanging: ServerResponse[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r: Received = { path: req.url ?? '/', headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8') };
      received.push(r);
      const a = answer(r, received.length - 1);
      if (a === 'hang') return void hanging.push(res);
      res.writeHead(a, { 'content-type': 'text/plain' }).end(a >= 300 ? `no thanks ${a}` : 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    received,
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
};

/** Polls until `check` is true (at most `ms`). */
export const eventually = async (check: () => boolean | Promise<boolean>, ms = 10_000, what = 'condition'): Promise<void> => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};
