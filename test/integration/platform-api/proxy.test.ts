/**
 * Behind a proxy: with HTTP_PROXY set (web mode's environment, read by proxyFromEnvironment), the
 * app's main-process requests go through the proxy's CONNECT tunnels: sign-in's code exchange and
 * an upload's chunk PUTs reach the (built-in) sandbox only through a CONNECT proxy this test runs,
 * which counts what it carried. Were the proxy bypassed, it would carry nothing and the test fails.
 */
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useProxy } from '../../../platform-api/agents.js';
import { DIRECT, proxyFromEnvironment } from '../../../platform-api/proxy.js';
import { startAppHarness } from '../../support/app-harness.js';
import { startConnectProxy } from '../../support/connect-proxy.js';
import { writeMp4File } from '../../support/media.js';
import { waitFor } from '../../support/wait-for.js';

const work = await mkdtemp(join(tmpdir(), 'dd-proxy-'));
afterAll(async () => {
  useProxy(DIRECT);
  await rm(work, { recursive: true, force: true });
});

describe('behind an HTTP proxy (HTTP_PROXY)', () => {
  it('signs in and uploads through the proxy', { timeout: 120_000 }, async () => {
    const proxy = await startConnectProxy();
    useProxy(proxyFromEnvironment({ HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url }));
    const app = await startAppHarness();
    try {
      const sandbox = new URL(await app.sandboxUrl());
      const carried = () => proxy.tunnels.reduce((sum, tunnel) => sum + tunnel.up, 0);
      await app.signIn('sbx-user-ava');
      expect(proxy.tunnels.filter((tunnel) => tunnel.target === `${sandbox.hostname}:${sandbox.port}`).length, 'the code exchange went through the proxy').toBeGreaterThan(0);
      const afterSignIn = carried();

      const source = join(work, 'clip.mp4');
      const size = 3 * 1024 * 1024 + 5;
      await writeMp4File(source, size, 7);
      const { fileId } = await app.app.incoming.receive(createReadStream(source));
      const [draft] = await app.call('drafts.add', { openId: 'sbx-user-ava', files: [{ source: { kind: 'incoming', fileId }, name: 'clip.mp4', mimeType: 'video/mp4', durationMs: null }] });
      const done = await waitFor('the draft in the inbox', async () => (await app.call('drafts.list')).find((d) => d.id === draft!.id && (d.state === 'inbox' || d.state === 'failed')));
      expect(done.state).toBe('inbox');
      // Every byte of the video crossed the proxy on its way to the platform's upload host.
      expect(carried() - afterSignIn, JSON.stringify(proxy.tunnels)).toBeGreaterThan(size);
    } finally {
      await app.close();
      useProxy(DIRECT);
      proxy.server.closeAllConnections();
      await new Promise((resolve) => proxy.server.close(resolve));
    }
  });
});
