/**
 * A queue of many drafts for the list benchmarks, through the app's own front doors: an account
 * signed in over HTTP (consent played by test/support/consent-browser.ts), one small real clip
 * streamed to the web host over and over (POST /api/files) and added 500 per drafts.add call.
 */
import { readFileSync } from 'node:fs';
import { approveConsent } from '../../support/consent-browser.js';
import type { RunningWebApp } from '../../support/web-app.js';
import { callApp, type Result } from './app-call.js';

const BATCH = 500;
const UPLOAD_PARALLEL = 16;

async function sendBytes(app: RunningWebApp, bytes: Blob): Promise<string> {
  const response = await fetch(`${app.origin}/api/files`, { method: 'POST', headers: { Authorization: `Bearer ${app.token}`, 'Content-Type': 'application/octet-stream' }, body: bytes });
  const result = (await response.json()) as Result<{ fileId: string }>;
  if (!result.ok) throw new Error(`/api/files: ${result.error.code} ${result.error.message}`);
  return result.value.fileId;
}

export async function signIn(app: RunningWebApp, openId: string): Promise<void> {
  const { authorizeUrl } = await callApp<{ authorizeUrl: string }>(app, 'accounts.signIn.start');
  const { callbackStatus } = await approveConsent(authorizeUrl, openId);
  if (callbackStatus !== 200) throw new Error(`sign-in callback answered ${callbackStatus}`);
  for (let tries = 0; tries < 100; tries++) {
    const accounts = await callApp<{ openId: string }[]>(app, 'accounts.list');
    if (accounts.some((account) => account.openId === openId)) return;
    await sleep(100);
  }
  throw new Error('the account did not appear after sign-in');
}

/** Streams the clip at `clipPath` `count` times (several at once), then adds them as drafts of `openId`, 500 per call. */
export async function fillQueue(app: RunningWebApp, openId: string, clipPath: string, count: number): Promise<void> {
  const clip = new Blob([readFileSync(clipPath)]);
  let next = 0;
  const fileIds: string[] = [];
  await Promise.all(
    Array.from({ length: UPLOAD_PARALLEL }, async () => {
      while (next < count) {
        next++;
        fileIds.push(await sendBytes(app, clip));
      }
    }),
  );
  for (let start = 0; start < fileIds.length; start += BATCH) {
    const files = fileIds.slice(start, start + BATCH).map((fileId, offset) => ({
      source: { kind: 'incoming', fileId },
      name: `clip ${String(start + offset + 1).padStart(5, '0')}.mp4`,
      mimeType: 'video/mp4',
      durationMs: 1000,
    }));
    // One clip's bytes 10,000 times: queued on purpose, past the duplicate rule.
    await callApp(app, 'drafts.add', { openId, files, duplicates: 'allow' });
  }
}

/** Waits until no draft is queued, uploading or processing for a moment (the queue has settled); answers the drafts per state. */
export async function waitUntilSettled(app: RunningWebApp, timeoutMs = 60_000): Promise<Record<string, number>> {
  const deadline = Date.now() + timeoutMs;
  let counts: Record<string, number> = {};
  while (Date.now() < deadline) {
    const drafts = await callApp<{ state: string }[]>(app, 'drafts.list');
    counts = {};
    for (const draft of drafts) counts[draft.state] = (counts[draft.state] ?? 0) + 1;
    if (!counts.queued && !counts.uploading && !counts.processing) return counts;
    await sleep(500);
  }
  process.stderr.write(`queue fill: the queue had not settled after ${timeoutMs / 1000} s (${JSON.stringify(counts)}); measuring anyway\n`);
  return counts;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms));
}
