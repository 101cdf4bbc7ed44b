import { Injectable } from '@nestjs/common';
import type { ApiRequest } from './api-request';
import { buildEnvelope, commandEnvelope, LoadContext, RelationshipRegistry } from './envelope';
import type { Resource } from './resource';
import { notFound } from '../shared/api-error';

/** How controllers answer: they hand over resources, never format envelopes themselves. */
@Injectable()
export class Responder {
  constructor(readonly relationships: RelationshipRegistry) {}

  /** A single-resource read: 404 when it does not exist. */
  one(api: ApiRequest, resource: Resource | null, what = 'resource', meta: Record<string, unknown> = {}) {
    if (!resource) throw notFound(`No such ${what}.`);
    return buildEnvelope(resource, loadContextOf(api), this.relationships, meta);
  }

  /** A query: the page of resources with pagination meta. */
  many(api: ApiRequest, resources: Resource[], meta: Record<string, unknown>) {
    return buildEnvelope(resources, loadContextOf(api), this.relationships, meta);
  }

  /** A command's answer: the reference, or the whole resource with `expand=true`. */
  command(api: ApiRequest, resource: Resource) {
    return commandEnvelope(resource, loadContextOf(api), this.relationships);
  }
}

const loadContextOf = (api: ApiRequest): LoadContext => ({ auth: api.auth, params: api.common, baseUrl: api.baseUrl });
