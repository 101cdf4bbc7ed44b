// PLACEHOLDER until files-core merges
import { Module } from '@nestjs/common';
import { FileDirectory } from './file-directory';

@Module({ providers: [FileDirectory], exports: [FileDirectory] })
export class FilesModule {}
