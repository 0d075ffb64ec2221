/** The built-in profile's photo host: the sandbox's media host, with retries through its chaos rules. */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../../../../../platform-api/http.js';
import { sandboxHost } from '../../../../../../electron/services/photos/hosts/sandbox-host.js';
import { hostedName, hostedNameKey } from '../../../../../../electron/services/photos/photo-service.js';
import type { TokenSource } from '../../../../../../electron/services/uploads/ports.js';
import { fixturePath, fixturePhotos } from '../../../../../support/photos.js';
import { memoryLogger } from '../../../../../support/silent-log.js';
import { extras, signIn, startTestSandbox, type Sandbox, type TokenSet } from '../../../../../support/sandbox-client.js';

let sandbox: Sandbox;
let tokens: TokenSet;
beforeAll(async () => {
  sandbox = await startTestSandbox();
  tokens = await signIn(sandbox);
});
afterAll(() => sandbox.close());

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
/** The account's token as the app's token manager would hand it over, for the platform that issued it. */
const tokenSource = (): TokenSource => ({ withAccessToken: (_openId, fn) => fn(tokens.access_token, sandbox.baseUrl) });
const photo = fixturePhotos.find((p) => p.format === 'jpeg')!;

describe('sandbox photo host', () => {
  it('hosts a photo under the verified prefix and removes it', async () => {
    const host = sandboxHost({ tokens: tokenSource(), send: createHttpClient() });
    const put = await host.put({ openId: tokens.open_id, name: 'd1-0.jpg', path: fixturePath(photo.name), contentType: 'image/jpeg' });
    if (!put.ok) throw new Error(put.error.message);
    expect(put.value.url.startsWith(sandbox.config.apps[0]!.verified_url_prefixes[0]!)).toBe(true);
    expect(sha256(new Uint8Array(await (await fetch(put.value.url)).arrayBuffer()))).toBe(sha256(readFileSync(fixturePath(photo.name))));
    expect((await host.remove(tokens.open_id, 'd1-0.jpg')).ok).toBe(true);
    expect((await fetch(put.value.url)).status).toBe(404);
  });

  it('retries a media host that fails every other time (503, seeded), and hosts the file whole', async () => {
    await extras(sandbox, '/sandbox/chaos?seed=7', 'PUT', [{ route: 'PUT /sandbox/media/hosted/', probability: 0.5, status: 503 }]);
    try {
      const { log, lines } = memoryLogger();
      const host = sandboxHost({ tokens: tokenSource(), send: createHttpClient({ log }), log, sleep: async () => undefined });
      for (let i = 0; i < 4; i++) {
        const put = await host.put({ openId: tokens.open_id, name: `flaky-${i}.jpg`, path: fixturePath(photo.name), contentType: 'image/jpeg' });
        expect(put.ok).toBe(true);
      }
      expect(lines.filter((l) => l.includes('photo host retry')).length).toBeGreaterThan(0);
    } finally {
      await extras(sandbox, '/sandbox/chaos', 'PUT', []);
    }
  });

  it('accepts every name the app hosts a draft’s photos under, whatever its random key starts with (a base64url key starting with - or _ was refused: one post in 32 failed)', async () => {
    const host = sandboxHost({ tokens: tokenSource(), send: createHttpClient() });
    const refused: string[] = [];
    // The first character of a key comes from the top bits of its first random byte: try each.
    for (let first = 0; first < 256; first += 4) {
      const name = hostedName(hostedNameKey(Buffer.from([first, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff])), 0, 'jpg');
      const put = await host.put({ openId: tokens.open_id, name, path: fixturePath(photo.name), contentType: 'image/jpeg' });
      if (!put.ok) refused.push(`${name}: ${put.error.message}`);
      else await host.remove(tokens.open_id, name);
    }
    expect(refused).toEqual([]);
  });

  it('says the host refused when the account token is not valid, in one attempt (a refusal is final, not retried)', async () => {
    const client = createHttpClient();
    let sent = 0;
    const host = sandboxHost({ tokens: { withAccessToken: (_openId, fn) => fn('act.not-a-token', sandbox.baseUrl) }, send: (request) => (sent++, client(request)) });
    const put = await host.put({ openId: 'x', name: 'n.jpg', path: fixturePath(photo.name), contentType: 'image/jpeg' });
    expect(put).toMatchObject({ ok: false, error: { code: 'host_refused' } });
    expect(sent).toBe(1);
  });
});
