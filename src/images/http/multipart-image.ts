import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { apiError, ApiError, missingKey } from '../../shared/api-error';

/** The platform's upload limit (the template tells users "Max. 20 MB"). */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
/** Room for the multipart framing and small text parts around the file. */
const FRAMING_ALLOWANCE = 256 * 1024;

const overLimit = () => apiError(413, 'request-upload-over-limit', `The image is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`);

/**
 * Reads the bytes of the `image` part of a multipart/form-data request. Both SDKs' bodies are accepted: any
 * boundary, with or without Content-Length, and a part with or without a filename (the Integration SDK
 * appends a Buffer without one). The part's own Content-Type is ignored; the content is sniffed later. Other
 * parts are read and dropped; the first `image` part counts.
 */
export const readImagePart = async (request: FastifyRequest): Promise<Buffer> => {
  if (!request.isMultipart())
    throw apiError(415, 'unsupported-content-type', 'images/upload takes multipart/form-data with the file in the "image" part.');
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > MAX_IMAGE_BYTES + FRAMING_ALLOWANCE) throw overLimit();
  let image: Buffer | null = null;
  try {
    const parts = request.parts({
      limits: { fileSize: MAX_IMAGE_BYTES, files: 10, fields: 50, parts: 60 },
      throwFileSizeLimit: false,
      // Busboy takes a part without a filename for a text field, unless typed application/octet-stream.
      isPartAFile: (field: string | undefined, contentType: string | undefined, filename: string | undefined) =>
        field === 'image' || filename !== undefined || contentType === 'application/octet-stream',
    } as Parameters<FastifyRequest['parts']>[0]);
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      if (part.fieldname === 'image' && image === null) {
        image = await readAll(part.file);
        if (part.file.truncated) throw overLimit();
      } else {
        await readAll(part.file);
      }
    }
  } catch (error) {
    throw asApiError(error);
  }
  if (image === null) throw missingKey(['image'], 'body', 'The multipart body has no "image" part.');
  return image;
};

const readAll = async (stream: Readable): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** Malformed multipart bodies and busboy's part limits are the client's fault: 4xx, never 500. */
const asApiError = (error: unknown): unknown => {
  if (error instanceof ApiError) return error;
  const e = error as { code?: string; statusCode?: number; message?: string };
  if (e.code === 'FST_REQ_FILE_TOO_LARGE') return overLimit();
  if (e.code?.startsWith('FST_') && (e.statusCode ?? 500) < 500)
    return apiError(400, 'bad-request', `The multipart body is not valid: ${e.message}.`);
  if (/multipart|boundary|part terminated|unexpected end/i.test(e.message ?? ''))
    return apiError(400, 'bad-request', `The multipart body is not valid: ${e.message}.`);
  return error;
};
