import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { extract as tarExtract } from 'tar-stream';

/** Why an archive is refused (a clear line for the operator; nothing was written). */
export class ArchiveRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArchiveRefusedError';
  }
}

/** Reads every entry of a gzipped tar in order; `onEntry` consumes each entry's stream before the next is read. */
export const readArchive = async (file: string, onEntry: (name: string, size: number, content: Readable) => Promise<void>): Promise<void> => {
  const extract = tarExtract();
  const read = pipeline(createReadStream(file), createGunzip(), extract);
  try {
    for await (const entry of extract) {
      await onEntry(entry.header.name, entry.header.size ?? 0, entry as unknown as Readable);
      entry.resume();
    }
    await read;
  } catch (error) {
    extract.destroy();
    await read.catch(() => undefined);
    if (error instanceof ArchiveRefusedError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new ArchiveRefusedError(`${file} is not a whole marketplace archive (${reason}).`);
  }
};

export const bufferOf = async (content: Readable): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of content) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};
