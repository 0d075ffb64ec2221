/**
 * What the fuzz cases are made of (fuzz-cases.ts makes them, fuzz-routes.ts lists the routes): a
 * route's proper request and its own ways to be wrong, and the seeded values mutations draw from.
 */
import type { z } from 'zod';
import { mulberry32 } from '../../sandbox/chaos.js';

export type Target = 'web' | 'api' | 'upload';

export interface FuzzTargets {
  web: { port: number; token: string; channels: Record<string, { input: z.ZodType }> };
  api: { port: number; userToken: string; clientToken: string; clientKey: string; researchUsername: string };
  upload: { port: number; publishId: string; credential: string; videoSize: number };
}

export type Headers = Array<[string, string]>;
export type Random = ReturnType<typeof randomTools>;

export interface Proper {
  method: string;
  path: string;
  headers: Headers;
  body?: Buffer;
}

export interface RouteSpec {
  target: Target;
  route: string;
  proper: Proper;
  /** The route's own ways to be wrong; each returns a request that must be refused. */
  own: Array<(r: Random) => { mutation: string; request: Proper; halfClose?: boolean }>;
  mayAccept?: boolean;
}

export const GARBAGE = ['', ' ', '{', '{"a":', 'null', '[]', '"text"', '\u0000', 'ÿþ', '{"__proto__":{"x":1}}', '1e999', '{"a":1}garbage', 'a=1&a=2'];
const STRINGS = ['', ' ', 'x'.repeat(5000), '\u0000', '../../etc/passwd', '%zz', '__proto__', 'constructor', '🙂', '<script>', 'sbx-user-ava', 'https://example.com/', 'javascript:alert(1)'];
const KEYS = ['openId', 'files', 'id', 'ids', 'flowId', 'url', 'secret', 'allow', 'profile', 'uploads', 'appearance', 'source', 'kind', 'fileId', 'path', 'name', 'mimeType', 'durationMs', 'concurrency', 'theme', '__proto__', 'constructor'];

export function randomTools(seed: number) {
  const next = mulberry32(seed);
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]!;
  /** A well-formed v4 UUID from the seeded generator (no draft has it). */
  const uuid = () => {
    const hex = Array.from({ length: 32 }, () => int(16).toString(16)).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
  };
  const json = (depth = 0): unknown => {
    switch (int(depth > 2 ? 4 : 7)) {
      case 0: return null;
      case 1: return pick([true, false, 0, -1, 1.5, 1e21, -0, 2 ** 53 + 1]);
      case 2: return pick(STRINGS);
      case 3: return uuid();
      case 4: return Array.from({ length: int(4) }, () => json(depth + 1));
      default: return Object.fromEntries(Array.from({ length: 1 + int(4) }, () => [pick(KEYS), json(depth + 1)]));
    }
  };
  return { next, int, pick, uuid, json };
}
