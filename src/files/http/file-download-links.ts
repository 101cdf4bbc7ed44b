import { Inject, Injectable } from '@nestjs/common';
import type { ApiRequest } from '../../http/api-request';
import { Responder } from '../../http/responder';
import { MarketplaceDirectory } from '../../marketplaces/marketplace-directory';
import { notFound } from '../../shared/api-error';
import { CLOCK, type Clock } from '../../shared/clock';
import { IDS, type IdGenerator } from '../../shared/ids';
import type { StoredFile } from '../domain/file.views';
import { assertFileTransfersEnabled } from '../domain/file-access';
import { FileDirectory } from '../file-directory';

/**
 * The answer of every download endpoint (`own_file_downloads/create`, `file_downloads/create` of both APIs), once
 * the endpoint has found the file the caller may download: 404 when there is none, 403 when the marketplace
 * disables file transfers, 409 file-not-available before verification; else the link resource, always whole.
 */
@Injectable()
export class FileDownloadLinks {
  constructor(
    private readonly files: FileDirectory,
    private readonly marketplaces: MarketplaceDirectory,
    private readonly respond: Responder,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(IDS) private readonly ids: IdGenerator,
  ) {}

  async answer(api: ApiRequest, file: StoredFile | null, type: 'fileDownload' | 'ownFileDownload') {
    if (!file) throw notFound('No such file.');
    assertFileTransfersEnabled((await this.marketplaces.state(api.auth.marketplaceId)).settings);
    const { url, expiresAt } = this.files.downloadUrl(api.auth.marketplaceId, file, api.baseUrl, this.clock.now());
    return this.respond.one(api, { id: this.ids.next(), type, attributes: { url, expiresAt } });
  }
}
