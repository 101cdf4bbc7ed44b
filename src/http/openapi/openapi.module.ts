import { Module } from '@nestjs/common';
import { OpenApiController } from './openapi.controller';
import { OpenApiDocuments } from './openapi-documents';

/** The API description, made from every other module's declarations (docs/openapi.md). */
@Module({ controllers: [OpenApiController], providers: [OpenApiDocuments], exports: [OpenApiDocuments] })
export class OpenApiModule {}
