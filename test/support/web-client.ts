/**
 * Drives a running web-mode Draftdeck through its local automation API, as a script would:
 * calls with the session token, files streamed to /api/files, sign-in by playing the browser.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { request } from 'node:http';
import { basename } from 'node:path';
import { videoTypeOf } from '../../common/video-files.js';
import type { ChannelInput, ChannelName, ChannelOutput } from '../../electron/core/contract/index.js';
import { approveConsent } from './consent-browser.js';
import type { RunningWebApp } from './web-app.js';
import { waitForSandboxUrl } from './builtin-platform.js';

export function webClient(app: Pick<RunningWebApp, 'origin' | 'token'>) {
  async function call<C extends ChannelName>(channel: C, input?: ChannelInput<C>): Promise<ChannelOutput<C>> {
    const response = await fetch(`${app.origin}/api/call/${channel}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${app.token}`, ...(input === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: input === undefined ? undefined : JSON.stringify(input),
    });
    const result = (await response.json()) as { ok: boolean; value?: unknown; error?: { code: string; message: string } };
    if (!result.ok) throw Object.assign(new Error(`${channel}: ${result.error!.code}: ${result.error!.message}`), { code: result.error!.code });
    return result.value as ChannelOutput<C>;
  }

  /** Streams a file from disk to the host (never in memory), as a browser does with a dropped File. */
  async function sendFile(path: string): Promise<string> {
    const size = (await stat(path)).size;
    return new Promise((resolve, reject) => {
      const req = request(`${app.origin}/api/files`, { method: 'POST', headers: { Authorization: `Bearer ${app.token}`, 'Content-Type': 'application/octet-stream', 'Content-Length': size } }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => {
          const result = JSON.parse(text) as { ok: boolean; value?: { fileId: string }; error?: { message: string } };
          if (result.ok) resolve(result.value!.fileId);
          else reject(new Error(result.error!.message));
        });
      });
      req.on('error', reject);
      createReadStream(path).pipe(req);
    });
  }

  async function addVideos(openId: string, paths: string[]) {
    const files = [];
    for (const path of paths) files.push({ source: { kind: 'incoming' as const, fileId: await sendFile(path) }, name: basename(path), mimeType: videoTypeOf(path) ?? 'video/mp4', durationMs: null });
    return call('drafts.add', { openId, files });
  }

  async function signIn(openId: string): Promise<void> {
    const started = await call('accounts.signIn.start');
    await approveConsent(started.authorizeUrl, openId);
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      if ((await call('accounts.list')).some((account) => account.openId === openId)) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`${openId} did not appear in accounts.list`);
  }

  /** The built-in sandbox's address, once it runs: it starts in the background, after the ready line. */
  const sandboxUrl = () => waitForSandboxUrl(() => call('app.info'));

  return { call, sendFile, addVideos, signIn, sandboxUrl };
}
