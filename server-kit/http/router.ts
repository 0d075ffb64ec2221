/**
 * The route table. Modules contribute routes (method, path pattern, handler, the error shape of
 * their answers); the server finds one per request. Paths are matched exactly, trailing slash
 * included, because the platform's paths end in `/` and a client that drops it should find out
 * here rather than in production. `:name` segments capture one URL-decoded path segment.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '../../common/log.js';
import type { ErrorShape } from './errors.js';
import type { HandlerResult } from './reply.js';

export interface RequestContext {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  params: Record<string, string>;
  logId: string;
  log: Logger;
}

export type Handler = (rc: RequestContext) => Promise<HandlerResult> | HandlerResult;

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  handler: Handler;
  /** Shape of failures the server produces for this route (unexpected errors, chaos). Default B. */
  errorShape?: ErrorShape;
}

interface CompiledRoute extends Route {
  pattern: RegExp;
  names: string[];
}

export type RouteMatch =
  | { kind: 'found'; route: Route; params: Record<string, string> }
  | { kind: 'wrong_method'; allowed: string[] }
  | { kind: 'not_found' };

export class Router {
  private readonly routes: CompiledRoute[] = [];

  add(...routes: Route[]): this {
    for (const route of routes) {
      const names: string[] = [];
      const source = route.path
        .split('/')
        .map((segment) => {
          if (segment.startsWith(':')) {
            names.push(segment.slice(1));
            return '([^/]+)';
          }
          return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        })
        .join('/');
      if (this.routes.some((r) => r.method === route.method && r.path === route.path)) throw new Error(`duplicate route ${route.method} ${route.path}`);
      this.routes.push({ ...route, pattern: new RegExp(`^${source}$`), names });
    }
    return this;
  }

  match(method: string, pathname: string): RouteMatch {
    const allowed: string[] = [];
    for (const route of this.routes) {
      const m = route.pattern.exec(pathname);
      if (!m) continue;
      if (route.method !== method) {
        allowed.push(route.method);
        continue;
      }
      const params: Record<string, string> = {};
      let decodable = true;
      route.names.forEach((name, i) => {
        try {
          params[name] = decodeURIComponent(m[i + 1]!);
        } catch {
          decodable = false;
        }
      });
      if (!decodable) return { kind: 'not_found' };
      return { kind: 'found', route, params };
    }
    return allowed.length > 0 ? { kind: 'wrong_method', allowed } : { kind: 'not_found' };
  }

  /** Every route, for the console and tests. */
  list(): Array<Pick<Route, 'method' | 'path'>> {
    return this.routes.map(({ method, path }) => ({ method, path }));
  }
}
