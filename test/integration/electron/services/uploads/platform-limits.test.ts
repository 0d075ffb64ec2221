import { afterEach, describe, expect, it } from 'vitest';
import { createReadStream, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '../../../../../common/log.js';
import { parseSandboxConfig, startSandbox, type SandboxHandle } from '../../../../../sandbox/index.js';
import { startAppHarness, type AppHarness } from '../../../../support/app-harness.js';
import { attachedSandboxLauncher, builtinPlatform } from '../../../../support/builtin-platform.js';
import { writeMp4File } from '../../../../support/media.js';
import type { DraftView } from '../../../../../electron/core/contract/index.js';
import { english } from '../../../../support/words.js';

let harness: AppHarness | null = null;
const silent = createLogger({ name: 'test-sandbox', level: 'silent' });
afterEach(async () => {
  await harness?.close();
  harness = null;
});

/**
 * The app on a sandbox with these limits. App and platform share the sandbox's virtual clock, as
 * they share real time in production, so moving it moves both.
 */
async function appWithLimits(limits: Record<string, number>) {
  // The sandbox runs in the test's process, so a test can stop it and start it again on the same
  // ports (the network dropping); the app borrows it as its built-in platform.
  const platformDir = mkdtempSync(join(tmpdir(), 'dd-limits-sandbox-'));
  const platform: SandboxHandle = await startSandbox({ dataDir: platformDir, config: parseSandboxConfig({ limits, processing: { seconds_per_gb: 0.1 } }) });
  harness = await startAppHarness({
    host: {
      clock: platform.clock,
      builtinPlatform: builtinPlatform({ launch: attachedSandboxLauncher(platform, { closeWithApp: true }) }),
    },
  });
  await harness.signIn('sbx-user-ava');
  const h = harness;
  const sandbox = await h.sandboxUrl();
  const advance = async (seconds: number) => {
    const response = await fetch(`${sandbox}/sandbox/clock/advance`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ seconds }) });
    expect(response.status).toBe(200);
  };
  return { h, clock: { advance }, platform: () => platform, platformDir };
}

async function addVideos(h: AppHarness, count: number): Promise<DraftView[]> {
  const files = [];
  for (let i = 0; i < count; i++) {
    const path = join(h.dataDir, `short-${i}.mp4`);
    await writeMp4File(path, 1024 * 1024 + i, i + 1);
    const { fileId } = await h.app.incoming.receive(createReadStream(path));
    files.push({ source: { kind: 'incoming' as const, fileId }, name: `short-${i}.mp4`, mimeType: 'video/mp4' as const, durationMs: null });
  }
  return h.call('drafts.add', { openId: 'sbx-user-ava', files });
}

async function until(h: AppHarness, what: string, done: (drafts: DraftView[]) => boolean, timeoutMs = 60_000): Promise<DraftView[]> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const drafts = await h.call('drafts.list');
    if (done(drafts)) return drafts;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}: ${JSON.stringify((await h.call('drafts.list')).map((d) => [d.state, d.reason]))}`);
}

const count = (drafts: DraftView[], state: string) => drafts.filter((d) => d.state === state).length;

/** The scheduler re-evaluates on any change; a settings change after moving the clock wakes it now. */
async function nudge(h: AppHarness): Promise<void> {
  const { uploads } = await h.call('settings.get');
  await h.call('settings.set', { uploads: { concurrency: uploads.concurrency === 2 ? 3 : 2 } });
}

describe('platform limits', () => {
  it('holds drafts as "waiting: inbox full" at the pending-share limit, and sends them once drafts are posted', { timeout: 120_000 }, async () => {
    const { h, clock } = await appWithLimits({ pending_shares_per_24h: 3 });
    await addVideos(h, 5);
    const held = await until(h, '3 in inbox and 2 waiting', (d) => count(d, 'inbox') === 3 && count(d, 'waiting') === 2);
    expect(count(held, 'failed')).toBe(0);
    for (const draft of held.filter((d) => d.state === 'waiting')) expect(english(draft.reason)).toMatch(/^Inbox full/);

    // The creator posts two drafts from the inbox on the platform.
    const sandbox = await h.sandboxUrl();
    for (const draft of held.filter((d) => d.state === 'inbox').slice(0, 2)) {
      expect((await fetch(`${sandbox}/sandbox/publishes/${draft.publishId}/post`, { method: 'POST' })).status).toBe(200);
    }
    await clock.advance(61);
    await nudge(h);
    const after = await until(h, 'all delivered', (d) => count(d, 'inbox') + count(d, 'posted') === 5);
    expect(count(after, 'posted')).toBe(2);
  });

  it('holds drafts as "waiting: rate limit" instead of failing, and sends them when the minute has passed', { timeout: 120_000 }, async () => {
    const { h, clock } = await appWithLimits({ init_per_minute: 2, pending_shares_per_24h: 50 });
    await addVideos(h, 4);
    const held = await until(h, '2 in inbox and 2 waiting', (d) => count(d, 'inbox') === 2 && count(d, 'waiting') === 2);
    for (const draft of held.filter((d) => d.state === 'waiting')) expect(english(draft.reason)).toMatch(/^Rate limit: waiting/);
    await clock.advance(61);
    await nudge(h);
    await until(h, 'all in the inbox', (d) => count(d, 'inbox') === 4);
    // Kept inside the limit on our side: the platform never had to refuse an init.
    const publishes = (await (await fetch(`${await h.sandboxUrl()}/sandbox/publishes`)).json()) as { data: { publishes: unknown[] } };
    expect(publishes.data.publishes).toHaveLength(4);
  });

  it('starts a fresh publish when the upload link expires mid-upload, and says so', { timeout: 120_000 }, async () => {
    const { h, clock } = await appWithLimits({});
    const sandbox = await h.sandboxUrl();
    // Slow chunks so the hour can pass between two of them.
    await fetch(`${sandbox}/sandbox/chaos`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify([{ route: 'PUT /upload/', probability: 1, latency_ms: 300 }]) });
    const path = join(h.dataDir, 'long.mp4');
    await writeMp4File(path, 100 * 1024 * 1024 + 5, 3);
    const { fileId } = await h.app.incoming.receive(createReadStream(path));
    const [draft] = await h.call('drafts.add', { openId: 'sbx-user-ava', files: [{ source: { kind: 'incoming', fileId }, name: 'long.mp4', mimeType: 'video/mp4', durationMs: null }] });
    const first = await until(h, 'the first chunk acknowledged', (d) => (d[0]?.nextChunk ?? 0) >= 1);
    await clock.advance(2 * 3600);
    const expiredNotice = await h.waitForEvent('drafts.updated', (d) => d.id === draft!.id && (english(d.reason) ?? '').includes('upload link expired'));
    expect(expiredNotice.publishId).not.toBe(first[0]!.publishId);
    await fetch(`${sandbox}/sandbox/chaos`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: '[]' });
    const done = await until(h, 'the draft in the inbox', (d) => d[0]?.state === 'inbox');
    expect(done[0]!.publishId).toBe(expiredNotice.publishId);
    const old = (await (await fetch(`${sandbox}/sandbox/publishes/${first[0]!.publishId}`)).json()) as { data: { status: string } };
    expect(old.data.status).not.toBe('SEND_TO_USER_INBOX');
  });

  it('starts a fresh publish when the upload host no longer knows the publish (404), and says so', { timeout: 120_000 }, async () => {
    // One init a minute, so the fresh publish waits for the window and the test can heal the host first.
    const { h, clock } = await appWithLimits({ init_per_minute: 1 });
    const sandbox = await h.sandboxUrl();
    await fetch(`${sandbox}/sandbox/chaos`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify([{ route: 'PUT /upload/', probability: 1, status: 404 }]) });
    const [draft] = await addVideos(h, 1);
    const refused = await until(h, 'the draft waiting for a fresh publish (or failed)', (d) => d[0]!.publishId !== null && (d[0]!.state === 'waiting' || d[0]!.state === 'failed'));
    expect(refused[0]).toMatchObject({ state: 'waiting', failCode: null });
    const forgotten = refused[0]!.publishId;
    // The host heals; its answers are slow, so the queue's words while the fresh publish uploads reach the
    // windows before the next change replaces them (progress is coalesced per draft).
    await fetch(`${sandbox}/sandbox/chaos`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify([{ route: 'PUT /upload/', probability: 1, latency_ms: 2000 }]) });
    const notice = h.waitForEvent('drafts.updated', (d) => d.id === draft!.id && d.publishId !== forgotten && (english(d.reason) ?? '').includes('no longer had this upload'));
    await clock.advance(61);
    await nudge(h);
    const fresh = await notice;
    const done = await until(h, 'the draft in the inbox', (d) => d[0]?.state === 'inbox' || d[0]?.state === 'failed');
    expect(done[0]).toMatchObject({ state: 'inbox', publishId: fresh.publishId });
  });

  it('gives up on a host that keeps answering 404, after the limit on fresh publishes', { timeout: 120_000 }, async () => {
    const { h } = await appWithLimits({ init_per_minute: 20 });
    const sandbox = await h.sandboxUrl();
    await fetch(`${sandbox}/sandbox/chaos`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify([{ route: 'PUT /upload/', probability: 1, status: 404 }]) });
    await addVideos(h, 1);
    const failed = await until(h, 'the draft failed', (d) => d[0]?.state === 'failed');
    expect(failed[0]).toMatchObject({ failCode: 'upload_rejected' });
    // The first publish and two fresh ones, no more: each would count against the inbox.
    const publishes = (await (await fetch(`${sandbox}/sandbox/publishes`)).json()) as { data: { publishes: unknown[] } };
    expect(publishes.data.publishes).toHaveLength(3);
  });

  it('waits while the platform is unreachable and continues by itself when it is back', { timeout: 120_000 }, async () => {
    const { h, platform, platformDir } = await appWithLimits({});
    const before = platform();
    const ports = { port: Number(new URL(before.baseUrl).port), uploadPort: Number(new URL(before.uploadBaseUrl).port) };
    await fetch(`${before.baseUrl}/sandbox/chaos`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify([{ route: 'PUT /upload/', probability: 1, latency_ms: 300 }]) });
    const path = join(h.dataDir, 'trip.mp4');
    await writeMp4File(path, 100 * 1024 * 1024 + 9, 4);
    const { fileId } = await h.app.incoming.receive(createReadStream(path));
    await h.call('drafts.add', { openId: 'sbx-user-ava', files: [{ source: { kind: 'incoming', fileId }, name: 'trip.mp4', mimeType: 'video/mp4', durationMs: null }] });
    await until(h, 'the first chunk acknowledged', (d) => (d[0]?.nextChunk ?? 0) >= 1);

    // The platform goes away (the network drops), then comes back at the same address with its state.
    await before.close();
    const offline = await until(h, 'the draft waiting offline', (d) => d[0]?.state === 'waiting' && /Offline|connection/i.test(english(d[0]?.reason) ?? ''));
    expect(offline[0]!.state).toBe('waiting');
    const after = await startSandbox({ ...ports, dataDir: platformDir, config: before.config, logger: silent });
    try {
      const done = await until(h, 'the draft in the inbox', (d) => d[0]?.state === 'inbox' || d[0]?.state === 'failed');
      expect(done[0]!.state).toBe('inbox');
      expect(done[0]!.publishId).toBe(offline[0]!.publishId);
    } finally {
      await after.close();
    }
  });
});
