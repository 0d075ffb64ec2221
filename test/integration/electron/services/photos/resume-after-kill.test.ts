/**
 * Photo posts survive a kill -9 of the app (web mode, the built-in sandbox embedded in it): killed
 * while its photos are being hosted, the post continues on restart without hosting again a photo
 * the journal had as hosted; killed after op 7 answered, it continues the same publish, with no
 * second one. The sandbox's publishes and its media host's record of every PUT say so.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DraftView } from '../../../../../electron/core/contract/index.js';
import { Journal } from '../../../../../electron/services/uploads/journal.js';
import { fixturePath, fixturePhotos } from '../../../../support/photos.js';
import { startWebApp, type RunningWebApp } from '../../../../support/web-app.js';
import { webClient } from '../../../../support/web-client.js';
import { waitFor } from '../../../../support/wait-for.js';

const PHOTOS = fixturePhotos.slice(0, 12).map((photo) => photo.name);
let running: RunningWebApp | null = null;
let work: string | null = null;

afterEach(async () => {
  await running?.stop();
  running = null;
  if (work) rmSync(work, { recursive: true, force: true });
  work = null;
});

interface HostedRecord {
  files: { name: string }[];
  puts: { name: string; sha256: string }[];
}
interface PublishView {
  publish_id: string;
  open_id: string;
  status: string;
  photo: { images: { url: string; sha256: string }[] };
}


const sandboxJson = async <T>(sandbox: string, path: string, init?: RequestInit): Promise<T> => ((await (await fetch(`${sandbox}${path}`, init)).json()) as { data: T }).data;
const chaos = (sandbox: string, rules: unknown[]) => fetch(`${sandbox}/sandbox/chaos`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(rules) });

/** Web mode with Ava signed in and one post of PHOTOS prepared and sent; the chaos rule slows the phase the kill must land in. */
async function postWhileSlowed(rule: { route: string; latency_ms: number }): Promise<{ dataDir: string; sandbox: string; draft: DraftView }> {
  work = mkdtempSync(join(tmpdir(), 'dd-photo-kill-'));
  const dataDir = join(work, 'data');
  running = await startWebApp({ dataDir });
  const client = webClient(running);
  await client.signIn('sbx-user-ava');
  const sandbox = await client.sandboxUrl();
  const files = [];
  for (const name of PHOTOS) files.push({ source: { kind: 'incoming' as const, fileId: await client.sendFile(fixturePath(name)) }, name });
  const prepared = await client.call('photos.prepare', { files });
  await chaos(sandbox, [{ ...rule, probability: 1 }]);
  const [draft] = await client.call('photos.post', { openIds: ['sbx-user-ava'], posts: [{ title: 'Survives a crash', description: '', coverIndex: 0, images: prepared.map((p) => ({ kind: 'prepared' as const, imageId: p.imageId! })) }] });
  return { dataDir, sandbox, draft: draft! };
}

/** Kills the app, reads what its journal held for the draft, starts it again on the same data dir and lifts the chaos. */
async function killAndRestart(dataDir: string, sandbox: string, id: string) {
  running!.kill9();
  await running!.exited;
  const journaled = new Journal<{ id: string; publishId: string | null; photo: { images: { name: string; url: string | null }[] } }>({ file: join(dataDir, 'drafts.json'), parse: (raw) => raw as never }).get(id)!;
  running = await startWebApp({ dataDir });
  const client = webClient(running);
  // The built-in platform starts again after the ready line, on the ports it had.
  expect(await client.sandboxUrl()).toBe(sandbox);
  await chaos(sandbox, []);
  return { journaled, client };
}

async function inInbox(client: ReturnType<typeof webClient>, id: string): Promise<DraftView> {
  return waitFor('the post in the inbox', async () => {
    const current = (await client.call('drafts.list')).find((d) => d.id === id);
    if (current?.state === 'failed') throw new Error(`failed: ${current.reason}`);
    return current?.state === 'inbox' ? current : undefined;
  });
}

describe('photo posts after a kill -9', () => {
  it('killed while hosting: continues without hosting again a photo the journal had as hosted, and posts once', { timeout: 240_000 }, async () => {
    const { dataDir, sandbox, draft } = await postWhileSlowed({ route: 'PUT /sandbox/media/hosted/', latency_ms: 400 });
    const client = webClient(running!);
    const midway = await waitFor('some photos hosted', async () => {
      const current = (await client.call('drafts.list')).find((d) => d.id === draft.id);
      const hosted = current?.photo?.images.filter((image) => image.url).length ?? 0;
      return hosted >= 3 && hosted < PHOTOS.length ? current : undefined;
    });
    expect(midway.publishId).toBeNull();
    // Under way while its photos are hosted: a kill now is a crash it resumes after, and says so.
    expect(midway.state).toBe('uploading');

    const { journaled, client: after } = await killAndRestart(dataDir, sandbox, draft.id);
    const hostedBefore = journaled.photo.images.filter((image) => image.url).map((image) => image.name);
    expect(hostedBefore.length).toBeGreaterThanOrEqual(3);
    expect(hostedBefore.length).toBeLessThan(PHOTOS.length);
    expect(journaled.publishId).toBeNull();

    const done = await inInbox(after, draft.id);
    expect(done.resumedAfterCrash).toBe(true);
    const publishes = (await sandboxJson<{ publishes: PublishView[] }>(sandbox, '/sandbox/publishes?open_id=sbx-user-ava')).publishes;
    expect(publishes.map((p) => p.publish_id)).toEqual([done.publishId]);
    const { puts } = await sandboxJson<HostedRecord>(sandbox, '/sandbox/media/hosted/');
    const names = journaled.photo.images.map((image) => image.name);
    const count = (name: string) => puts.filter((put) => put.name === name).length;
    // Each photo the journal had as hosted went to the host once; only the one whose answer the kill cut off may have gone twice.
    for (const name of hostedBefore) expect(count(name), name).toBe(1);
    for (const name of names) expect(count(name), name).toBeGreaterThanOrEqual(1);
    expect(puts.length - names.length).toBeLessThanOrEqual(1);
    // The platform pulled exactly what was hosted, in the post's order.
    const lastPut = new Map(puts.map((put) => [put.name, put.sha256]));
    expect(publishes[0]!.photo.images.map((image) => image.sha256)).toEqual(names.map((name) => lastPut.get(name)));
  });

  it('killed after the platform started the post: continues the same publish and never starts a second one', { timeout: 240_000 }, async () => {
    // The platform's download of the hosted photos is slowed, so the kill lands while it processes.
    const { dataDir, sandbox, draft } = await postWhileSlowed({ route: 'GET /sandbox/media/hosted/', latency_ms: 500 });
    const client = webClient(running!);
    const opened = await waitFor('the post started on the platform', async () => {
      const current = (await client.call('drafts.list')).find((d) => d.id === draft.id);
      return current?.publishId ? current : undefined;
    });

    const { journaled, client: after } = await killAndRestart(dataDir, sandbox, draft.id);
    expect(journaled.publishId).toBe(opened.publishId);

    const done = await inInbox(after, draft.id);
    expect(done.publishId).toBe(opened.publishId);
    const publishes = (await sandboxJson<{ publishes: PublishView[] }>(sandbox, '/sandbox/publishes?open_id=sbx-user-ava')).publishes;
    expect(publishes.map((p) => p.publish_id)).toEqual([opened.publishId]);
    expect(publishes[0]!.status).toBe('SEND_TO_USER_INBOX');
    const { puts, files } = await waitFor('the hosted photos removed', async () => {
      const record = await sandboxJson<HostedRecord>(sandbox, '/sandbox/media/hosted/');
      return record.files.length === 0 ? record : undefined;
    });
    expect(files).toEqual([]);
    // Every photo was hosted exactly once: nothing was hosted again after the restart.
    expect(puts.map((put) => put.name).sort()).toEqual(journaled.photo.images.map((image) => image.name).sort());
  });
});
