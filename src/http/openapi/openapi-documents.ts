import { Injectable } from '@nestjs/common';
import { HttpAdapterHost, ModulesContainer } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../package-root';
import { declaredRoutes } from './declared-routes';
import { OpenApiBuilder, type OpenApiDocument } from './openapi-document';
import { recordRoutes, type RegisteredRoute } from './route-table';

/**
 * The API description of this server, made once on first request from what the application declares: the
 * routes Fastify registered (recorded from the start) and Nest's controller metadata.
 */
@Injectable()
export class OpenApiDocuments {
  /** Every route registered after this provider was made: before Nest's router and every module's own routes. */
  readonly routes: RegisteredRoute[];
  private document?: { json: string; value: OpenApiDocument };
  private yamlText?: string;

  constructor(
    adapterHost: HttpAdapterHost,
    private readonly modules: ModulesContainer,
  ) {
    // The operator CLI runs the same modules without an HTTP server.
    const fastify = adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    this.routes = fastify ? recordRoutes(fastify) : [];
  }

  get(): { json: string; value: OpenApiDocument } {
    if (!this.document) {
      const value = new OpenApiBuilder(packageVersion()).build(declaredRoutes(this.modules), this.routes);
      this.document = { value, json: JSON.stringify(value) };
    }
    return this.document;
  }

  /** The same document as YAML, made on its first request (it costs as much as the rest of the build). */
  yaml(): string {
    // The YAML library is loaded with the first request for it, not by every server start.
    this.yamlText ??= (require('yaml') as typeof import('yaml')).stringify(this.get().value, { aliasDuplicateObjects: false });
    return this.yamlText;
  }
}

const packageVersion = (): string => (JSON.parse(readFileSync(join(packageRoot(__dirname), 'package.json'), 'utf8')) as { version: string }).version;
