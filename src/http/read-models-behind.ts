import type { FastifyInstance } from 'fastify';
import { withReadModelsBehindListener } from '../event-sourcing/read-model-visibility';

/** Response header of a command answered before the read models show it: `<sequenceId>; applied=<position>`. */
export const READ_MODELS_BEHIND_HEADER = 'x-read-models-behind';

/**
 * A command whose events are stored answers even when the read models lag (docs/invariants.md, invariant 1, cannot hold while
 * a projection is slow or failing, and failing a change that is made would invite a duplicate). This hook lets
 * such an answer say so: the command's sequenceId and what the read models have applied, so a client knows the
 * next read may not show it yet.
 */
export const installReadModelsBehindHeader = (fastify: FastifyInstance): void => {
  // preValidation, not onRequest: body parsing runs on the socket's events and would leave the context behind.
  fastify.addHook('preValidation', (_request, reply, done) => {
    withReadModelsBehindListener((behind) => {
      if (!reply.sent) void reply.header(READ_MODELS_BEHIND_HEADER, `${behind.position}; applied=${behind.applied}`);
    }, done);
  });
};
