import Fastify from 'fastify';
import { readFileSync } from 'node:fs';
import type { BaselineRoute } from './kit/servers';

/**
 * The baseline: bare Fastify with only the routes a section asks for, each answering a fixed body. It runs in its
 * own process, like our server, so a ratio compares the two under the same load generator. Same keep-alive and
 * body limit as our server; no logger, no framework, no validation, no store.
 */
const routes = JSON.parse(readFileSync(process.env.BASELINE_ROUTES_FILE!, 'utf8')) as BaselineRoute[];
const app = Fastify({ logger: false, keepAliveTimeout: 75_000, bodyLimit: 10 * 1024 * 1024 });
// Our server accepts Transit bodies; the baseline only reads them as text.
app.addContentTypeParser('application/transit+json', { parseAs: 'string' }, (_req, body, done) => done(null, body));

for (const route of routes) {
  const contentType = route.contentType ?? 'application/transit+json;charset=UTF-8';
  app.route({
    method: route.method,
    url: route.path,
    handler: async (_request, reply) => reply.header('content-type', contentType).send(route.body),
  });
}

const stop = () => void app.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);

app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' }).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
