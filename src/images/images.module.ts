import { Module } from '@nestjs/common';
import { UploadImageHandler } from './commands/upload-image.handler';
import { ImageUploads } from './http/image-uploads';
import { ImageVariantsController } from './http/image-variants.controller';
import { ImagesIntegrationController } from './http/images.integration.controller';
import { ImagesMarketplaceController } from './http/images.marketplace.controller';
import { ImageDirectory } from './image-directory';
import { ImageVariants } from './image-variants.service';
import { ImagesRelationships } from './http/images.relationships';

/** The images context: uploads, the image read model, variants and their signed URLs, users' profile images. */
@Module({
  controllers: [ImagesMarketplaceController, ImagesIntegrationController, ImageVariantsController],
  providers: [ImageDirectory, ImageUploads, ImageVariants, ImagesRelationships, UploadImageHandler],
  exports: [ImageDirectory],
})
export class ImagesModule {}
