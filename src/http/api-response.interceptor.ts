import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { map, Observable } from 'rxjs';
import { ENDPOINT } from './endpoint.decorators';
import { encodeBody, JSON_CONTENT_TYPE, responseFormatOf, TRANSIT_CONTENT_TYPE } from './wire-format';

/** Encodes what data-API controllers return in the format the client asked for (Transit by default for SDKs). */
@Injectable()
export class ApiResponseInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (!this.reflector.get(ENDPOINT, context.getHandler())) return next.handle();
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const format = responseFormatOf(request);
    return next.handle().pipe(
      map((body) => {
        void reply.header('content-type', format === 'json' ? JSON_CONTENT_TYPE : TRANSIT_CONTENT_TYPE);
        return encodeBody(body, format);
      }),
    );
  }
}
