// PLACEHOLDER until files-core merges
import { Injectable } from '@nestjs/common';
import type { Resource } from '../shared/resource';
import type { StoredFile } from './domain/file.views';

@Injectable()
export class FileDirectory {
  async find(_marketplaceId: string, _fileId: string): Promise<StoredFile | null> {
    return null;
  }

  async findMany(_marketplaceId: string, _fileIds: string[]): Promise<Map<string, StoredFile>> {
    return new Map();
  }

  resource(file: StoredFile, type: 'file' | 'ownFile'): Resource {
    const { name, mimeType, size, state, createdAt, deleted } = file;
    return { id: file.fileId, type, attributes: { name, mimeType, size, state, createdAt, deleted } };
  }

  downloadUrl(_marketplaceId: string, _file: StoredFile, baseUrl: string, now: Date): { url: string; expiresAt: Date } {
    return { url: baseUrl, expiresAt: now };
  }

  get defaultBaseUrl(): string {
    return '';
  }
}
