import { Agent, get } from 'node:http';
import { connect, Socket } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { startTestServer } from './support/test-server';

const closedSocket = (socket: Socket) => new Promise<void>((resolve) => (socket.destroyed ? resolve() : socket.once('close', () => resolve())));

/** A server shutdown waits for the requests in flight, not for clients' spare connections (src/http/quiet-connections.ts). */
describe('shutdown and open connections', () => {
  it('closes at once a connection that never sent a request and a keep-alive connection between requests', async () => {
    const server = await startTestServer();
    const { port } = new URL(server.baseUrl);
    // A socket opened ahead of need, as HTTP clients' pools do: connected, nothing sent.
    const unsent = connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => unsent.once('connect', resolve));
    // A keep-alive socket after one answer.
    const agent = new Agent({ keepAlive: true });
    const status = await new Promise<number>((resolve, reject) =>
      get(`${server.baseUrl}/health/live`, { agent }, (res) => {
        res.resume();
        res.once('end', () => resolve(res.statusCode!));
      }).once('error', reject),
    );
    expect(status).toBe(200);
    const closing = server.close();
    const inTime = await Promise.race([closing.then(() => closedSocket(unsent)).then(() => true), delay(5000, false)]);
    // The client lets go, so that a failing run ends instead of waiting on the socket.
    unsent.destroy();
    agent.destroy();
    await closing;
    // Without the sweep, the unsent socket held the close until the headers timeout (about 75 s) or longer.
    expect(inTime).toBe(true);
  }, 20_000);
});
