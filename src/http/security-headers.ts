import type { FastifyInstance } from 'fastify';

/**
 * Headers every answer carries, whatever route or plugin sends it (the data APIs, the emulator's page and script,
 * file and asset downloads): browsers never sniff a type other than the one sent (a user's upload served as
 * text/plain never runs as HTML or script), and no page of this origin may be framed (clickjacking of the
 * emulator's onboarding page). Harmless on JSON and Transit, so set everywhere rather than on a list that could miss
 * a route; a route that sets its own value keeps it.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'content-security-policy': "frame-ancestors 'none'",
};

export const installSecurityHeaders = (fastify: FastifyInstance): void => {
  fastify.addHook('onSend', (_request, reply, payload, done) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) if (!reply.hasHeader(name)) void reply.header(name, value);
    done(null, payload);
  });
};
