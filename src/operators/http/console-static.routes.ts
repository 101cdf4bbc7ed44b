import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { packageRoot } from '../../http/package-root';
import { answer, describedRoute, ERROR_ANSWERS, serviceOperation } from '../../http/openapi/describe.decorator';
import { CONFIG, type Config } from '../../config';
import { apiError, notFound } from '../../shared/api-error';

/**
 * The console's page and its bundle, as `npm run build` leaves them in dist/console (Vite, console/vite.config.mts).
 * Found from the package root, so the same code serves them when run from src (tests) or dist (npm start).
 */
export const CONSOLE_BUILD_DIR = join(packageRoot(__dirname), 'dist', 'console');

/**
 * Console pages run no inline script and load nothing from elsewhere: scripts only from this origin, calls only to
 * this origin. Styles may be inline because the component library (MUI, through emotion) inserts <style> elements at
 * run time; images may come from https too (listing images on a CDN or S3 bucket).
 */
export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.map': 'application/json',
};

/** Registered on Fastify directly (as the asset delivery routes): plain files, no data-API conventions. */
@Injectable()
export class ConsoleStaticRoutes implements OnModuleInit {
  /** A build's files never change while the process runs: each is read once. */
  private readonly files = new Map<string, Buffer>();
  private readonly root: string;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(CONFIG) config: Config,
  ) {
    this.root = config.consoleDir ?? CONSOLE_BUILD_DIR;
  }

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify) return;
    fastify.get('/console', describedRoute(serviceOperation('Service', 'The operator console (redirects to /console/)', { '302': { description: 'To /console/' } })), (_request, reply) => reply.redirect('/console/', 302));
    fastify.get('/console/*', describedRoute(serviceOperation('Service', "The operator console's page and files", { '200': answer('A file of the console', 'text/html'), ...ERROR_ANSWERS })), (request: FastifyRequest<{ Params: { '*': string } }>, reply) => this.serve(request.params['*'] ?? '', reply));
  }

  private async serve(path: string, reply: FastifyReply): Promise<void> {
    if (!existsSync(join(this.root, 'index.html')))
      throw apiError(503, 'service-unavailable', 'The console is not built: run `npm run build`.');
    const relative = normalize(path.split('?')[0]).replace(/^([/\\])+/, '');
    if (relative.startsWith('..') || relative.includes(`${sep}..`)) throw notFound();
    // Paths without an extension are the single-page app's own routes (/console/users/…): its page answers them.
    const file = extname(relative) ? relative : 'index.html';
    const body = await this.read(file);
    if (!body) throw notFound('No such console file.');
    const immutable = file.startsWith(`assets${sep}`);
    void reply
      .header('content-type', TYPES[extname(file)] ?? 'application/octet-stream')
      .header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
      .header('content-security-policy', CONSOLE_CSP)
      .header('referrer-policy', 'same-origin');
    await reply.send(body);
  }

  private async read(file: string): Promise<Buffer | null> {
    const known = this.files.get(file);
    if (known) return known;
    const body = await readFile(join(this.root, file)).catch(() => null);
    if (body) this.files.set(file, body);
    return body;
  }
}
