import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { answer, describedRoute, ERROR_ANSWERS, serviceOperation } from '../../http/openapi/describe.decorator';
import { CommandBus } from '@nestjs/cqrs';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BLOBS, type BlobStore } from '../../blobs/blob-store.port';
import { CONFIG, type Config } from '../../config';
import { CommandRunner } from '../../event-sourcing/command-runner';
import { marketplaceStream } from '../../marketplaces/marketplace-streams';
import { apiError, conflict } from '../../shared/api-error';
import { CLOCK, type Clock } from '../../shared/clock';
import type { CommandContext } from '../../shared/command-context';
import { ReceiveUploadCommand } from '../commands/receive-upload.handler';
import { assertFileTransfersEnabled } from '../domain/file-access';
import { mimeEssence } from '../domain/file-rules';
import { fileStream } from '../file-streams';
import { storagePaths, StorageTokens } from '../storage-tokens';

/**
 * CORS of the storage routes: the browser PUTs the file from the marketplace's own origin, with the Content-Type
 * it was told to send, and downloads may be fetched by script. No credentials (the token is in the URL).
 */
export const STORAGE_CORS = {
  origin: '*',
  methods: ['GET', 'PUT', 'HEAD'],
  // No allowedHeaders: the headers a preflight asks for are allowed (reflected).
  exposedHeaders: ['Content-Disposition', 'Content-Length', 'Content-Type'],
  credentials: false,
  maxAge: 86_400,
};

type TokenRequest = FastifyRequest<{ Params: { token: string } }>;

/** RFC 6266 / 8187: `filename*` with the UTF-8 name, percent-encoded (quotes and the like too). */
const contentDisposition = (name: string): string =>
  `attachment; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;

/**
 * The storage behind the signed links of `file_uploads/create` and `*_file_downloads/create`: what S3 presigned
 * URLs are on the platform. `PUT …/upload/<token>` takes the raw bytes (any Content-Type, with or without a
 * Content-Length, never through a body parser or the 10 MB body limit: streamed to the blob store);
 * `GET …/download/<token>` streams them back as an attachment. No bearer token: the signed token is the grant.
 *
 * Registered on Fastify, in a plugin of their own whose one content-type parser leaves the body unread, so the
 * handler streams it; errors reach the ApiErrorFilter as for any route (the JSON error envelope).
 */
@Injectable()
export class FileStorageRoutes implements OnModuleInit {
  private readonly tokens: StorageTokens;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly commands: CommandBus,
    private readonly runner: CommandRunner,
    @Inject(BLOBS) private readonly blobs: BlobStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(CONFIG) config: Config,
  ) {
    this.tokens = new StorageTokens(config.tokenSecret);
  }

  onModuleInit(): void {
    // The operator CLI runs the same modules without an HTTP server.
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify) return;
    void fastify.register(async (storage) => {
      storage.removeAllContentTypeParsers();
      storage.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
      storage.put(storagePaths.upload(':token'), describedRoute(serviceOperation('Service', "File storage: PUT a file's bytes to its signed upload link", { '200': { description: 'Stored' }, ...ERROR_ANSWERS }, { requestBody: { content: { '*/*': { schema: { type: 'string', contentEncoding: 'binary' } } } } })), (request: TokenRequest, reply) => this.upload(request, reply));
      storage.get(storagePaths.download(':token'), describedRoute(serviceOperation('Service', 'File storage: a file by its signed download link', { '200': answer('The file', 'application/octet-stream'), ...ERROR_ANSWERS })), (request: TokenRequest, reply) => this.download(request, reply));
    });
  }

  private async upload(request: TokenRequest, reply: FastifyReply): Promise<FastifyReply> {
    try {
      const grant = this.tokens.verify(request.params.token, 'upload', this.clock.now());
      const length = request.headers['content-length'];
      const contentLength = length === undefined ? null : Number(length);
      const ctx: CommandContext = {
        marketplaceId: grant.marketplaceId,
        clientId: null,
        userId: null,
        adminId: null,
        requestId: request.id,
        source: 'source/marketplace-api',
        now: this.clock.now(),
      };
      await this.commands.execute(new ReceiveUploadCommand(ctx, grant.fileId, grant.uploadId, request.raw, contentLength));
      return reply.status(200).header('content-length', 0).send();
    } catch (error) {
      // A refused upload may still be arriving: answer, then close rather than read the rest.
      if (!request.raw.complete) void reply.header('connection', 'close');
      throw error;
    }
  }

  private async download(request: TokenRequest, reply: FastifyReply): Promise<FastifyReply> {
    const grant = this.tokens.verify(request.params.token, 'download', this.clock.now());
    const [file, marketplace] = await Promise.all([
      this.runner.state(fileStream(grant.marketplaceId, grant.fileId)),
      this.runner.state(marketplaceStream(grant.marketplaceId)),
    ]);
    assertFileTransfersEnabled(marketplace.settings);
    if (!file.file || file.state !== 'available' || !file.blobKey) throw conflict('file-not-available', 'The file cannot be downloaded.');
    const { name, mimeType } = file.file;
    void reply
      // A type stored before creation refused what a header cannot hold is sent as bytes, not as a 500.
      .header('content-type', mimeEssence(mimeType) === null ? 'application/octet-stream' : mimeType)
      .header('content-disposition', contentDisposition(name))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store');
    if (this.blobs.getStream) {
      const opened = await this.blobs.getStream(file.blobKey);
      if (!opened) throw apiError(500, 'internal-server-error', 'The file\'s bytes are missing.');
      return reply.header('content-length', opened.size).send(opened.stream);
    }
    const blob = await this.blobs.get(file.blobKey);
    if (!blob) throw apiError(500, 'internal-server-error', 'The file\'s bytes are missing.');
    return reply.header('content-length', blob.data.length).send(blob.data);
  }
}
