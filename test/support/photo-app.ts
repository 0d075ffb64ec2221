/**
 * The app's services in this process (app-harness.ts) with a sandbox configured for
 * photo tests: generous limits unless a test names its own, fast processing, and the app's clock
 * on the sandbox's virtual clock. Shared by the photo integration tests.
 */
import { createReadStream } from 'node:fs';
import type { DraftView, PreparedImage } from '../../electron/core/contract/index.js';
import { parseSandboxConfig, startSandbox } from '../../sandbox/index.js';
import { startAppHarness, type AppHarness } from './app-harness.js';
import { attachedSandboxLauncher, builtinPlatform } from './builtin-platform.js';
import { fixturePath } from './photos.js';

export type EmbeddedSandbox = Awaited<ReturnType<typeof startSandbox>>;

export const GENEROUS_LIMITS = { init_per_minute: 100, status_per_minute: 1000, pending_shares_per_24h: 100 };

/** A harness with Ava signed in; `sandbox()` is the embedded sandbox's handle once it started. */
export async function startPhotoApp(limits: Record<string, number> = GENEROUS_LIMITS, config: Record<string, unknown> = {}): Promise<{ h: AppHarness; sandbox: () => EmbeddedSandbox }> {
  // The sandbox runs in the test's process so the tests can reach into it; the app borrows it.
  const handle: EmbeddedSandbox = await startSandbox({ config: parseSandboxConfig({ limits, processing: { seconds_per_gb: 0.1 }, ...config }) });
  const h = await startAppHarness({
    host: {
      clock: handle.clock,
      builtinPlatform: builtinPlatform({ launch: attachedSandboxLauncher(handle, { closeWithApp: true }) }),
    },
  });
  await h.signIn('sbx-user-ava');
  return { h, sandbox: () => handle };
}

/** Streams fixture photos to the host and prepares them, as a drop does. */
export async function preparePhotos(h: AppHarness, names: string[], path: (name: string) => string = fixturePath): Promise<PreparedImage[]> {
  const files = [];
  for (const name of names) {
    const { fileId } = await h.app.incoming.receive(createReadStream(path(name)));
    files.push({ source: { kind: 'incoming' as const, fileId }, name });
  }
  return h.call('photos.prepare', { files });
}

/** The queue once `done` holds for it (polled). */
export async function untilDrafts(h: AppHarness, done: (drafts: DraftView[]) => boolean, timeoutMs = 60_000): Promise<DraftView[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const drafts = await h.call('drafts.list');
    if (done(drafts)) return drafts;
    if (Date.now() > deadline) throw new Error(`timed out; drafts: ${JSON.stringify(drafts.map((d) => [d.state, d.reason]))}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A sandbox extra's `data` (GET, or another method with a JSON body). */
export async function sandboxCall<T>(h: AppHarness, path: string, method = 'GET', body?: unknown): Promise<T> {
  const response = await fetch(`${await h.sandboxUrl()}${path}`, { method, headers: body === undefined ? {} : { 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  return ((await response.json()) as { data: T }).data;
}

/** One post of the prepared photos to Ava. */
export const postOf = (prepared: PreparedImage[], title = '') => ({ title, description: '', coverIndex: 0, images: prepared.map((p) => ({ kind: 'prepared' as const, imageId: p.imageId! })) });
