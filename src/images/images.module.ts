import { Module } from '@nestjs/common';
import { ImageDirectory } from './image-directory';

/** The images context: uploads, the image read model, variants and their URLs. */
@Module({
  providers: [ImageDirectory],
  exports: [ImageDirectory],
})
export class ImagesModule {}
