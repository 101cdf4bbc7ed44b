import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Readable, Transform } from 'node:stream';
import { assertBlobKey, BlobReadStream, BlobStore, DEFAULT_CONTENT_TYPE, PutBlobOptions, PutStreamOptions, StoredBlob } from './blob-store.port';

export interface S3BlobStoreOptions {
  bucket: string;
  /** An S3-compatible endpoint (MinIO, R2, Ceph...); unset means AWS S3 itself. */
  endpoint: string | null;
  region: string;
  /** Static credentials; unset means the AWS default chain (AWS_* variables, profiles, instance roles). */
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** Path-style addressing (`endpoint/bucket/key`), which most self-hosted S3-compatible stores need. */
  forcePathStyle: boolean;
  /** Prefix of every object key, so several deployments can share a bucket. */
  prefix: string;
}

const isNotFound = (error: unknown): boolean =>
  error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata?.httpStatusCode === 404);

/** Blobs as objects of one S3 bucket. A PUT replaces an object atomically, as the port requires. */
export class S3BlobStore implements BlobStore {
  private readonly client: S3Client;

  constructor(private readonly options: S3BlobStoreOptions) {
    this.client = new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle,
      // Checksums only where S3 requires them: many S3-compatible stores reject the newer default checksum headers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(options.accessKeyId && options.secretAccessKey
        ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
        : {}),
    });
  }

  async put(key: string, data: Buffer, options: PutBlobOptions = {}): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key), Body: data, ContentType: options.contentType ?? DEFAULT_CONTENT_TYPE }),
    );
  }

  /**
   * A streamed PUT needs the length up front (S3 signs it): with `size` the body is streamed as it arrives, and S3
   * refuses a body of another length, so nothing is stored then. Without it the stream is read into memory first.
   */
  async putStream(key: string, stream: Readable, options: PutStreamOptions = {}): Promise<{ size: number }> {
    let size = 0;
    const count = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        done(null, chunk);
      },
    });
    stream.on('error', (error) => count.destroy(error));
    stream.pipe(count);
    let body: Readable | Buffer = count;
    if (options.size === undefined) {
      const chunks: Buffer[] = [];
      for await (const chunk of count) chunks.push(chunk as Buffer);
      body = Buffer.concat(chunks);
    }
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: this.objectKey(key),
        Body: body,
        ContentType: options.contentType ?? DEFAULT_CONTENT_TYPE,
        ...(options.size !== undefined ? { ContentLength: options.size } : {}),
      }),
    );
    return { size };
  }

  async getStream(key: string): Promise<BlobReadStream | null> {
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }));
      return { stream: out.Body as Readable, size: out.ContentLength ?? 0, contentType: out.ContentType ?? DEFAULT_CONTENT_TYPE };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async get(key: string): Promise<StoredBlob | null> {
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }));
      const bytes = await out.Body!.transformToByteArray();
      return { data: Buffer.from(bytes), contentType: out.ContentType ?? DEFAULT_CONTENT_TYPE };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }));
  }

  async close(): Promise<void> {
    this.client.destroy();
  }

  private objectKey(key: string): string {
    assertBlobKey(key);
    return this.options.prefix ? `${this.options.prefix.replace(/\/+$/, '')}/${key}` : key;
  }
}
