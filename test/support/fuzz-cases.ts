/**
 * A bounded, seeded set of malformed requests to every route of the web host and of the sandbox
 * (API server and upload host). Each route has a proper request (the right Host, token, content
 * type), and a case changes it so it must be refused: either a mutation any route must refuse
 * (wrong Host, method, broken percent-encoding, abusive headers, broken framing, bytes that are
 * not HTTP, a body cut short) or one of the route's own (a missing or wrong token, a body its
 * schema refuses, an unknown id, a Content-Range that breaks the plan). The same seed gives the
 * same requests, so a finding can be replayed.
 */
import { httpBytes } from './raw-exchange.js';
import { routeSpecs } from './fuzz-routes.js';
import { randomTools, type FuzzTargets, type Headers, type Proper, type Random, type RouteSpec, type Target } from './fuzz-spec.js';

export { NOT_HOSTED_TYPES, utcDay } from './fuzz-routes.js';
export type { FuzzTargets, Target } from './fuzz-spec.js';

export interface FuzzCase {
  target: Target;
  /** The route aimed at, as `METHOD /pattern` (the sandbox's router spelling; web channels by name). */
  route: string;
  mutation: string;
  bytes: Buffer;
  halfClose: boolean;
  /** Static GETs may serve the app shell for any path; they must only never serve a file outside the renderer. */
  mayAccept: boolean;
}

// Each stays malformed whatever path character follows it (a truncated '%A' followed by 'a' would be a valid escape).
const BAD_ESCAPES = ['%', '%z', '%zz', '%E0%A4', '%C0%AF', '%ff', '%00', '%%', '%u0041'];
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'CONNECT', 'PROPFIND', 'GETT'];

export function generateCases(targets: FuzzTargets, count: number, seed: number): FuzzCase[] {
  const r = randomTools(seed);
  const specs = routeSpecs(targets);
  // A wrong method must be wrong for every route on that path (GET and PUT /sandbox/chaos are two routes).
  const methodsOn = new Map<string, string[]>();
  for (const spec of specs) methodsOn.set(patternOf(spec), [...(methodsOn.get(patternOf(spec)) ?? []), spec.route.split(' ')[0]!, 'HEAD']);
  const cases: FuzzCase[] = [];
  for (let i = 0; cases.length < count; i++) {
    // Every route in turn, so a short run still reaches each one.
    const spec = specs[i % specs.length]!;
    const generic = r.next() < 0.5 || spec.own.length === 0;
    const port = targets[spec.target].port;
    if (generic) {
      const made = genericMutation(r, spec, port, methodsOn.get(patternOf(spec))!);
      cases.push({ target: spec.target, route: spec.route, mayAccept: spec.mayAccept === true && made.keepsRoute, ...made });
    } else {
      const made = r.pick(spec.own)(r);
      cases.push({ target: spec.target, route: spec.route, mutation: made.mutation, bytes: toBytes(made.request, port), halfClose: made.halfClose ?? false, mayAccept: spec.mayAccept === true });
    }
  }
  return cases;
}

/** The routes the cases cover, as `METHOD /pattern`, per target (for the coverage check). */
export function coveredRoutes(targets: FuzzTargets): Record<Target, string[]> {
  const covered: Record<Target, string[]> = { web: [], api: [], upload: [] };
  for (const spec of routeSpecs(targets)) covered[spec.target].push(spec.route);
  return covered;
}

function toBytes(request: Proper, port: number, extra: Headers = []): Buffer {
  const headers: Headers = [['Host', `127.0.0.1:${port}`], ...request.headers, ...extra, ['Connection', 'close']];
  if (request.body !== undefined && !headers.some(([name]) => name.toLowerCase() === 'content-length')) headers.push(['Content-Length', String(request.body.length)]);
  return httpBytes(request.method, request.path, headers, request.body);
}

/** Mutations any route must refuse. `keepsRoute`: the request still names the route's path with a proper method. */
const patternOf = (spec: RouteSpec) => `${spec.target} ${spec.route.slice(spec.route.indexOf(' ') + 1)}`;

function genericMutation(r: Random, spec: RouteSpec, port: number, allowedMethods: string[]): { mutation: string; bytes: Buffer; halfClose: boolean; keepsRoute: boolean } {
  const proper = spec.proper;
  const withHeaders = (headers: Headers, body = proper.body) => httpBytes(proper.method, proper.path, [...headers, ['Connection', 'close'], ...(body ? ([['Content-Length', String(body.length)]] as Headers) : [])], body);
  const host: [string, string] = ['Host', `127.0.0.1:${port}`];
  // A body cut short only where the route reads one (a GET handler rightly never looks).
  const kinds = ['host', 'method', 'percent', 'headers', 'framing', 'not_http', ...(proper.body ? ['cut_short'] : []), ...(spec.target === 'web' ? ['origin', 'two_hosts'] : [])];
  const kind = r.pick(kinds);
  switch (kind) {
    case 'host':
      return { mutation: 'wrong Host', bytes: withHeaders([...(r.next() < 0.3 ? [] : [['Host', r.pick(['evil.example', `127.0.0.1:${port + 1}`, '127.0.0.1', `localhost.evil.example:${port}`, `[::1]:${port}`, ''])] as [string, string]]), ...proper.headers]), halfClose: false, keepsRoute: false };
    case 'two_hosts':
      return { mutation: 'two Host headers', bytes: withHeaders([host, ['Host', r.pick([`localhost:${port}`, 'evil.example', `127.0.0.1:${port}`])], ...proper.headers]), halfClose: false, keepsRoute: false };
    case 'origin':
      return { mutation: 'foreign Origin', bytes: withHeaders([host, ['Origin', r.pick(['https://evil.example', 'null', `http://127.0.0.1:${port + 1}`, `http://localhost.evil.example:${port}`])], ...proper.headers]), halfClose: false, keepsRoute: false };
    case 'method': {
      const method = r.pick(METHODS.filter((m) => !allowedMethods.includes(m)));
      return { mutation: `method ${method}`, bytes: toBytes({ ...proper, method }, port), halfClose: false, keepsRoute: false };
    }
    case 'percent': {
      const [path, query = ''] = proper.path.split('?');
      const at = 1 + r.int(path!.length);
      const broken = `${path!.slice(0, at)}${r.pick(BAD_ESCAPES)}${path!.slice(at)}${query ? `?${query}` : ''}`;
      return { mutation: 'malformed percent-encoding', bytes: toBytes({ ...proper, path: broken }, port), halfClose: false, keepsRoute: true };
    }
    case 'headers': {
      const abuse = r.pick<Headers>([
        [['X-Long', 'a'.repeat(20_000)]],
        [['X-Bad', 'a\u0001b']],
        [['Bad Name', 'x']],
        [['X-Bad', 'a\u007fb']],
      ]);
      return { mutation: 'abusive headers', bytes: toBytes(proper, port, abuse), halfClose: false, keepsRoute: false };
    }
    case 'framing': {
      const body = proper.body ?? Buffer.from('{}');
      const framing = r.pick<Headers>([
        [['Content-Length', String(body.length)], ['Transfer-Encoding', 'chunked']],
        [['Content-Length', String(body.length)], ['Content-Length', String(body.length + 1)]],
        [['Content-Length', r.pick(['-1', 'abc', '1e3', '0x10', ' ', '99999999999999999999'])]],
        [['Transfer-Encoding', r.pick(['chunked, identity', 'gzip', 'chunked\u0001'])]],
      ]);
      return { mutation: 'broken body framing', bytes: httpBytes(proper.method, proper.path, [host, ...proper.headers.filter(([name]) => name.toLowerCase() !== 'content-length'), ['Connection', 'close'], ...framing], body), halfClose: false, keepsRoute: false };
    }
    case 'not_http': {
      const bytes = r.pick([Buffer.from(Array.from({ length: 1 + r.int(200) }, () => r.int(256))), Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n'), Buffer.from(`${proper.method} ${proper.path}\r\n\r\n`), Buffer.from(`${proper.method} ${proper.path} HTTP/9.9\r\n\r\n`)]);
      return { mutation: 'not HTTP', bytes, halfClose: true, keepsRoute: false };
    }
    default: {
      // A body announced longer than what arrives before the client stops sending.
      const body = proper.body ?? Buffer.from('{"x":1}');
      const declared = body.length + 1 + r.int(1000);
      return { mutation: 'body cut short', bytes: httpBytes(proper.method, proper.path, [host, ...proper.headers.filter(([name]) => name.toLowerCase() !== 'content-length'), ['Connection', 'close'], ['Content-Length', String(declared)]], body), halfClose: true, keepsRoute: false };
    }
  }
}
