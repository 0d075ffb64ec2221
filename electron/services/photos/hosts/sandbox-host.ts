/**
 * The built-in sandbox profile's photo host: the sandbox's media host (PUT
 * /sandbox/media/hosted/{name}, sandbox/README.md "Media host"), which stands in for the partner's
 * own file server under a prefix verified for the sandbox app. Called with the account's access
 * token, on the platform that issued it; retried like every photo host (retry.ts).
 */
import { readFile } from 'node:fs/promises';
import type { Logger } from '../../../../common/log.js';
import { joinUrl, type HttpSend } from '../../../../platform-api/http.js';
import { parseShapeB } from '../../../../platform-api/errors.js';
import { err, ok, type Result } from '../../../core/result.js';
import type { TokenSource } from '../../uploads/ports.js';
import { z } from 'zod';
import { hostError, type HostedFile, type HostError, type MediaHost } from './media-host.js';
import { realSleep, sendWithRetries } from './retry.js';

const Hosted = z.object({ url: z.string().url(), bytes: z.number().int().nonnegative() });
const Removed = z.object({ removed: z.boolean() });

export interface SandboxHostOptions {
  tokens: TokenSource;
  send: HttpSend;
  log?: Logger;
  sleep?: (ms: number) => Promise<void>;
}

export function sandboxHost(options: SandboxHostOptions): MediaHost {
  const sleep = options.sleep ?? realSleep;
  const path = (name: string) => `/sandbox/media/hosted/${encodeURIComponent(name)}`;

  return {
    async put(request): Promise<Result<HostedFile, HostError>> {
      const body = await readFile(request.path).then((b) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength) as Uint8Array<ArrayBuffer>, () => undefined);
      if (!body) return err(hostError('file_unreadable', 'file_unreadable'));
      const answer = await options.tokens.withAccessToken(request.openId, (token, baseUrl) =>
        sendWithRetries(() => options.send({ method: 'PUT', url: joinUrl(baseUrl, path(request.name)), headers: { authorization: `Bearer ${token}`, 'content-type': request.contentType }, body, signal: request.signal, logAs: 'sandbox media put' }), { what: 'sandbox media put', log: options.log, sleep }),
      );
      if (!answer.ok) return err(sandboxError(answer.error.message, answer.error.httpStatus));
      const parsed = parseShapeB(answer.value, Hosted);
      return parsed.ok ? ok(parsed.value) : err(sandboxError(parsed.error.message, parsed.error.httpStatus));
    },
    async remove(openId, name) {
      const answer = await options.tokens.withAccessToken(openId, (token, baseUrl) =>
        sendWithRetries(() => options.send({ method: 'DELETE', url: joinUrl(baseUrl, path(name)), headers: { authorization: `Bearer ${token}` }, logAs: 'sandbox media delete' }), { what: 'sandbox media delete', log: options.log, sleep }),
      );
      if (!answer.ok) return err(sandboxError(answer.error.message, answer.error.httpStatus));
      const parsed = parseShapeB(answer.value, Removed);
      return parsed.ok ? ok(undefined) : err(sandboxError(parsed.error.message, parsed.error.httpStatus));
    },
  };
}

/** The sandbox's answer, in words; what it said goes to `detail`. */
function sandboxError(message: string, status: number | null): HostError {
  if (status === null || status >= 500 || status === 429) return hostError('host_unreachable', 'sandbox_unreachable', {}, message);
  return hostError('host_refused', 'sandbox_refused', {}, message);
}
