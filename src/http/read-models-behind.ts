import type { FastifyReply } from 'fastify';
import { listenForReadModelsBehind } from '../event-sourcing/read-model-visibility';

/** Response header of a command answered before the read models show it: `<sequenceId>; applied=<position>`. */
export const READ_MODELS_BEHIND_HEADER = 'x-read-models-behind';

/**
 * A command whose events are stored answers even when the read models lag (docs/invariants.md, invariant 1, cannot hold while
 * a projection is slow or failing, and failing a change that is made would invite a duplicate). The reply of a
 * data-API command listens for that under its request id, so the answer can say so: the command's sequenceId and
 * what the read models have applied, and a client knows the next read may not show it yet.
 */
export const tellReadModelsBehind = (requestId: string, reply: FastifyReply): void => {
  const stop = listenForReadModelsBehind(requestId, (behind) => {
    if (!reply.sent) void reply.header(READ_MODELS_BEHIND_HEADER, `${behind.position}; applied=${behind.applied}`);
  });
  reply.raw.once('close', stop);
};
