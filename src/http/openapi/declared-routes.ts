import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import type { ModulesContainer } from '@nestjs/core';
import { ENDPOINT, type EndpointSpec } from '../endpoint.decorators';
import { DESCRIBED, type Operation } from './describe.decorator';

/** A route of a Nest controller with what declares it: a data-API endpoint's spec or a hand-written operation. */
export interface DeclaredRoute {
  method: string;
  path: string;
  spec?: EndpointSpec;
  operation?: Operation;
  /** `Controller.handler`, for messages. */
  handler: string;
  /** The controller's class and instance and the handler's method name (src/http/direct-routes.ts calls it). */
  controller: { type: new (...args: never[]) => unknown; instance: unknown; method: string };
}

const trim = (p: unknown) => String(p ?? '').replace(/^\/|\/$/g, '');

/** Every route of every controller of the application, read from Nest's metadata (one entry per path of a handler). */
export const declaredRoutes = (modules: ModulesContainer): DeclaredRoute[] => {
  const found: DeclaredRoute[] = [];
  for (const module of modules.values()) {
    for (const wrapper of module.controllers.values()) {
      const type = wrapper.metatype as (new (...args: never[]) => unknown) | null;
      if (!type) continue;
      const bases = [Reflect.getMetadata(PATH_METADATA, type) as string | string[]].flat();
      for (const name of Object.getOwnPropertyNames(type.prototype)) {
        const handler = type.prototype[name];
        if (name === 'constructor' || typeof handler !== 'function' || Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
        const spec = Reflect.getMetadata(ENDPOINT, handler) as EndpointSpec | undefined;
        const operation = Reflect.getMetadata(DESCRIBED, handler) as Operation | undefined;
        for (const base of bases)
          for (const p of [Reflect.getMetadata(PATH_METADATA, handler) as string | string[]].flat())
            found.push({ method, spec, operation, handler: `${type.name}.${name}`, controller: { type, instance: wrapper.instance, method: name }, path: `/${[trim(base), trim(p)].filter(Boolean).join('/')}` });
      }
    }
  }
  return found;
};
