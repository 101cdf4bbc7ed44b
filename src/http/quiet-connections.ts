import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Closing the server ends at once the connections that have no request in flight. Node's own sweep
 * (closeIdleConnections, Fastify's `forceCloseConnections: 'idle'`) misses a connection that was opened and has not
 * sent a request yet: clients open sockets ahead of need (undici, HTTP agents with keep-alive), and each such socket
 * held a shutdown until the headers timeout (about 75 s). Requests in flight still finish; their connections end
 * when their answer has gone (the server is closing, so no next request is taken on them).
 */
export const installQuietConnectionsClose = (fastify: FastifyInstance): void => {
  const quiet = new Set<Socket>();
  let closing = false;
  fastify.server.on('connection', (socket: Socket) => {
    quiet.add(socket);
    socket.once('close', () => quiet.delete(socket));
  });
  fastify.server.on('request', (request, response) => {
    const socket: Socket = request.socket;
    quiet.delete(socket);
    response.once('close', () => {
      if (socket.destroyed) return;
      if (closing) socket.end();
      else quiet.add(socket);
    });
  });
  fastify.addHook('preClose', (done) => {
    closing = true;
    for (const socket of quiet) socket.destroy();
    quiet.clear();
    done();
  });
};
