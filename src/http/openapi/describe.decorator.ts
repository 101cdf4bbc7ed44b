import { SetMetadata } from '@nestjs/common';
import type { JsonSchema } from '../validation';

export const DESCRIBED = 'openapi-operation';

/**
 * An OpenAPI operation object written by hand, for the routes that are not data-API endpoints and so have no
 * declared parameter classes (the Authentication API's forms, health, the console's session, the payment
 * emulator). Nest routes carry it with @Describe; raw Fastify routes in their route `config.openapi`.
 */
export interface Operation extends JsonSchema {
  tags: [string];
  summary: string;
  responses: Record<string, JsonSchema>;
}

export const Describe = (operation: Operation) => SetMetadata(DESCRIBED, operation);

/** The route option that carries a raw Fastify route's description (see route-table.ts). */
export const describedRoute = (operation: Operation) => ({ config: { openapi: operation } });

/** A response of one media type. */
export const answer = (description: string, type: string, schema: JsonSchema = type.includes('json') ? { type: 'object', additionalProperties: true } : { type: 'string' }) => ({
  description,
  content: { [type]: { schema } },
});

/** The error envelope, for the routes outside the data APIs that answer errors in it too. */
export const ERROR_ANSWERS = { '4XX': { $ref: '#/components/responses/Error' }, '5XX': { $ref: '#/components/responses/Error' } };

/** A hand-written operation of a service route (its path parameters are added from its path). */
export const serviceOperation = (tag: string, summary: string, responses: Record<string, JsonSchema>, extra: JsonSchema = {}): Operation => ({
  tags: [tag],
  summary,
  responses,
  ...extra,
});
