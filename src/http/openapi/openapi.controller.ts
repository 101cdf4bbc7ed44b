import { Controller, Get, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { packageRoot } from '../package-root';
import { Describe, type Operation } from './describe.decorator';
import { OpenApiDocuments } from './openapi-documents';

/** `npm run build` copies Scalar's standalone bundle here; from src (tests, dev) it is read from node_modules. */
const BUNDLE_COPY = join(packageRoot(__dirname), 'dist', 'api-reference', 'standalone.js');
const BUNDLE_IN_PACKAGE = join(packageRoot(__dirname), 'node_modules', '@scalar', 'api-reference', 'dist', 'browser', 'standalone.js');
const bundlePath = () => (existsSync(BUNDLE_COPY) ? BUNDLE_COPY : BUNDLE_IN_PACKAGE);

/**
 * The reference page loads only from this origin: its script, the document, no fonts or proxies elsewhere (the CSP
 * enforces it; the configuration turns off what would try: default fonts, the agent chat's registry, the toolbar).
 */
const PAGE_CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";
const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Marketplace server APIs</title></head>
<body>
<script id="api-reference" data-url="/v1/openapi.json" data-configuration='{"withDefaultFonts":false,"hideClientButton":true,"telemetry":false,"agent":{"disabled":true},"showDeveloperTools":"never"}'></script>
<script src="/docs/api/standalone.js"></script>
</body>
</html>
`;

const served = (summary: string, type: string): Operation => ({
  tags: ['Service'],
  summary,
  responses: { '200': { description: summary, content: { [type]: { schema: type.startsWith('application/') ? { type: 'object', additionalProperties: true } : { type: 'string' } } } } },
});

/** The API description (JSON and YAML) and its reference page (Scalar, bundled: no CDN). */
@Controller()
export class OpenApiController {
  private bundle?: Buffer;

  constructor(private readonly documents: OpenApiDocuments) {}

  @Get('v1/openapi.json')
  @Describe(served('This document, OpenAPI 3.1 as JSON', 'application/json'))
  json(@Res() reply: FastifyReply) {
    return reply.header('content-type', 'application/json; charset=utf-8').header('access-control-allow-origin', '*').send(this.documents.get().json);
  }

  @Get('v1/openapi.yaml')
  @Describe(served('This document as YAML', 'application/yaml'))
  yaml(@Res() reply: FastifyReply) {
    return reply.header('content-type', 'application/yaml; charset=utf-8').header('access-control-allow-origin', '*').send(this.documents.yaml());
  }

  @Get('docs/api')
  @Describe(served('The API reference page', 'text/html'))
  page(@Res() reply: FastifyReply) {
    return reply.header('content-type', 'text/html; charset=utf-8').header('content-security-policy', PAGE_CSP).send(PAGE);
  }

  @Get('docs/api/standalone.js')
  @Describe(served("The reference page's script (Scalar)", 'text/javascript'))
  async script(@Res() reply: FastifyReply) {
    this.bundle ??= await readFile(bundlePath());
    return reply.header('content-type', 'text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').send(this.bundle);
  }
}
